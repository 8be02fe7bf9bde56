import { postLimits, type Post, type PostAbility, type Vote } from '../../../contracts/community-posts.ts';
import type { ModerationStatus } from '../../../contracts/enums.ts';
import { pictureUrl, type AttachedFile, type UrlSign } from '../cloud/public.ts';
import type { PostViewRow } from './posts.repo.ts';
import type { VoteView } from './votes.repo.ts';

/*
 * A post as it leaves the server (contracts/community-posts.ts). Pure: the rows, the caller's abilities and
 * the signer come in; nothing is loaded here.
 */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Plain text cut at a word boundary and ended with "…" (the excerpt of lists and previews). */
export function excerptOf(text: string, maxLength: number = postLimits.excerpt): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) {
    return flat;
  }
  const cut = flat.slice(0, maxLength - 1);
  const wordEnd = /\s/.test(flat.charAt(cut.length)) ? cut.length : cut.search(/\s\S*$/);
  return `${(wordEnd > maxLength / 2 ? cut.slice(0, wordEnd) : cut).trimEnd()}…`;
}

export function authorName(first: string | null, last: string | null): string {
  return `${first ?? ''} ${last ?? ''}`.trim();
}

/** A poll as the caller sees it; `canAnswer` is decided with the post it hangs on (or its author). */
export function presentVote(view: VoteView, canAnswer: boolean, now = Date.now()): Vote {
  const isClosed = view.vote.endsAt !== null && view.vote.endsAt.getTime() <= now;
  return {
    id: view.vote.id,
    question: view.vote.question,
    isMultiple: view.vote.isMultiple,
    endsAt: iso(view.vote.endsAt),
    isClosed,
    options: view.options.map((option) => ({
      id: option.id,
      text: option.text,
      answersCount: option.answersCount,
    })),
    votersCount: view.vote.votersCount,
    answeredOptionIds: view.answered,
    permissions: { can: canAnswer && !isClosed ? ['view', 'answer'] : ['view'] },
  };
}

export type PostPresentContext = {
  sign: UrlSign;
  /** The media's live files, signed (the cloud's `attachedFiles`). */
  media: ReadonlyMap<string, Pick<AttachedFile, 'name' | 'type' | 'url'>>;
  votes: ReadonlyMap<string, Vote>;
  /** The moderation status of the held posts among the rows (issue 16). */
  moderation?: ReadonlyMap<string, ModerationStatus>;
};

export function presentPost(row: PostViewRow, can: PostAbility[], context: PostPresentContext): Post {
  const { sign } = context;
  return {
    id: row.id,
    discriminator: row.container,
    name: row.name,
    slug: row.slug,
    body: row.bodyHtml,
    excerpt: excerptOf(row.bodyText),
    cover: row.coverId ? { id: row.coverId, url: pictureUrl(sign, row.coverId, 'preview') } : null,
    media: row.mediaIds.flatMap((id) => {
      const file = context.media.get(id);
      return file ? [{ id, url: file.url, type: file.type, name: file.name }] : [];
    }),
    vote: row.voteId ? (context.votes.get(row.voteId) ?? null) : null,
    publishAt: iso(row.publishAt),
    timeZone: row.timeZone,
    publishedAt: iso(row.publishedAt),
    // A held post waits for a moderator, not for a time.
    isScheduled: row.publishedAt === null && row.heldAt === null,
    ...(row.heldAt !== null
      ? { moderation: { status: context.moderation?.get(row.id) ?? ('inbox' as const) } }
      : {}),
    pinnedToTopAt: iso(row.pinnedToTopAt),
    pinnedToSidebarAt: iso(row.pinnedToSidebarAt),
    isAllowedPinToTop: can.includes('pin_to_top'),
    isCommentsDisabled: row.isCommentsDisabled,
    isLikesDisabled: row.isLikesDisabled,
    isShareDisabled: row.isShareDisabled,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    ogTitle: row.ogTitle,
    ogDescription: row.ogDescription,
    ogImage: row.ogImageId ? { id: row.ogImageId, url: pictureUrl(sign, row.ogImageId, 'preview') } : null,
    shareHash: can.includes('share') ? row.shareHash : null,
    author: {
      profileId: row.authorProfileId,
      name: authorName(row.authorFirstName, row.authorLastName),
      avatarUrl: pictureUrl(sign, row.authorAvatarId, 'tile'),
    },
    space:
      row.spaceId && row.spaceSlug !== null
        ? { id: row.spaceId, slug: row.spaceSlug, name: row.spaceName ?? '' }
        : null,
    category:
      row.categoryId && row.categorySlug !== null
        ? { id: row.categoryId, slug: row.categorySlug, name: row.categoryName ?? '' }
        : null,
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    isLiked: row.isLiked,
    isFollowed: row.isFollowed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    permissions: { can },
  };
}
