import type { RouterApp } from '../../../contracts/router';
import type { Ticket } from '../../../contracts/tickets';
import { json, testApp } from '../../test/fixtures';

// What the request form and the support widget's tests share: a member of the test app and their tickets.

/** A member with a profile who may open requests; the help desk is on. */
export const requestingMember: RouterApp = {
  ...testApp,
  services: { ...testApp.services, helpdesk: true },
  permissions: { can: ['view', 'view_profiles', 'create_ticket'] },
  viewer: {
    profileId: '0190f5a2-7c1e-7b4e-9a55-00000000aa09',
    sanction: null,
    punishedUntil: null,
    language: null,
    timezone: null,
    avatarUrl: null,
  },
};

const clock = {
  targetMinutes: 0,
  elapsedSeconds: 0,
  remainingSeconds: null,
  state: 'running',
  isOverdue: false,
} as const;

export function requestTicket(number: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: `0190f5a2-7c1e-7b4e-9a55-0000000bb${String(number).padStart(3, '0')}`,
    number,
    appId: testApp.id,
    appName: testApp.name,
    appSlug: testApp.slug,
    projectId: testApp.projectId,
    subject: 'Rechnung fehlt',
    status: 'new',
    chatId: `0190f5a2-7c1e-7b4e-9a55-0000000cc${String(number).padStart(3, '0')}`,
    requester: { profileId: requestingMember.viewer!.profileId, name: 'Anna Beispiel', avatarUrl: null },
    createdAt: '2026-03-14T09:30:00.000Z',
    updatedAt: '2026-03-14T09:30:00.000Z',
    statusChangedAt: '2026-03-14T09:30:00.000Z',
    firstResponseAt: null,
    completedAt: null,
    clocks: { firstResponse: clock, resolution: clock },
    satisfaction: null,
    isSatisfactionAsked: false,
    isInChat: true,
    permissions: { can: ['view'] },
    ...overrides,
  };
}

/** A help-desk search hit, as `GET /apps/{appId}/helpdesk/search` answers it. */
export const invoiceArticle = {
  id: '0190f5a2-7c1e-7b4e-9a55-0000000dd001',
  name: 'Rechnungen herunterladen',
  slug: 'rechnungen-herunterladen',
  categoryId: '0190f5a2-7c1e-7b4e-9a55-0000000dd002',
  categoryName: 'Konto',
  categorySlug: 'konto',
  isPublished: true,
  title: [{ text: 'Rechnungen herunterladen', mark: false }],
  snippet: [
    { text: 'Alle ', mark: false },
    { text: 'Rechnungen', mark: true },
    { text: ' finden Sie im Konto.', mark: false },
  ],
};

export const ticketsPath = `/api/apps/${testApp.id}/tickets`;

/** `POST /apps/{appId}/tickets` answering with the new ticket. */
export const openedAnswer = (ticket: Ticket) => () => json(201, { data: ticket });
