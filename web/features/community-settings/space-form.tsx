import { useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconDeviceFloppy, IconEyeOff, IconLock, IconWorld, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { communityLimits, spaceSortValues, spaceTabValues } from '../../../contracts/community-spaces';
import { spaceAccessValues } from '../../../contracts/enums';
import { postLayoutValues } from '../../../contracts/theme-enums';
import { RichTextEditor } from '../../components/rich-text';
import { useIssueText, type FieldIssues } from '../../components/form-issues';
import { useIsMobile } from '../../kernel/ui-store';
import { AccountSection } from '../account';
import { switchClassNames } from '../app-profile';
import { coverRatios, mobileCoverRatios, PictureField } from './picture-field';
import { ModeratorPicker } from './moderator-picker';
import { spaceIssuesOf, withVisibleTabs, type SpaceValues } from './space-values';
import classes from './community-settings.module.css';
import { RequiredLevelSelect } from '../rewards';

const accessIcons = { open: IconWorld, private: IconLock, secret: IconEyeOff } as const;

type SpaceFormProps = {
  initial: SpaceValues;
  cancelPath: string;
  submitLabel: string;
  saving: boolean;
  /** The server's field issues of the last save. */
  serverIssues: FieldIssues;
  onSubmit: (values: SpaceValues) => void;
};

/** The space form (spec §3 "Space"): who may enter, how it looks, what members find, who moderates it. */
export function SpaceForm({
  initial,
  cancelPath,
  submitLabel,
  saving,
  serverIssues,
  onSubmit,
}: SpaceFormProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SpaceValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [edited, setEdited] = useState<Set<string>>(new Set());
  const issues = submitted ? spaceIssuesOf(values) : {};
  const issueOf = (field: string) =>
    issueText(issues[field] ?? (edited.has(field) ? undefined : serverIssues[field]));

  const set = <K extends keyof SpaceValues>(field: K, value: SpaceValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => new Set(current).add(field));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setEdited(new Set());
    if (Object.keys(spaceIssuesOf(values)).length === 0) {
      onSubmit(values);
    } else {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    }
  };

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className={classes.form} data-testid="space-form">
      <AccountSection
        title={t('communitySettings.space.basicsTitle')}
        text={t('communitySettings.space.basicsText')}
      >
        <Stack gap="lg">
          <TextInput
            label={t('communitySettings.space.name')}
            placeholder={t('communitySettings.space.namePlaceholder')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            maxLength={communityLimits.name}
            error={issueOf('name')}
            required
            data-testid="space-name"
          />
          <TextInput
            label={t('communitySettings.slug')}
            description={t('communitySettings.slugHint')}
            value={values.slug}
            onChange={(event) => set('slug', event.currentTarget.value)}
            maxLength={communityLimits.slug}
            error={issueOf('slug')}
            data-testid="space-slug"
          />
          <Textarea
            label={t('communitySettings.space.description')}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            maxLength={communityLimits.description}
            autosize
            minRows={2}
            error={issueOf('description')}
            data-testid="space-description"
          />
        </Stack>
      </AccountSection>

      <AccountSection
        title={t('communitySettings.space.accessTitle')}
        text={t('communitySettings.space.accessText')}
      >
        <div
          className={classes.choiceGrid}
          data-mobile={isMobile || undefined}
          role="radiogroup"
          aria-label={t('communitySettings.space.access')}
        >
          {spaceAccessValues.map((access) => {
            const Icon = accessIcons[access];
            return (
              <UnstyledButton
                key={access}
                role="radio"
                aria-checked={values.access === access}
                data-checked={values.access === access || undefined}
                className={classes.choice}
                onClick={() => set('access', access)}
                data-testid={`space-access-${access}`}
              >
                <Icon size={22} stroke={1.6} aria-hidden="true" />
                <span className={classes.choiceText}>
                  <span className={classes.choiceTitle}>{t(`communitySettings.access.${access}`)}</span>
                  <span className={classes.choiceHint}>{t(`communitySettings.access.${access}Hint`)}</span>
                </span>
              </UnstyledButton>
            );
          })}
        </div>
        <Switch
          size="md"
          labelPosition="left"
          classNames={switchClassNames}
          label={t('communitySettings.space.preModeration')}
          description={t('communitySettings.space.preModerationHint')}
          checked={values.preModeration}
          onChange={(event) => set('preModeration', event.currentTarget.checked)}
          data-testid="space-pre-moderation"
        />
        <RequiredLevelSelect
          value={values.requiredStatusId}
          onChange={(statusId) => set('requiredStatusId', statusId)}
          testId="space-required-level"
        />
      </AccountSection>

      <AccountSection
        title={t('communitySettings.space.looksTitle')}
        text={t('communitySettings.space.looksText')}
      >
        <Stack gap="xl">
          <SimpleGrid cols={isMobile ? 1 : 2} spacing="lg">
            <PictureField
              label={t('communitySettings.space.cover')}
              hint={t('communitySettings.space.coverHint')}
              value={values.cover}
              onChange={(picture) => set('cover', picture)}
              ratios={coverRatios}
              error={issueOf('coverId')}
              testId="space-cover"
            />
            <PictureField
              label={t('communitySettings.space.mobileCover')}
              hint={t('communitySettings.space.mobileCoverHint')}
              value={values.mobileCover}
              onChange={(picture) => set('mobileCover', picture)}
              ratios={mobileCoverRatios}
              frameRatio={3 / 2}
              error={issueOf('mobileCoverId')}
              testId="space-mobile-cover"
            />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} id="space-view-label" mb={6}>
              {t('communitySettings.space.displayView')}
            </Text>
            <SegmentedControl
              aria-labelledby="space-view-label"
              fullWidth={isMobile}
              value={values.displayView}
              onChange={(view) => set('displayView', view)}
              data={postLayoutValues.map((view) => ({
                value: view,
                label: t(`communitySettings.views.${view}`),
              }))}
              data-testid="space-display-view"
            />
          </div>
          <SimpleGrid cols={isMobile ? 1 : 2} spacing="md">
            <Select
              label={t('communitySettings.space.defaultSort')}
              data={spaceSortValues.map((sort) => ({
                value: sort,
                label: t(`communitySettings.sorts.${sort}`),
              }))}
              value={values.defaultSort}
              onChange={(sort) => sort && set('defaultSort', sort)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="space-default-sort"
            />
            <Select
              label={t('communitySettings.space.defaultTab')}
              data={values.visibleTabs.map((tab) => ({
                value: tab,
                label: t(`communitySettings.tabs.${tab}`),
              }))}
              value={values.defaultTab}
              onChange={(tab) => tab && set('defaultTab', tab)}
              allowDeselect={false}
              error={issueOf('defaultTab')}
              comboboxProps={{ withinPortal: true }}
              data-testid="space-default-tab"
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('communitySettings.space.visibleTabs')}
            description={t('communitySettings.space.visibleTabsHint')}
            value={values.visibleTabs}
            onChange={(tabs) => {
              setValues((current) => withVisibleTabs(current, tabs));
              setEdited((current) => new Set(current).add('visibleTabs'));
            }}
            error={issueOf('visibleTabs')}
            data-testid="space-visible-tabs"
          >
            <Group gap="lg" mt={8}>
              {spaceTabValues.map((tab) => (
                <Checkbox key={tab} value={tab} label={t(`communitySettings.tabs.${tab}`)} />
              ))}
            </Group>
          </Checkbox.Group>
        </Stack>
      </AccountSection>

      <AccountSection
        title={t('communitySettings.space.rulesTitle')}
        text={t('communitySettings.space.rulesText')}
      >
        <RichTextEditor
          value={values.rules}
          onChange={(html) => set('rules', html)}
          label={t('communitySettings.space.rules')}
          placeholder={t('communitySettings.space.rulesPlaceholder')}
          error={issueOf('rules')}
          minHeight={140}
          testId="space-rules"
        />
      </AccountSection>

      <AccountSection
        title={t('communitySettings.space.moderatorsTitle')}
        text={t('communitySettings.space.moderatorsText')}
      >
        <ModeratorPicker
          value={values.moderators}
          onChange={(profiles) => set('moderators', profiles)}
          label={t('communitySettings.moderators.label')}
          description={t('communitySettings.moderators.spaceHint')}
          error={issueOf('moderatorProfileIds')}
          testId="space-moderators"
        />
      </AccountSection>

      <div className={classes.formActions} data-mobile={isMobile || undefined}>
        <Button
          component={Link}
          to={cancelPath}
          variant="default"
          leftSection={<IconX size={17} stroke={1.8} />}
        >
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          loading={saving}
          leftSection={<IconDeviceFloppy size={18} stroke={1.7} />}
          data-testid="space-submit"
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
