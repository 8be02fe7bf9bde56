import { ActionIcon, Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconChartBar, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pollLimits } from '../../../../contracts/community-posts';
import type { ValidationIssue } from '../../../../contracts/validation';
import { useIssueText } from '../../../components/form-issues';
import { useIsMobile } from '../../../kernel/ui-store';
import {
  addOption,
  canAddOption,
  canRemoveOption,
  removeOption,
  setOptionText,
  type PollDraft,
  type PollIssues,
} from './poll-values';
import classes from './composer.module.css';

type PollBuilderProps = {
  poll: PollDraft;
  onChange: (poll: PollDraft) => void;
  onRemove: () => void;
  issues: PollIssues;
  timeZoneLabel: string;
};

/** The poll of a post (issue 15 "Polls"): question, 2–10 options, single or multiple choice, optional end. */
export function PollBuilder({ poll, onChange, onRemove, issues, timeZoneLabel }: PollBuilderProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const text = (issue: ValidationIssue | undefined) => issueText(issue);
  const set = <K extends keyof PollDraft>(field: K, value: PollDraft[K]) =>
    onChange({ ...poll, [field]: value });

  return (
    <fieldset className={classes.section} data-testid="poll-builder">
      <legend className={classes.sectionLegend}>
        <IconChartBar size={18} stroke={1.7} aria-hidden="true" />
        {t('communityComposer.poll.title')}
      </legend>
      <ActionIcon
        className={classes.sectionClose}
        variant="subtle"
        color="gray"
        aria-label={t('communityComposer.poll.remove')}
        onClick={onRemove}
        data-testid="poll-remove"
      >
        <IconTrash size={17} stroke={1.7} />
      </ActionIcon>
      <TextInput
        label={t('communityComposer.poll.question')}
        placeholder={t('communityComposer.poll.questionPlaceholder')}
        value={poll.question}
        onChange={(event) => set('question', event.currentTarget.value)}
        maxLength={pollLimits.question}
        error={text(issues.question)}
        required
        data-testid="poll-question"
      />
      <div className={classes.pollOptions} role="group" aria-label={t('communityComposer.poll.options')}>
        <Text size="sm" fw={500}>
          {t('communityComposer.poll.options')}
        </Text>
        {poll.options.map((option, index) => (
          <div key={option.key} className={classes.pollOption}>
            <TextInput
              className={classes.pollOptionInput}
              aria-label={t('communityComposer.poll.option', { number: index + 1 })}
              placeholder={t('communityComposer.poll.option', { number: index + 1 })}
              value={option.text}
              maxLength={pollLimits.option}
              onChange={(event) => onChange(setOptionText(poll, option.key, event.currentTarget.value))}
              error={text(issues[`options.${index}`])}
              data-testid="poll-option"
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size={36}
              aria-label={t('communityComposer.poll.removeOption', { number: index + 1 })}
              disabled={!canRemoveOption(poll)}
              onClick={() => onChange(removeOption(poll, option.key))}
            >
              <IconX size={16} stroke={1.8} />
            </ActionIcon>
          </div>
        ))}
        {issues.options ? (
          <Text size="xs" c="red" role="alert" data-testid="poll-options-error">
            {text(issues.options)}
          </Text>
        ) : null}
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={15} stroke={1.8} />}
            disabled={!canAddOption(poll)}
            onClick={() => onChange(addOption(poll))}
            data-testid="poll-add-option"
          >
            {t('communityComposer.poll.addOption')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('communityComposer.poll.optionCount', {
              count: poll.options.length,
              max: pollLimits.maxOptions,
            })}
          </Text>
        </Group>
      </div>
      <div>
        <Text size="sm" fw={500} id="poll-kind-label" mb={6}>
          {t('communityComposer.poll.kind')}
        </Text>
        <SegmentedControl
          fullWidth={isMobile}
          aria-labelledby="poll-kind-label"
          value={poll.isMultiple ? 'multiple' : 'single'}
          onChange={(value) => set('isMultiple', value === 'multiple')}
          data={[
            { value: 'single', label: t('communityComposer.poll.single') },
            { value: 'multiple', label: t('communityComposer.poll.multiple') },
          ]}
          data-testid="poll-kind"
        />
      </div>
      <div>
        <div className={classes.inlineFields}>
          <TextInput
            type="date"
            label={t('communityComposer.poll.endDate')}
            value={poll.endDate}
            onChange={(event) => set('endDate', event.currentTarget.value)}
            error={issues.endsAt ? text(issues.endsAt) : undefined}
            data-testid="poll-end-date"
          />
          <TextInput
            type="time"
            label={t('communityComposer.poll.endTime')}
            value={poll.endTime}
            onChange={(event) => set('endTime', event.currentTarget.value)}
            error={issues.endsAt !== undefined}
            data-testid="poll-end-time"
          />
        </div>
        <Text size="xs" c="dimmed" mt={4}>
          {t('communityComposer.poll.endHint', { zone: timeZoneLabel })}
        </Text>
      </div>
    </fieldset>
  );
}
