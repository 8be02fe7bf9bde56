import type { ReactNode } from 'react';
import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconWorldWww,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  privacyFlagKeys,
  socialLinkKeys,
  type PrivacyFlagKey,
  type SocialLinkKey,
} from '../../../contracts/profile';
import { AccountSection } from '../account';
import classes from './app-profile.module.css';

export const switchClassNames = {
  body: classes.switchBody,
  labelWrapper: classes.switchLabel,
  label: classes.switchLabelText,
  description: classes.switchDescription,
};

const socialIcons: Record<SocialLinkKey, ReactNode> = {
  website: <IconWorldWww size={18} stroke={1.6} />,
  facebook: <IconBrandFacebook size={18} stroke={1.6} />,
  instagram: <IconBrandInstagram size={18} stroke={1.6} />,
  linkedin: <IconBrandLinkedin size={18} stroke={1.6} />,
  x: <IconBrandX size={18} stroke={1.6} />,
  youtube: <IconBrandYoutube size={18} stroke={1.6} />,
  tiktok: <IconBrandTiktok size={18} stroke={1.6} />,
};

const socialPlaceholders: Record<SocialLinkKey, string> = {
  website: 'https://beispiel.de',
  facebook: 'https://facebook.com/…',
  instagram: 'https://instagram.com/…',
  linkedin: 'https://linkedin.com/in/…',
  x: 'https://x.com/…',
  youtube: 'https://youtube.com/@…',
  tiktok: 'https://tiktok.com/@…',
};

type SocialLinksSectionProps = {
  values: Record<SocialLinkKey, string>;
  cols: number;
  issueOf: (field: string) => ReactNode;
  onChange: (key: SocialLinkKey, value: string) => void;
};

/** The member's links, each checked with the contract's url rule. */
export function SocialLinksSection({ values, cols, issueOf, onChange }: SocialLinksSectionProps) {
  const { t } = useTranslation();
  return (
    <AccountSection
      title={t('appProfile.social.title')}
      text={t('appProfile.social.text')}
      testId="member-social"
    >
      <SimpleGrid cols={cols} spacing="md">
        {socialLinkKeys.map((key) => (
          <TextInput
            key={key}
            type="url"
            inputMode="url"
            label={t(`appProfile.social.${key}`)}
            placeholder={socialPlaceholders[key]}
            leftSection={socialIcons[key]}
            value={values[key]}
            onChange={(event) => onChange(key, event.currentTarget.value)}
            error={issueOf(`social.${key}`)}
          />
        ))}
      </SimpleGrid>
    </AccountSection>
  );
}

type PrivacySectionProps = {
  values: Record<PrivacyFlagKey, boolean>;
  onChange: (key: PrivacyFlagKey, checked: boolean) => void;
};

/** What other members may see. */
export function PrivacySection({ values, onChange }: PrivacySectionProps) {
  const { t } = useTranslation();
  return (
    <AccountSection
      title={t('appProfile.privacy.title')}
      text={t('appProfile.privacy.text')}
      testId="member-privacy"
    >
      <div className={classes.switchList}>
        {privacyFlagKeys.map((key) => (
          <Switch
            key={key}
            size="md"
            labelPosition="left"
            classNames={switchClassNames}
            label={t(`appProfile.privacy.${key}`)}
            description={t(`appProfile.privacy.${key}Hint`)}
            checked={values[key]}
            onChange={(event) => onChange(key, event.currentTarget.checked)}
          />
        ))}
      </div>
    </AccountSection>
  );
}
