import {
  moderationAppParamsSchema,
  moderationCountersQuerySchema,
  moderationCountersResponseSchema,
  moderationItemParamsSchema,
  moderationItemResponseSchema,
  moderationListQuerySchema,
  moderationListSchema,
  moderationPageQuerySchema,
  moderationRejectBodySchema,
  moderationReportListSchema,
  moderationSettingsPatchSchema,
  moderationSettingsResponseSchema,
} from '../../../contracts/moderation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import { createAccessScopes } from '../workspace/public.ts';
import type { DecisionService } from './decisions.service.ts';
import type { InboxService } from './inbox.service.ts';
import { moderationItemScope } from './moderation.scopes.ts';
import { moderationSettingsOf, saveModerationSettings } from './settings.repo.ts';

const tags = ['moderation'];

/** MODERATION-01..07: the settings, the inbox with its counters, an item's reports, approve and reject. */
export function moderationRoutes(deps: { db: DbOrTx; inbox: InboxService; decisions: DecisionService }) {
  const { db, inbox, decisions } = deps;
  const app = createAccessScopes(db).memberArea('appId');
  const item = moderationItemScope(db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/moderation/settings',
      auth: 'session',
      scope: app,
      ability: 'app:settings_moderation',
      summary: 'The app’s moderation settings (reports that hide, pre-moderated first posts, hourly limits)',
      tags,
      schema: { params: moderationAppParamsSchema, response: { 200: moderationSettingsResponseSchema } },
      handler: async (request) => ({ data: await moderationSettingsOf(db, request.access.app.id) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/apps/:appId/moderation/settings',
      auth: 'session',
      scope: app,
      ability: 'app:settings_moderation',
      summary: 'Change moderation settings: the fields sent replace the stored ones (whole numbers 0..1000)',
      tags,
      schema: {
        params: moderationAppParamsSchema,
        body: moderationSettingsPatchSchema,
        response: { 200: moderationSettingsResponseSchema },
      },
      handler: async (request) => ({
        data: await saveModerationSettings(db, request.access.app.id, request.body),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/moderation',
      auth: 'session',
      scope: app,
      ability: 'app:moderation',
      summary:
        'The inbox: one tab’s items of one status (inbox, approved, rejected), 20 a page, latest first',
      tags,
      schema: {
        params: moderationAppParamsSchema,
        querystring: moderationListQuerySchema,
        response: { 200: moderationListSchema },
      },
      handler: async (request) => inbox.list(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/moderation/counters',
      auth: 'session',
      scope: app,
      ability: 'app:moderation',
      summary:
        'How many items of the tab are in the inbox, approved and rejected (over what the caller moderates)',
      tags,
      schema: {
        params: moderationAppParamsSchema,
        querystring: moderationCountersQuerySchema,
        response: { 200: moderationCountersResponseSchema },
      },
      handler: async (request) => ({ data: await inbox.counters(request.access, request.query) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/moderation/:id/reports',
      auth: 'session',
      scope: item,
      ability: 'app:moderation',
      summary: 'The reports of an inbox item, newest first, 20 a page',
      tags,
      schema: {
        params: moderationItemParamsSchema,
        querystring: moderationPageQuerySchema,
        response: { 200: moderationReportListSchema },
      },
      handler: async (request) => inbox.reports(request.access, request.query.page),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/moderation/:id/approve',
      auth: 'session',
      scope: item,
      ability: 'app:moderation',
      summary: 'Approve: a held post is published (again), a hidden comment shown; the item leaves the inbox',
      tags,
      schema: { params: moderationItemParamsSchema, response: { 200: moderationItemResponseSchema } },
      handler: async (request) => ({ data: await decisions.approve(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/moderation/:id/approve',
      auth: 'session',
      scope: item,
      ability: 'app:moderation',
      summary: 'Reject (removes the approval): the post or comment is hidden; the author is told the reason',
      tags,
      schema: {
        params: moderationItemParamsSchema,
        // Optional: a reject without a reason may send no body at all.
        body: moderationRejectBodySchema.nullish(),
        response: { 200: moderationItemResponseSchema },
      },
      handler: async (request) => ({
        data: await decisions.reject(request.access, request.body?.reason ?? ''),
      }),
    }),
  ];
}
