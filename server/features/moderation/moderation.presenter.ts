import type { ModerationItem, ModerationPerson, ModerationReport } from '../../../contracts/moderation.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import { excerptOf, type ModeratedComment, type ModeratedPost } from '../community/public.ts';
import type { ItemRow, PersonRow, ReportRow } from './items.repo.ts';

/*
 * Inbox items as they leave the server (contracts/moderation.ts). Pure: the rows, the summaries of the posts
 * and comments they are about, and the people they name come in; nothing is loaded here.
 */

export type PresentContext = {
  sign: UrlSign;
  posts: ReadonlyMap<string, ModeratedPost>;
  comments: ReadonlyMap<string, ModeratedComment>;
  people: ReadonlyMap<string, PersonRow>;
  reports: readonly ReportRow[];
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentPerson(sign: UrlSign, person: PersonRow | undefined): ModerationPerson | null {
  return person
    ? {
        profileId: person.profileId,
        name: `${person.firstName} ${person.lastName}`.trim(),
        avatarUrl: pictureUrl(sign, person.avatarId, 'tile'),
      }
    : null;
}

export function presentReport(
  sign: UrlSign,
  report: ReportRow,
  people: ReadonlyMap<string, PersonRow>,
): ModerationReport {
  return {
    reporter: presentPerson(sign, people.get(report.reporterProfileId)),
    reason: report.reason,
    note: report.note,
    createdAt: report.createdAt.toISOString(),
  };
}

export function presentItem(row: ItemRow, context: PresentContext): ModerationItem {
  const { sign } = context;
  const post = context.posts.get(row.postId);
  const comment = row.entityType === 'comment' ? context.comments.get(row.entityId) : undefined;
  const author = comment?.author ?? post?.author;
  return {
    id: row.id,
    tab: row.tab,
    status: row.status,
    cause: row.cause,
    isHidden: row.isHidden,
    reportsCount: row.reportsCount,
    latestReports: context.reports
      .filter((report) => report.itemId === row.id)
      .map((report) => presentReport(sign, report, context.people)),
    reason: row.reason,
    entity: {
      type: row.entityType,
      post: {
        id: row.postId,
        slug: post?.slug ?? '',
        name: post?.name ?? '',
        discriminator: post?.discriminator ?? 'groups',
      },
      commentId: row.entityType === 'comment' ? row.entityId : null,
      excerpt: excerptOf((row.entityType === 'comment' ? comment?.text : post?.text) ?? ''),
      isDeleted: row.entityType === 'comment' ? !comment || comment.isDeleted : !post || post.isDeleted,
    },
    author: author
      ? {
          profileId: author.profileId,
          name: `${author.firstName} ${author.lastName}`.trim(),
          avatarUrl: pictureUrl(sign, author.avatarId, 'tile'),
        }
      : null,
    space: post?.space ?? null,
    category: post?.category ?? null,
    decidedBy: row.decidedByProfileId
      ? presentPerson(sign, context.people.get(row.decidedByProfileId))
      : null,
    decidedAt: iso(row.decidedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
