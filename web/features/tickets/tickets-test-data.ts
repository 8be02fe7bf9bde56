import type { Chat } from '../../../contracts/chat';
import type {
  Ticket,
  TicketAppList,
  TicketClock,
  TicketContact,
  TicketDetail,
  TicketPerson,
  TicketSettings,
} from '../../../contracts/tickets';
import type { App } from '../../../contracts/apps';
import { json, testApp, type Route } from '../../test/fixtures';
import { page, testProject } from '../../test/workspace-fixtures';

/**
 * The tickets' test data: Anna's requests in the app "Akademie Nord" of the project "Akademie Nord", shaped like
 * the server's answers (contracts/tickets.ts).
 */
const uuid = (n: number) => `0190f5a2-7c1e-7b4e-9a55-${n.toString().padStart(12, '0')}`;

export const project = testProject();

/** Anna as a member of the app: she may open requests, nothing of the team's. */
export const memberApp: App = {
  ...testApp,
  permissions: { can: ['view', 'create_ticket'] },
  viewer: {
    profileId: uuid(6001),
    sanction: null,
    punishedUntil: null,
    language: null,
    timezone: 'Europe/Berlin',
    avatarUrl: null,
  },
};

/** What the app's shell reads around a screen: the app, and the bell's count of someone with a profile there. */
export const appShellRoutes = (app: App): Record<string, Route> => ({
  'GET /api/router': () => json(200, { type: 'app', entity: null, app }),
  [`GET /api/apps/${app.id}/notifications/counters`]: () => json(200, { notifications: 0 }),
});

/** What the project's shell reads around a screen of the service host, for the project's owner. */
export const projectShellRoutes = (): Record<string, Route> => ({
  [`GET /api/projects/${project.id}`]: () => json(200, { data: project }),
  [`GET /api/projects/${project.id}/usage`]: () => json(200, { data: project.usage }),
  'GET /api/projects': () => json(200, page([project])),
});

/** The app's team on the app host: its support settings. */
export const teamApp: App = { ...testApp, permissions: { can: ['view', 'edit', 'tickets'] } };

export const anna: TicketPerson = { profileId: uuid(6001), name: 'Anna Beispiel', avatarUrl: null };
export const ben: TicketPerson = { profileId: uuid(6002), name: 'Ben Maier', avatarUrl: null };

/** A clock of a four-hour target that has run ten minutes. */
export function testClock(overrides: Partial<TicketClock> = {}): TicketClock {
  return {
    targetMinutes: 240,
    elapsedSeconds: 600,
    remainingSeconds: 240 * 60 - 600,
    state: 'running',
    isOverdue: false,
    ...overrides,
  };
}

/** Ticket #n; the defaults: Anna's new request "Rechnung fehlt" in the app, both clocks running. */
export function testTicket(n: number, overrides: Partial<TicketDetail> = {}): TicketDetail {
  const at = '2026-11-20T10:00:00.000Z';
  return {
    id: uuid(7000 + n),
    number: n,
    appId: testApp.id,
    appName: testApp.name,
    appSlug: testApp.slug,
    projectId: project.id,
    subject: 'Rechnung fehlt',
    status: 'new',
    chatId: uuid(8000 + n),
    requester: anna,
    createdAt: at,
    updatedAt: at,
    statusChangedAt: at,
    firstResponseAt: null,
    completedAt: null,
    clocks: { firstResponse: testClock(), resolution: testClock({ targetMinutes: 2880 }) },
    satisfaction: null,
    isSatisfactionAsked: false,
    isInChat: true,
    permissions: { can: ['view', 'rate'] },
    contact: null,
    ...overrides,
  };
}

/** Anna's contact card, as the team reads it beside her ticket (ROUTE-51). */
export const annaContact: TicketContact = {
  ...anna,
  email: 'anna@beispiel.de',
  memberSince: '2025-03-01T10:00:00.000Z',
  openTickets: 2,
  totalTickets: 5,
};

/** What the team sees of a ticket: its status control, the chat to join, the contact card. */
export const teamCan: TicketDetail['permissions']['can'] = ['view', 'join', 'status'];

/** A ticket as the answers without the contact card carry it (the lists, a status change, a rating). */
export const ticketOf = ({ contact: _, ...ticket }: TicketDetail): Ticket => ticket;

export const ticketPage = (data: TicketDetail[], page = 1, pages = 1, total = data.length) =>
  json(200, { data: data.map(ticketOf), meta: { page, pages, total } });

export const counts = (counts: Partial<TicketAppList['data'][number]['counts']> = {}) => ({
  new: 0,
  work: 0,
  on_pause: 0,
  completed: 0,
  ...counts,
});

export const testSettings: TicketSettings = {
  openTicketsLimit: 3,
  firstResponseTargetMinutes: 240,
  resolutionTargetMinutes: 2880,
  isSatisfactionEnabled: true,
};

/** A ticket's support chat, as the conversation beside it reads it: Anna's, with no messages yet. */
export function supportChatRoutes(ticket: TicketDetail): Record<string, Route> {
  const at = ticket.createdAt;
  const chat: Chat = {
    id: ticket.chatId,
    appId: ticket.appId,
    kind: 'support',
    isSupport: true,
    name: ticket.subject,
    avatarUrl: null,
    partner: null,
    isPublic: false,
    isMemberAllowToChat: true,
    hideMembers: false,
    requiredStatusId: null,
    requiredLevel: null,
    membersCount: 1,
    moderators: [],
    role: 'member',
    newMessageCounter: 0,
    lastSeq: 0,
    lastReadSeq: 0,
    isBlocked: false,
    isBlockedByPartner: false,
    lastMessage: null,
    permissions: { can: ['view', 'messages'] },
    createdAt: at,
    updatedAt: at,
  };
  return {
    [`GET /api/chats/${ticket.chatId}`]: () => json(200, { data: chat }),
    [`GET /api/chats/${ticket.chatId}/messages`]: () =>
      json(200, { data: [], meta: { page: 1, pages: 0, total: 0 } }),
  };
}
