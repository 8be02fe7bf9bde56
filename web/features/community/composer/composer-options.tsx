import { Collapse, Stack, Switch, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { postLimits } from '../../../../contracts/community-posts';
import { switchClassNames } from '../../app-profile';
import type { ComposerField, ComposerValues } from './composer-values';
import { ogImageRatios, PictureField } from '../../community-settings';
import classes from './composer.module.css';

type Set = <K extends keyof ComposerValues>(field: K, value: ComposerValues[K]) => void;

type DisclosureProps = {
  title: string;
  text: string;
  opened: boolean;
  onToggle: () => void;
  testId: string;
  children: React.ReactNode;
};

/** A section that opens and closes: a button with `aria-expanded` naming the region it controls. */
function Disclosure({ title, text, opened, onToggle, testId, children }: DisclosureProps) {
  const id = useId();
  return (
    <div className={classes.disclosure}>
      <UnstyledButton
        className={classes.disclosureButton}
        aria-expanded={opened}
        aria-controls={id}
        onClick={onToggle}
        data-testid={testId}
      >
        <span>
          <Text fw={600} size="sm" component="span" display="block">
            {title}
          </Text>
          <Text size="xs" c="dimmed" component="span" display="block">
            {text}
          </Text>
        </span>
        <IconChevronDown
          size={18}
          stroke={1.7}
          className={classes.disclosureChevron}
          data-opened={opened || undefined}
          aria-hidden="true"
        />
      </UnstyledButton>
      <Collapse expanded={opened}>
        <div id={id} className={classes.disclosureBody} hidden={!opened}>
          {children}
        </div>
      </Collapse>
    </div>
  );
}

type InteractionOptionsProps = { values: ComposerValues; set: Set; opened: boolean; onToggle: () => void };

/** Spec §3 Post: the comment, like and share disable flags. */
export function InteractionOptions({ values, set, opened, onToggle }: InteractionOptionsProps) {
  const { t } = useTranslation();
  const flags = ['isCommentsDisabled', 'isLikesDisabled', 'isShareDisabled'] as const;
  return (
    <Disclosure
      title={t('communityComposer.options.title')}
      text={t('communityComposer.options.text')}
      opened={opened}
      onToggle={onToggle}
      testId="composer-options-toggle"
    >
      <Stack gap="md">
        {flags.map((flag) => (
          <Switch
            key={flag}
            size="md"
            labelPosition="left"
            classNames={switchClassNames}
            label={t(`communityComposer.options.${flag}`)}
            description={t(`communityComposer.options.${flag}Hint`)}
            checked={values[flag]}
            onChange={(event) => set(flag, event.currentTarget.checked)}
            data-testid={`composer-${flag}`}
          />
        ))}
      </Stack>
    </Disclosure>
  );
}

type AdvancedOptionsProps = InteractionOptionsProps & {
  issueOf: (field: ComposerField) => string | null;
};

/** Spec §3 Post: slug, meta and OpenGraph fields, for search engines and link previews. */
export function AdvancedOptions({ values, set, opened, onToggle, issueOf }: AdvancedOptionsProps) {
  const { t } = useTranslation();
  return (
    <Disclosure
      title={t('communityComposer.advanced.title')}
      text={t('communityComposer.advanced.text')}
      opened={opened}
      onToggle={onToggle}
      testId="composer-advanced-toggle"
    >
      <Stack gap="md">
        <TextInput
          label={t('communityComposer.advanced.slug')}
          description={t('communityComposer.advanced.slugHint')}
          value={values.slug}
          onChange={(event) => set('slug', event.currentTarget.value)}
          maxLength={postLimits.slug}
          error={issueOf('slug')}
          data-testid="composer-slug"
        />
        <TextInput
          label={t('communityComposer.advanced.metaTitle')}
          value={values.metaTitle}
          onChange={(event) => set('metaTitle', event.currentTarget.value)}
          maxLength={postLimits.metaTitle}
          error={issueOf('metaTitle')}
          data-testid="composer-meta-title"
        />
        <Textarea
          label={t('communityComposer.advanced.metaDescription')}
          value={values.metaDescription}
          onChange={(event) => set('metaDescription', event.currentTarget.value)}
          maxLength={postLimits.metaDescription}
          autosize
          minRows={2}
          error={issueOf('metaDescription')}
          data-testid="composer-meta-description"
        />
        <TextInput
          label={t('communityComposer.advanced.ogTitle')}
          value={values.ogTitle}
          onChange={(event) => set('ogTitle', event.currentTarget.value)}
          maxLength={postLimits.ogTitle}
          error={issueOf('ogTitle')}
          data-testid="composer-og-title"
        />
        <Textarea
          label={t('communityComposer.advanced.ogDescription')}
          value={values.ogDescription}
          onChange={(event) => set('ogDescription', event.currentTarget.value)}
          maxLength={postLimits.ogDescription}
          autosize
          minRows={2}
          error={issueOf('ogDescription')}
          data-testid="composer-og-description"
        />
        <PictureField
          label={t('communityComposer.advanced.ogImage')}
          hint={t('communityComposer.advanced.ogImageHint')}
          value={values.ogImage}
          onChange={(picture) => set('ogImage', picture)}
          ratios={ogImageRatios}
          frameRatio={16 / 9}
          error={issueOf('ogImageId')}
          testId="composer-og-image"
        />
      </Stack>
    </Disclosure>
  );
}
