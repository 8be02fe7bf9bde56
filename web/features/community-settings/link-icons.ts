import {
  IconBook,
  IconBrandYoutube,
  IconCalendar,
  IconHeart,
  IconHelpCircle,
  IconLink,
  IconMail,
  IconMessageCircle,
  IconSchool,
  IconShoppingCart,
  IconStar,
  IconWorld,
} from '@tabler/icons-react';
import type { MenuIcon } from '../../kernel/web-feature';

/**
 * The icons a community link may carry (its `icon` names one; '' = none). A short, recognisable set rather than
 * the whole icon font: the navigation stays calm and every name has a German and an English label.
 */
export const communityLinkIcons: Readonly<Record<string, MenuIcon>> = {
  link: IconLink,
  world: IconWorld,
  book: IconBook,
  school: IconSchool,
  calendar: IconCalendar,
  video: IconBrandYoutube,
  chat: IconMessageCircle,
  help: IconHelpCircle,
  mail: IconMail,
  shop: IconShoppingCart,
  star: IconStar,
  heart: IconHeart,
};

export const communityLinkIconNames = Object.keys(communityLinkIcons);
