import { IconChartBar, IconGif, IconMicrophone, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatMessageContent } from '../../../../../contracts/chat';
import classes from './content-label.module.css';

const icons = { attachment: IconPaperclip, voice: IconMicrophone, gif: IconGif, vote: IconChartBar };

/** What a message without text carries, as the list and a reply's quote name it: an icon and a word. */
export function ContentLabel({ content }: { content: ChatMessageContent | null | undefined }) {
  const { t } = useTranslation();
  const kind = content ?? 'attachment';
  const Icon = icons[kind];
  return (
    <span className={classes.label}>
      <Icon size={14} stroke={1.8} aria-hidden="true" className={classes.icon} />
      {t(`chatAttachments.excerpt.${kind}`)}
    </span>
  );
}
