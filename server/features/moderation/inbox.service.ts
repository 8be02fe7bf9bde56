import {
  moderationLimits,
  type ModerationCounters,
  type ModerationCountersQuery,
  type ModerationItem,
  type ModerationList,
  type ModerationListQuery,
  type ModerationReportList,
} from '../../../contracts/moderation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { paginate } from '../../platform/pagination.ts';
import type { UrlSign } from '../cloud/public.ts';
import { moderatedContentOf } from '../community/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import {
  countItems,
  latestReportsOf,
  listItems,
  peopleByIds,
  reportsPage,
  type ItemRow,
} from './items.repo.ts';
import { presentItem, presentReport } from './moderation.presenter.ts';
import { reachOfCaller, type ItemAccess } from './moderation.scopes.ts';

/*
 * Reading the inbox (MODERATION-03..05): a tab's items of one status, 20 a page, with what each is about and
 * its latest reports; the counters of the tab's statuses; an item's reports. Everything is scoped to what the
 * caller moderates (moderation.policy.ts), the counters exactly like the list.
 */

/** Items with their posts and comments, latest reports and the people they name: four queries for a page. */
export async function presentItems(
  db: DbOrTx,
  sign: UrlSign,
  rows: readonly ItemRow[],
): Promise<ModerationItem[]> {
  const ids = rows.map((row) => row.id);
  const [content, reports] = await Promise.all([
    moderatedContentOf(db, {
      postIds: [...new Set(rows.map((row) => row.postId))],
      commentIds: rows.filter((row) => row.entityType === 'comment').map((row) => row.entityId),
    }),
    latestReportsOf(db, ids, moderationLimits.latestReports),
  ]);
  const people = await peopleByIds(db, [
    ...reports.map((report) => report.reporterProfileId),
    ...rows.flatMap((row) => (row.decidedByProfileId ? [row.decidedByProfileId] : [])),
  ]);
  return rows.map((row) => presentItem(row, { sign, ...content, people, reports }));
}

export function createInboxService(deps: { db: DbOrTx; sign: UrlSign }) {
  const { db, sign } = deps;
  const limit = moderationLimits.pageSize;
  return {
    async list(app: AppAccess, query: ModerationListQuery): Promise<ModerationList> {
      const reach = await reachOfCaller(db, app);
      const { rows, total } = await listItems(
        db,
        { appId: app.app.id, tab: query.tab, status: query.status, reach },
        { limit, offset: (query.page - 1) * limit },
      );
      return paginate(await presentItems(db, sign, rows), total, { page: query.page, limit });
    },

    async counters(app: AppAccess, query: ModerationCountersQuery): Promise<ModerationCounters> {
      const counts = await countItems(db, {
        appId: app.app.id,
        tab: query.tab,
        reach: await reachOfCaller(db, app),
      });
      return { approvedCount: counts.approved, inboxCount: counts.inbox, rejectedCount: counts.rejected };
    },

    async reports(access: ItemAccess, page: number): Promise<ModerationReportList> {
      const { rows, total } = await reportsPage(db, access.item.id, { limit, offset: (page - 1) * limit });
      const people = await peopleByIds(
        db,
        rows.map((row) => row.reporterProfileId),
      );
      return paginate(
        rows.map((row) => presentReport(sign, row, people)),
        total,
        { page, limit },
      );
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
