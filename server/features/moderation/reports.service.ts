import { errorCodes } from '../../../contracts/errors.ts';
import type { ReportBody } from '../../../contracts/moderation.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { hideCommentForModeration, hidePostForModeration, type ReportTarget } from '../community/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { addReport, latestReportTimes, openReportItem, updateItem } from './items.repo.ts';
import { assertWithinHourlyLimit } from './rate-limits.ts';
import { moderationSettingsOf } from './settings.repo.ts';
import type { ModerationSignals } from './signals.ts';

/*
 * A member reports a post or comment they see and did not write (the route's scope checked `report`): once per
 * person and item (409 `ALREADY_REPORTED`), within the hourly limit of the moderation settings (429). The
 * first report puts the item in the inbox; the `reportsToHide`-th hides the content from everyone but its
 * author and the moderators until a decision. An item a moderator approved after its reports stays approved
 * (later reports are listed with it); a post approved before publication (pre-moderation) that is reported
 * comes back to the inbox as a reported item.
 */

export function createReportService(deps: { db: Db; signals: ModerationSignals }) {
  const { db } = deps;
  return {
    async report(app: AppAccess, target: ReportTarget, body: ReportBody): Promise<void> {
      const reporterProfileId = app.profile?.id;
      if (!reporterProfileId) {
        // The `report` ability needs a profile; the scope has checked it.
        throw notFound();
      }
      const settings = await moderationSettingsOf(db, target.appId);
      if (settings.reportsPerHour > 0) {
        const latest = await latestReportTimes(db, reporterProfileId, settings.reportsPerHour);
        assertWithinHourlyLimit('report', latest, settings.reportsPerHour);
      }
      const inboxChanged = await db.transaction(async (tx) => {
        const { item, created } = await openReportItem(tx, target);
        const added = await addReport(tx, {
          itemId: item.id,
          appId: target.appId,
          reporterProfileId,
          reason: body.reason,
          note: body.note ?? '',
        });
        if (!added) {
          throw conflict(errorCodes.alreadyReported);
        }
        const reopens = item.status === 'approved' && item.cause === 'pre_moderation';
        const status = reopens ? 'inbox' : item.status;
        const reportsCount = item.reportsCount + 1;
        let hides = false;
        let stashedPublishedAt = item.stashedPublishedAt;
        if (status === 'inbox' && !item.isHidden && settings.reportsToHide > 0) {
          if (reportsCount >= settings.reportsToHide) {
            if (target.entityType === 'post') {
              const hidden = await hidePostForModeration(tx, target.entityId);
              stashedPublishedAt = hidden?.publishedAt ?? stashedPublishedAt;
              hides = hidden !== undefined;
            } else {
              hides = await hideCommentForModeration(tx, target.entityId);
            }
          }
        }
        await updateItem(tx, item.id, {
          reportsCount,
          ...(reopens
            ? { status: 'inbox', cause: 'reports', reason: '', decidedByProfileId: null, decidedAt: null }
            : {}),
          ...(hides ? { isHidden: true, stashedPublishedAt } : {}),
        });
        return created || reopens || hides;
      });
      if (inboxChanged) {
        deps.signals.inboxChanged(target.appId, target.spaceId);
      }
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
