import { useRef, useState } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../contracts/community-posts';
import { useIsMobile } from '../../../kernel/ui-store';
import { ComposerForm } from './composer-form';
import type { ComposerTarget } from './composer-values';
import { DiscardDialog } from './discard-dialog';
import classes from './composer.module.css';

export type PostComposerProps = {
  opened: boolean;
  onClose: () => void;
  /** Where a new post goes; absent, the composer asks (the spaces and categories the member may post in). */
  target?: ComposerTarget | null;
  /** Given, the composer edits this post. */
  post?: Post | null;
  onSaved?: (post: Post) => void;
};

/**
 * The post composer (issue 15, spec §3 "Post"): a dialog on the desktop, a full-screen sheet on a phone. Title,
 * rich text with @-mentions, cover, media from the cloud, a poll, a schedule (when the container allows it), the
 * interaction switches and the meta/OpenGraph fields; creates a post or edits one.
 */
export function PostComposer({ opened, onClose, target = null, post = null, onSaved }: PostComposerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const dirty = useRef(false);
  const requestClose = () => (dirty.current ? setConfirmDiscard(true) : onClose());

  return (
    <>
      <Modal
        opened={opened}
        onClose={requestClose}
        title={post ? t('communityComposer.editTitle') : t('communityComposer.title')}
        fullScreen={isMobile}
        size={760}
        radius={isMobile ? 0 : 'lg'}
        transitionProps={isMobile ? { transition: 'slide-up', duration: 200 } : undefined}
        classNames={{ title: classes.modalTitle, body: classes.modalBody, content: classes.modalContent }}
        closeButtonProps={{ 'aria-label': t('communityComposer.close') }}
        data-testid="post-composer"
      >
        {opened ? (
          <ComposerForm
            key={post?.id ?? 'new'}
            target={target}
            post={post}
            onDirty={(value) => {
              dirty.current = value;
            }}
            onCancel={requestClose}
            onSaved={(saved) => {
              dirty.current = false;
              onSaved?.(saved);
              onClose();
            }}
          />
        ) : null}
      </Modal>
      <DiscardDialog
        opened={confirmDiscard}
        onKeep={() => setConfirmDiscard(false)}
        onDiscard={() => {
          setConfirmDiscard(false);
          dirty.current = false;
          onClose();
        }}
      />
    </>
  );
}
