import { useState } from 'react';
import { ActionIcon, Button, Menu, Modal, Text } from '@mantine/core';
import { IconArrowBackUp, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Comment, CommentReply } from '../../../../contracts/community-comments';
import { ConfirmActions } from '../../../components/confirm-actions';
import { RichText } from '../../../components/rich-text';
import { useCurrentApp } from '../../../kernel/current-app';
import { itemsOfPages } from '../community-api';
import { commentAnchor } from '../community-links';
import { AuthorAvatar, AuthorName } from '../shared/author';
import { LikeButton } from '../shared/like-button';
import { TimeAgo } from '../../../components/time-ago';
import actionClasses from '../shared/actions.module.css';
import { CommentEditor } from './comment-editor';
import {
  repliesQuery,
  useCreateComment,
  useDeleteComment,
  useEditComment,
  useLikeComment,
  type AnyComment,
  type CommentHost,
} from './comments-api';
import classes from './comments.module.css';

type ItemProps = { host: CommentHost; comment: AnyComment; canWrite: boolean };
type ThreadProps = ItemProps & { comment: Comment };

function DeleteDialog({
  opened,
  onClose,
  onConfirm,
  loading,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('community.comments.deleteTitle')} centered>
      <Text size="sm" c="dimmed" mb="md">
        {t('community.comments.deleteText')}
      </Text>
      <ConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        confirmLabel={t('community.comments.delete')}
        confirmIcon={<IconTrash size={17} stroke={1.8} />}
        loading={loading}
        testId="comment-delete-confirm"
      />
    </Modal>
  );
}

/** One comment: author, time, body (or "deleted"), like, reply, and the author's edit and delete. */
function CommentBody({ host, comment, canWrite, onReply }: ItemProps & { onReply: (() => void) | null }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const like = useLikeComment(app.id, host.id);
  const edit = useEditComment(app.id, host.id);
  const remove = useDeleteComment(app.id, host);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const can = comment.permissions.can;
  const isReply = comment.parentCommentId !== null;

  if (comment.isDeleted) {
    return (
      <div id={commentAnchor(comment.id)} className={classes.comment} data-testid="comment" data-deleted>
        <span className={classes.deletedMark} aria-hidden="true" />
        <p className={classes.deleted}>{t('community.comments.deleted')}</p>
      </div>
    );
  }
  const author = comment.author;
  return (
    <div
      id={commentAnchor(comment.id)}
      className={classes.comment}
      data-testid="comment"
      data-reply={isReply || undefined}
    >
      {author ? <AuthorAvatar {...author} size={isReply ? 30 : 36} /> : null}
      <div className={classes.main}>
        <div className={classes.bubble}>
          <div className={classes.head}>
            {author ? <AuthorName profileId={author.profileId} name={author.name} /> : null}
            <span className={classes.time}>
              <TimeAgo value={comment.createdAt} />
              {comment.editedAt ? ` · ${t('community.comments.edited')}` : null}
            </span>
          </div>
          {editing ? (
            <CommentEditor
              label={t('community.comments.editLabel')}
              submitLabel={t('community.comments.save')}
              initial={comment.body}
              autoFocus
              onSubmit={async (body) => {
                await edit.mutateAsync({ commentId: comment.id, body });
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
              testId="comment-edit"
            />
          ) : (
            <RichText html={comment.body} className={classes.text} testId="comment-body" />
          )}
        </div>
        <div className={classes.actions}>
          <LikeButton
            subject="comment"
            size="sm"
            liked={comment.isLiked}
            count={comment.likesCount}
            onToggle={can.includes('like') ? (liked) => like.mutate({ comment, liked }) : undefined}
            testId="comment-like"
          />
          {onReply && canWrite && can.includes('reply') ? (
            <button
              type="button"
              className={actionClasses.action}
              data-size="sm"
              onClick={onReply}
              data-testid="comment-reply"
            >
              <IconArrowBackUp size={16} stroke={1.8} />
              {t('community.comments.reply')}
            </button>
          ) : null}
          {can.includes('edit') || can.includes('delete') ? (
            <Menu position="bottom-start" shadow="md">
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size={30}
                  radius="xl"
                  aria-label={t('community.comments.actions')}
                  data-testid="comment-menu"
                >
                  <IconDots size={16} stroke={1.8} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {can.includes('edit') ? (
                  <Menu.Item
                    leftSection={<IconPencil size={16} stroke={1.8} />}
                    onClick={() => setEditing(true)}
                    data-testid="comment-edit-item"
                  >
                    {t('community.comments.edit')}
                  </Menu.Item>
                ) : null}
                {can.includes('delete') ? (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} stroke={1.8} />}
                    onClick={() => setConfirming(true)}
                    data-testid="comment-delete-item"
                  >
                    {t('community.comments.delete')}
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </div>
      </div>
      <DeleteDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        loading={remove.isPending}
        onConfirm={() => remove.mutate(comment, { onSuccess: () => setConfirming(false) })}
      />
    </div>
  );
}

/** The replies beyond those delivered with the comment: 50 per page, asked for on "show more replies". */
function MoreReplies({ host, comment, canWrite }: ThreadProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [open, setOpen] = useState(false);
  const query = useInfiniteQuery({ ...repliesQuery(app.id, host, comment.id), enabled: open });
  const inline = new Set(comment.replies.map((reply) => reply.id));
  const more = itemsOfPages(query.data).filter((reply) => !inline.has(reply.id));
  const hidden = comment.repliesCount - comment.replies.length - more.length;
  return (
    <>
      {more.map((reply) => (
        <li key={reply.id}>
          <CommentBody host={host} comment={reply as CommentReply} canWrite={canWrite} onReply={null} />
        </li>
      ))}
      {hidden > 0 && (!open || query.hasNextPage) ? (
        <li>
          <Button
            variant="subtle"
            size="compact-sm"
            loading={query.isFetching}
            onClick={() => (open ? void query.fetchNextPage() : setOpen(true))}
            data-testid="comment-more-replies"
          >
            {t('community.comments.moreReplies', { count: hidden })}
          </Button>
        </li>
      ) : null}
    </>
  );
}

/** A top-level comment with its thread of replies (one level) and the reply editor. */
export function CommentThread({ host, comment, canWrite }: ThreadProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const create = useCreateComment(app.id, host);
  const [replying, setReplying] = useState(false);
  const hasThread = comment.replies.length > 0 || comment.repliesCount > 0 || replying;
  return (
    <li className={classes.thread} data-testid="comment-thread">
      <CommentBody host={host} comment={comment} canWrite={canWrite} onReply={() => setReplying(true)} />
      {hasThread ? (
        <ul className={classes.replies} aria-label={t('community.comments.repliesLabel')}>
          {comment.replies.map((reply) => (
            <li key={reply.id}>
              <CommentBody host={host} comment={reply} canWrite={canWrite} onReply={null} />
            </li>
          ))}
          <MoreReplies host={host} comment={comment} canWrite={canWrite} />
          {replying ? (
            <li className={classes.replyEditor}>
              <CommentEditor
                label={t('community.comments.replyTo', { name: comment.author?.name ?? '' })}
                submitLabel={t('community.comments.sendReply')}
                autoFocus
                onSubmit={async (body) => {
                  await create.mutateAsync({ body, parentCommentId: comment.id });
                  setReplying(false);
                }}
                onCancel={() => setReplying(false)}
                testId="reply-editor"
              />
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}
