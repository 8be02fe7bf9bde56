import type { Paginated } from '../../../contracts/pagination.ts';
import {
  ticketLimits,
  ticketStatusValues,
  type Ticket,
  type TicketAppList,
  type TicketCounts,
  type TicketCreateBody,
  type TicketDetail,
  type TicketListQuery,
  type TicketProjectListQuery,
  type TicketSatisfactionBody,
  type TicketSettings,
  type TicketSettingsPatch,
  type TicketStatus,
} from '../../../contracts/tickets.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import { createChangeCache } from '../../db/change-cache.ts';
import { changeFeedOf } from '../../db/changes.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Realtime } from '../../platform/realtime.ts';
import { richTextToPlainText, sanitizeRichText } from '../../platform/rich-text.ts';
import { enterSupportChat, insertSupportChat, isInSupportChat, joinSupportChatRoom } from '../chat/public.ts';
import type { UrlSign } from '../cloud/public.ts';
import { awardPoints } from '../gamification/public.ts';
import { insertProfile, type AppAccess, type ProjectAccess } from '../workspace/public.ts';
import type { TicketEvents } from './tickets.events.ts';
import type { StatusChange } from './tickets.clocks.ts';
import { presentContact, presentTicket } from './tickets.presenter.ts';
import {
  chatSeqOf,
  contactOf,
  countOpenTicketsOf,
  findSettings,
  insertStatusChange,
  insertTicket,
  listTicketViews,
  liveProfileIdOf,
  lockSettings,
  lockTicket,
  settingsOfProject,
  settingsOfRow,
  statusChangesOf,
  ticketCountsOfProject,
  ticketViewOf,
  updateSettings,
  updateTicket,
  type TicketFilter,
  type TicketView,
} from './tickets.repo.ts';
import type { TicketAccess } from './tickets.scopes.ts';
import { ticketAbilities } from './tickets.policy.ts';
import { changeStatus } from './tickets.transitions.ts';

/*
 * Support tickets (issue 20): opening one (its support chat, first message and number in one transaction), the
 * lists of the member and the team, one ticket with the member's contact card, the team entering the chat,
 * status changes, the satisfaction question and the app's settings. Visibility and the route's ability are the
 * scopes'; here are the rules that depend on the request and the ticket's state. The rules:
 * docs/decisions/tickets.md.
 */

const pagesOf = (total: number, size: number) => Math.ceil(total / size);

type KeptPage = {
  rows: TicketView[];
  total: number;
  changes: Map<string, StatusChange[]>;
  /** Which load of the page this is: a kept answer built from it is good as long as the page is. */
  version: number;
};
let loads = 0;

/**
 * Pages of the ticket lists kept in memory per project, filter and page: every change of a ticket of the project
 * and of its apps' ticket settings is announced as tickets:<project id> (migration 0028), a change of an app (its
 * name beside its tickets) as app:<id>. The requesters' names and pictures are not announced: a kept page shows a
 * new one within a minute.
 */
const keptPages = createChangeCache<KeptPage>({
  tagsOf: (key, page) => [
    `tickets:${key.split('|')[0]}`,
    ...new Set(page.rows.map((row) => `app:${row.appId}`)),
  ],
  maxEntries: 5_000,
});

