import { useState, type FormEvent } from 'react';
import { Modal } from '@mantine/core';
import { IconClockEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../contracts/community-posts';
import { ApiError } from '../../../api/api-error';
import { ConfirmActions } from '../../../components/confirm-actions';
import { useIssueText } from '../../../components/form-issues';
import { personTimeZone } from '../../../kernel/person-locale';
import { useIsMobile } from '../../../kernel/ui-store';
import {
  composerIssuesOf,
  composerValuesOf,
  publishAtOf,
  type ScheduleValues,
} from '../composer/composer-values';
import { ScheduleFields } from '../composer/schedule-fields';
import { browserTimeZone } from '../../../kernel/zoned-time';

type PublishTimeDialogProps = {
  post: Post;
  opened: boolean;
  onClose: () => void;
  saving: boolean;
  error: unknown;
  onSave: (body: { publishAt: string; timeZone: string }) => void;
};

/** "Edit publish time" (`edit_publish_time`): a scheduled post's date, time and zone. */
export function PublishTimeDialog({ post, opened, onClose, saving, error, onSave }: PublishTimeDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const initial = composerValuesOf(post, personTimeZone() ?? browserTimeZone());
  const [schedule, setSchedule] = useState<ScheduleValues>({ ...initial.schedule, enabled: true });
  const [submitted, setSubmitted] = useState(false);
  const issue = composerIssuesOf({ ...initial, schedule }, { needsTarget: false, hasTarget: true }).issues
    .publishAt;
  const serverIssue =
    error instanceof ApiError ? (error.errors.publishAt ?? error.errors.timeZone ?? null) : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const publishAt = publishAtOf(schedule);
    if (!issue && publishAt) {
      onSave({ publishAt, timeZone: schedule.timeZone });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('communityComposer.actions.publishTimeTitle')}
      centered
      size={isMobile ? '100%' : 'md'}
      data-testid="post-publish-time-dialog"
    >
      <form onSubmit={handleSubmit} noValidate>
        <ScheduleFields
          value={schedule}
          onChange={setSchedule}
          error={
            issueText(submitted ? issue : undefined) ??
            issueText(serverIssue ? { key: serverIssue } : undefined)
          }
        />
        <ConfirmActions
          onCancel={onClose}
          confirmLabel={t('communityComposer.actions.publishTimeSave')}
          confirmIcon={<IconClockEdit size={17} stroke={1.8} />}
          tone="primary"
          loading={saving}
          testId="post-publish-time-confirm"
        />
      </form>
    </Modal>
  );
}
