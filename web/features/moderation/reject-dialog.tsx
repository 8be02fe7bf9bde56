import { useState, type FormEvent } from 'react';
import { Modal, Text, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { moderationLimits } from '../../../contracts/moderation';
import { useIsMobile } from '../../kernel/ui-store';
import { ConfirmActions } from '../../components/confirm-actions';
import type { ModerationItem } from './moderation-api';

type RejectDialogProps = {
  /** The item to reject; null: closed. */
  item: ModerationItem | null;
  onReject: (item: ModerationItem, reason: string) => void;
  onClose: () => void;
};

function RejectForm({ item, onReject, onClose }: RejectDialogProps & { item: ModerationItem }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const trimmed = reason.trim();
  let issue: string | null = null;
  if (trimmed === '') {
    issue = t('moderation.reject.reasonRequired');
  } else if (trimmed.length > moderationLimits.reason) {
    issue = t('validation.validateMaxLength', { max: moderationLimits.reason });
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!issue) {
      onReject(item, trimmed);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="reject-form">
      <Text size="sm" c="dimmed" mb="md">
        {t(`moderation.reject.text.${item.entity.type}`)}
      </Text>
      <Textarea
        label={t('moderation.reject.reason')}
        description={t('moderation.reject.reasonHint')}
        placeholder={t('moderation.reject.reasonPlaceholder')}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={submitted ? issue : null}
        required
        autosize
        minRows={3}
        maxRows={8}
        data-autofocus
        data-testid="reject-reason"
      />
      <Text size="xs" c="dimmed" ta="right" mt={4} aria-hidden="true">
        {reason.length} / {moderationLimits.reason}
      </Text>
      <ConfirmActions
        onCancel={onClose}
        confirmLabel={t('moderation.reject.submit')}
        confirmIcon={<IconX size={17} stroke={2} />}
        testId="reject-submit"
      />
    </form>
  );
}

/** Reject asks for the reason the author is told (MODERATION-07); the item leaves the list on submit. */
export function RejectDialog({ item, onReject, onClose }: RejectDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={item ? t(`moderation.reject.title.${item.entity.type}`) : ''}
      centered
      size={isMobile ? '100%' : 'lg'}
    >
      {item ? <RejectForm key={item.id} item={item} onReject={onReject} onClose={onClose} /> : null}
    </Modal>
  );
}
