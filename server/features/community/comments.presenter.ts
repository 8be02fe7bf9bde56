import type { Comment, CommentReply } from '../../../contracts/community-comments.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { CommentAbility } from './community.policy.ts';
import type { CommentView } from './comments.repo.ts';

/** A comment as the API shows it: a deleted one keeps its place and counts but nothing of its author or text. */
export function presentComment(
  view: CommentView,
  options: { can: CommentAbility[]; sign: UrlSign; replies?: CommentReply[] },
): Comment {
  return {
    id: view.id,
    entityType: view.entityType,
    entityId: view.entityId,
    parentCommentId: view.parentCommentId,
    body: view.isDeleted ? '' : view.bodyHtml,
    author: view.isDeleted
      ? null
      : {
          profileId: view.authorProfileId,
          name: `${view.authorFirstName} ${view.authorLastName}`.trim(),
          avatarUrl: pictureUrl(options.sign, view.authorAvatarId, 'tile'),
        },
    createdAt: view.createdAt.toISOString(),
    editedAt: view.isDeleted || view.editedAt === null ? null : view.editedAt.toISOString(),
    isDeleted: view.isDeleted,
    isLiked: view.isLiked,
    likesCount: view.likesCount,
    repliesCount: view.repliesCount,
    ...(view.isHidden ? { isHidden: true as const } : {}),
    post: view.post ?? null,
    permissions: { can: options.can },
    replies: options.replies ?? [],
  };
}

export const presentReply = (
  view: CommentView,
  options: { can: CommentAbility[]; sign: UrlSign },
): CommentReply => ({ ...presentComment(view, options), replies: [] });
