import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Modal, Switch, Text, TextInput } from '@mantine/core';
import { IconChartBar, IconPlus, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pollLimits, type Vote } from '../../../../../contracts/community-posts';
import type { ValidationIssue } from '../../../../../contracts/validation';
import { ApiError } from '../../../../api/api-error';
import { useIsMobile } from '../../../../kernel/ui-store';
import {
  addPollOption,
  canAddPollOption,
  canRemovePollOption,
  emptyPoll,
  pollBodyOf,
  pollIssuesOf,
  pollServerIssuesOf,
  removePollOption,
  setPollOptionText,
  type PollDraft,
  type PollIssues,
} from '../../../community';
import { chatVoteApi } from './vote-api';
import classes from './composer-tools.module.css';
import './attachment-styles';

// A chat poll has no end, so the community's builder never reads a time zone for it: any valid one serves.
const noEndTimeZone = 'UTC';

/** The community poll builder's checks; too few answers keep the chat's own wording. */
function chatPollIssuesOf(poll: PollDraft): PollIssues {
  const issues = pollIssuesOf(poll, noEndTimeZone);
  return poll.options.length < pollLimits.minOptions
    ? { ...issues, options: { key: 'chatAttachments.poll.tooFew' } }
    : issues;
}

type PollDialogProps = {
  appId: string;
  opened: boolean;
  onClose: () => void;
  /** The poll exists: the composer sends the message that carries it. */
  onCreated: (vote: Vote) => void;
};

/**
 * A chat poll (group chats only, issue 17): a question, 2–10 answers, single or multiple choice. "Send" makes the
 * poll (`POST /apps/{appId}/votes`), then the message carrying its `voteId` goes out.
 */
export function PollDialog({ appId, opened, onClose, onCreated }: PollDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('chatAttachments.poll.title')}
      size={isMobile ? '100%' : 'md'}
      centered
      data-testid="poll-dialog"
    >
      {/* Mounted per opening: every poll starts empty. */}
      {opened ? <PollForm appId={appId} onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function PollForm({ appId, onClose, onCreated }: Omit<PollDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [poll, setPoll] = useState<PollDraft>(emptyPoll);
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<PollIssues>({});
  const issues = { ...(submitted ? chatPollIssuesOf(poll) : {}), ...serverIssues };
  const create = useMutation({
    mutationFn: () => chatVoteApi.create(appId, pollBodyOf(poll, noEndTimeZone)),
    onSuccess: (vote) => {
      onCreated(vote);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setServerIssues(pollServerIssuesOf(error.errors));
      }
    },
    // A field's problem shows at the field; anything else as the usual notification.
    meta: { inlineFieldErrors: true },
  });
  const issueText = (issue: ValidationIssue | undefined) =>
    issue
      ? t(issue.key, { min: pollLimits.minOptions, max: pollLimits.maxOptions, ...issue.params })
      : undefined;
  const changeOptions = (change: (current: PollDraft) => PollDraft) => {
    setServerIssues({});
    setPoll(change);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    if (Object.keys(chatPollIssuesOf(poll)).length === 0) {
      create.mutate();
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="poll-form">
      <TextInput
        label={t('chatAttachments.poll.question')}
        placeholder={t('chatAttachments.poll.questionPlaceholder')}
        value={poll.question}
        onChange={(event) => {
          const question = event.currentTarget.value;
          setPoll((current) => ({ ...current, question }));
        }}
        maxLength={pollLimits.question}
        error={issueText(issues.question)}
        required
        data-autofocus
        data-testid="poll-question"
      />
      <fieldset className={classes.pollOptions}>
        <Text component="legend" size="sm" fw={500} mb={6}>
          {t('chatAttachments.poll.options')}
        </Text>
        <div className={classes.pollOptionList}>
          {poll.options.map((item, index) => (
            <div key={item.key} className={classes.pollOption}>
              <TextInput
                className={classes.pollOptionInput}
                aria-label={t('chatAttachments.poll.option', { number: index + 1 })}
                placeholder={t('chatAttachments.poll.option', { number: index + 1 })}
                value={item.text}
                maxLength={pollLimits.option}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  changeOptions((current) => setPollOptionText(current, item.key, text));
                }}
                error={issueText(issues[`options.${index}`])}
                data-testid="poll-option-input"
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size={36}
                aria-label={t('chatAttachments.poll.removeOption', { number: index + 1 })}
                disabled={!canRemovePollOption(poll)}
                onClick={() => changeOptions((current) => removePollOption(current, item.key))}
              >
                <IconX size={16} stroke={1.8} />
              </ActionIcon>
            </div>
          ))}
        </div>
        {issues.options ? (
          <Text size="xs" c="red" role="alert" mt={4}>
            {issueText(issues.options)}
          </Text>
        ) : null}
        <Group justify="space-between" mt={6}>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={15} stroke={1.8} />}
            disabled={!canAddPollOption(poll)}
            onClick={() => changeOptions(addPollOption)}
            data-testid="poll-add-option"
          >
            {t('chatAttachments.poll.addOption')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('chatAttachments.poll.optionCount', {
              count: poll.options.length,
              max: pollLimits.maxOptions,
            })}
          </Text>
        </Group>
      </fieldset>
      <Switch
        mt="md"
        label={t('chatAttachments.poll.multiple')}
        checked={poll.isMultiple}
        onChange={(event) => {
          const isMultiple = event.currentTarget.checked;
          setPoll((current) => ({ ...current, isMultiple }));
        }}
        data-testid="poll-multiple"
      />
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          loading={create.isPending}
          leftSection={<IconChartBar size={17} stroke={1.8} />}
          data-testid="poll-send"
        >
          {t('chatAttachments.poll.send')}
        </Button>
      </Group>
    </form>
  );
}
