import { useState, type FormEvent } from 'react';
import { Modal, Text } from '@mantine/core';
import { IconArrowsMove } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Post, PostMoveBody } from '../../../../contracts/community-posts';
import { ConfirmActions } from '../../../components/confirm-actions';
import { useIsMobile } from '../../../kernel/ui-store';
import type { ComposerTarget } from '../composer';
import { TargetPicker } from '../composer/target-picker';
import { useTargets } from '../composer/use-targets';

type MoveDialogProps = {
  post: Post;
  opened: boolean;
  onClose: () => void;
  saving: boolean;
  onMove: (body: PostMoveBody) => void;
};

/** The move body for a target: exactly one container (spec §7 "PATCH …/move {spaceId, categoryId}"). */
export const moveBodyOf = (target: Pick<ComposerTarget, 'kind' | 'id'>): PostMoveBody =>
  target.kind === 'space' ? { spaceId: target.id } : { categoryId: target.id };

/** Moves a post to another space or category the caller may post in (the server checks both ends). */
export function MoveDialog({ post, opened, onClose, saving, onMove }: MoveDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { targets, loading } = useTargets(opened);
  const [target, setTarget] = useState<ComposerTarget | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const currentId = post.space?.id ?? post.category?.id;
  const offered = targets.filter((item) => item.id !== currentId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (target) {
      onMove(moveBodyOf(target));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('communityComposer.actions.moveTitle')}
      centered
      size={isMobile ? '100%' : 'md'}
      data-testid="post-move-dialog"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Text size="sm" c="dimmed" mb="md">
          {t('communityComposer.actions.moveText', {
            name: post.name,
            from: post.space?.name ?? post.category?.name ?? '',
          })}
        </Text>
        <TargetPicker
          targets={offered}
          value={target}
          onChange={setTarget}
          loading={loading}
          error={submitted && !target ? t('communityComposer.actions.moveRequired') : null}
          label={t('communityComposer.actions.moveTo')}
        />
        <ConfirmActions
          onCancel={onClose}
          confirmLabel={t('communityComposer.actions.move')}
          confirmIcon={<IconArrowsMove size={17} stroke={1.8} />}
          tone="primary"
          loading={saving}
          testId="post-move-confirm"
        />
      </form>
    </Modal>
  );
}