export function createTicketService(deps: {
  db: Db;
  sign: UrlSign;
  realtime: Realtime;
  events: TicketEvents;
  imageOrigins: string[];
  now?: () => Date;
}) {
  const { db, sign, events } = deps;
  const now = deps.now ?? (() => new Date());

  /** The views with their clocks, as one reader sees them. */
  async function presentAll(
    views: readonly TicketView[],
    readerOf: (view: TicketView) => { can: Ticket['permissions']['can']; isInChat: boolean },
    known?: ReadonlyMap<string, readonly StatusChange[]>,
  ): Promise<Ticket[]> {
    const changes =
      known ??
      (await statusChangesOf(
        db,
        views.map((view) => view.id),
      ));
    const at = now();
    return views.map((view) => presentTicket(sign, view, changes.get(view.id) ?? [], readerOf(view), at));
  }

  /** A page of a list's rows and their status changes, kept (keptPages) while no ticket of the project changes. */
  async function keptPage(projectId: string, filter: TicketFilter, pageNumber: number): Promise<KeptPage> {
    const key = `${projectId}|${JSON.stringify(filter)}|${pageNumber}`;
    const found = await keptPages.read(db, key, async () => {
      const listed = await listTicketViews(db, filter, {
        limit: ticketLimits.pageSize,
        offset: (pageNumber - 1) * ticketLimits.pageSize,
      });
      const changes = await statusChangesOf(
        db,
        listed.rows.map((view) => view.id),
      );
      loads += 1;
      return { ...listed, changes, version: loads };
    });
    return found!;
  }

  /** A page as one reader sees it: the clocks and the reader's own standing are worked out now. */
  async function present(
    kept: KeptPage,
    pageNumber: number,
    readerOf: (view: TicketView) => { can: Ticket['permissions']['can']; isInChat: boolean },
  ): Promise<Paginated<Ticket>> {
    return {
      data: await presentAll(kept.rows, readerOf, kept.changes),
      meta: { page: pageNumber, pages: pagesOf(kept.total, ticketLimits.pageSize), total: kept.total },
    };
  }

  /**
   * The team's reading of a list: the same for everyone of the team, so a kept answer can serve them all (see
   * tickets-kept.ts). `version` names the kept rows it is built from; null when the rows are not kept (no change
   * feed), so nothing may keep the answer.
   */
  async function teamPage(projectId: string, filter: TicketFilter, pageNumber: number) {
    const kept = await keptPage(projectId, filter, pageNumber);
    return {
      version: changeFeedOf(db)?.listening ? kept.version : null,
      produce: () => present(kept, pageNumber, teamReader),
    };
  }

  /** One ticket as the caller of a ticket route sees it. */
  async function ticketOf(access: TicketAccess): Promise<Ticket> {
    const view = await ticketViewOf(db, access.ticket.id);
    if (!view) {
      throw notFound();
    }
    const profileId = access.app.profile?.id;
    const isInChat = profileId ? await isInSupportChat(db, view.chatId, profileId) : false;
    const [ticket] = await presentAll([view], () => ({ can: access.can, isInChat }));
    return ticket!;
  }

  /** The team's reading of a list (their abilities on every ticket are the same: the app's `tickets`). */
  const teamReader = () => ({
    can: ['view', 'join', 'status'] as Ticket['permissions']['can'],
    isInChat: false,
  });

  return {
    /**
     * A member opens a ticket: under the app's settings row lock, the open-tickets limit (409), the next number,
     * the support chat with the member and their first message, the ticket and its first status.
     */
    async open(access: AppAccess, body: TicketCreateBody): Promise<Ticket> {
      const profile = access.profile;
      if (!profile || access.masquerade) {
        throw forbidden();
      }
      if (body.subject === '') {
        throw badRequest({ subject: validationKeys.required });
      }
      const html = sanitizeRichText(body.body, { imageOrigins: deps.imageOrigins, field: 'body' });
      const text = richTextToPlainText(html);
      if (text === '') {
        throw badRequest({ body: validationKeys.required });
      }
      const id = newId();
      const at = now();
      const chatId = await db.transaction(async (tx) => {
        const settings = await lockSettings(tx, access.app.id);
        const open = await countOpenTicketsOf(tx, profile.id);
        if (open >= settings.openTicketsLimit) {
          throw conflict(errorCodes.ticketLimitReached, { limit: settings.openTicketsLimit });
        }
        const number = settings.lastNumber + 1;
        await updateSettings(tx, access.app.id, { lastNumber: number });
        const chat = await insertSupportChat(tx, {
          appId: access.app.id,
          profileId: profile.id,
          bodyHtml: html,
          bodyText: text,
        });
        await insertTicket(tx, {
          id,
          projectId: access.app.projectId,
          appId: access.app.id,
          number,
          chatId: chat.chatId,
          requesterProfileId: profile.id,
          subject: body.subject,
          status: 'new',
          statusChangedAt: at,
          lastMemberMessageAt: at,
          createdAt: at,
          updatedAt: at,
        });
        await insertStatusChange(tx, {
          id: newId(),
          ticketId: id,
          fromStatus: null,
          toStatus: 'new',
          changedByAccountId: access.accountId,
          createdAt: at,
        });
        return chat.chatId;
      });
      joinSupportChatRoom(deps.realtime, chatId, profile.id);
      const view = (await ticketViewOf(db, id))!;
      const can = ticketAbilities({ profileId: profile.id, appCan: access.can, isMasquerading: false }, view);
      const [ticket] = await presentAll([view], () => ({ can, isInChat: true }));
      return ticket!;
    },

    /** The caller's own tickets in the app (none without a profile). */
    async mine(access: AppAccess, query: TicketListQuery): Promise<Paginated<Ticket>> {
      const profile = access.profile;
      if (!profile) {
        return { data: [], meta: { page: query.page, pages: 0, total: 0 } };
      }
      const can = ticketAbilities(
        { profileId: profile.id, appCan: [], isMasquerading: access.masquerade !== null },
        { requesterProfileId: profile.id },
      );
      const filter: TicketFilter = { kind: 'requester', profileId: profile.id, status: query.status };
      const kept = await keptPage(access.project.id, filter, query.page);
      return present(kept, query.page, () => ({ can, isInChat: true }));
    },

    /** The app's tickets for its team (app host). */
    ofApp: (access: AppAccess, query: TicketListQuery) =>
      teamPage(access.project.id, { kind: 'app', appId: access.app.id, status: query.status }, query.page),

    /** The project's tickets for its team (service host), optionally of one app. */
    ofProject: (access: ProjectAccess, query: TicketProjectListQuery) =>
      teamPage(
        access.project.id,
        { kind: 'project', projectId: access.project.id, appId: query.appId, status: query.status },
        query.page,
      ),

    /** TICKETS-01: the project's apps with their tickets per status. */
    async apps(access: ProjectAccess): Promise<TicketAppList> {
      const found = await ticketCountsOfProject(db, access.project.id);
      const byApp = new Map<string, TicketAppList['data'][number]>();
      for (const row of found) {
        const entry = byApp.get(row.appId) ?? {
          appId: row.appId,
          name: row.name,
          slug: row.slug,
          counts: Object.fromEntries(ticketStatusValues.map((status) => [status, 0])) as TicketCounts,
          open: 0,
        };
        if (row.status) {
          entry.counts[row.status] = row.count;
          if (row.status !== 'completed') {
            entry.open += row.count;
          }
        }
        byApp.set(row.appId, entry);
      }
      return { data: [...byApp.values()] };
    },

    /** TICKETS-02: the limits and targets of every app of the project. */
    async limits(access: ProjectAccess) {
      const found = await settingsOfProject(db, access.project.id);
      return {
        data: found.map((row) => ({ appId: row.appId, name: row.name, ...settingsOfRow(row.settings) })),
      };
    },

    /** One ticket; the team also gets the member's contact card (ROUTE-51). */
    async get(access: TicketAccess): Promise<TicketDetail> {
      const ticket = await ticketOf(access);
      const isTeam = access.can.includes('status');
      const contact = isTeam ? await contactOf(db, access.ticket.requesterProfileId) : undefined;
      return { ...ticket, contact: contact ? presentContact(sign, contact) : null };
    },

    /**
     * A team member enters the ticket's support chat to answer there (docs/decisions/tickets.md): with their
     * live profile in the app, or — an owner or app-managing team member without one — a new admin profile.
     */
    async join(access: TicketAccess): Promise<Ticket> {
      if (access.app.masquerade || !access.app.accountId) {
        throw forbidden();
      }
      const accountId = access.app.accountId;
      const { ticket } = access;
      const profileId = await db.transaction(async (tx) => {
        const known = access.app.profile?.id ?? (await liveProfileIdOf(tx, ticket.appId, accountId));
        const id =
          known ??
          (
            await insertProfile(tx, {
              id: newId(),
              projectId: ticket.projectId,
              appId: ticket.appId,
              accountId,
              type: 'admin',
            })
          ).id;
        await enterSupportChat(
          tx,
          { id: ticket.chatId, appId: ticket.appId, lastSeq: await chatSeqOf(tx, ticket.chatId) },
          id,
        );
        return id;
      });
      joinSupportChatRoom(deps.realtime, ticket.chatId, profileId);
      const view = (await ticketViewOf(db, ticket.id))!;
      const [presented] = await presentAll([view], () => ({ can: access.can, isInChat: true }));
      return presented!;
    },

    /** RULE-41: the team moves the ticket to any status; recorded, and both sides hear it at once. */
    async setStatus(access: TicketAccess, status: TicketStatus): Promise<Ticket> {
      if (access.app.masquerade) {
        throw forbidden();
      }
      const changed = await db.transaction(async (tx) => {
        const row = await lockTicket(tx, access.ticket.id);
        if (!row) {
          throw notFound();
        }
        if (row.status === status) {
          return null;
        }
        const moved = await changeStatus(tx, row, status, { accountId: access.app.accountId }, now());
        if (status === 'completed') {
          // A solved ticket earns its member once (issue 21); reopening it takes nothing back.
          await awardPoints(tx, {
            appId: row.appId,
            profileId: row.requesterProfileId,
            action: 'ticket_solved',
            sourceKey: `ticket:${row.id}`,
          });
        }
        return moved;
      });
      if (changed) {
        events.updated(changed);
      }
      return ticketOf(access);
    },

    /** The satisfaction question: once, by the requester, when the ticket is completed and the app asks it. */
    async rate(access: TicketAccess, body: TicketSatisfactionBody): Promise<Ticket> {
      const updated = await db.transaction(async (tx) => {
        const row = await lockTicket(tx, access.ticket.id);
        const settings = settingsOfRow(await findSettings(tx, access.ticket.appId));
        if (
          !row ||
          row.status !== 'completed' ||
          row.satisfactionRating !== null ||
          !settings.isSatisfactionEnabled
        ) {
          throw conflict(errorCodes.satisfactionNotAsked);
        }
        const values = {
          satisfactionRating: body.rating,
          satisfactionComment: body.comment ? body.comment : null,
          updatedAt: now(),
        };
        await updateTicket(tx, row.id, values);
        return { ...row, ...values };
      });
      events.updated(updated);
      return ticketOf(access);
    },

    async settings(access: AppAccess): Promise<TicketSettings> {
      return settingsOfRow(await findSettings(db, access.app.id));
    },

    async editSettings(access: AppAccess, patch: TicketSettingsPatch): Promise<TicketSettings> {
      if (access.masquerade) {
        throw forbidden();
      }
      await db.transaction(async (tx) => {
        await lockSettings(tx, access.app.id);
        await updateSettings(tx, access.app.id, patch);
      });
      return settingsOfRow(await findSettings(db, access.app.id));
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
