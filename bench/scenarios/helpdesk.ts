import { defineArea, type Scenario, type ScenarioContext } from '../lib/types.ts';
import { seedHelpdesk, type HelpdeskSeed } from '../seed/helpdesk.ts';

/*
 * Issue 20's budgets, at 50 connections, as shares of the ceiling's req/s in the same run: the help desk's
 * article search (p95 ≤ 30 ms and ≥ 40 %) over 10,000 articles, and the team's ticket list (filters, 20 per
 * page, ≥ 40 %) over 5,000 tickets.
 */

type Page = { data?: Record<string, unknown>[]; meta?: { page?: number; total?: number } };

const shareBudget = { minShareOfCeiling: 0.4 };

export const helpdeskArea = defineArea({
  name: 'helpdesk',
  seed: seedHelpdesk,
  summary: (data) => ({
    articles: data.articles,
    categories: data.categories,
    tickets: data.tickets,
    searchMatches: data.searchMatches,
  }),
  scenarios: (data, context) => helpdeskScenarios(data, context),
});

export async function helpdeskScenarios(data: HelpdeskSeed, context: ScenarioContext): Promise<Scenario[]> {
  const member = { authorization: await context.authorization(data.memberAccountId) };
  const team = { authorization: await context.authorization(data.ownerAccountId) };
  const ticketPage = (status: string | null) => (body: unknown) => {
    const { data: tickets, meta } = body as Page;
    const expected = status ? data.ticketsByStatus[status]! : data.tickets;
    if (tickets?.length !== 20 || meta?.total !== expected) {
      return `expected 20 of ${expected} tickets, got ${tickets?.length ?? 'none'} of ${meta?.total}`;
    }
    return tickets.every((ticket) => (status === null || ticket.status === status) && ticket.subject)
      ? null
      : `expected tickets with a subject${status ? ` in status ${status}` : ''}`;
  };
  return [
    {
      name: 'GET help desk search',
      method: 'GET',
      path: `/api/apps/${data.appId}/helpdesk/search?q=${encodeURIComponent(data.searchWord)}`,
      headers: member,
      check: (body) => {
        const { data: hits } = body as Page;
        if (!hits?.length) {
          return `expected articles for "${data.searchWord}" (${data.searchMatches} match), got none`;
        }
        return hits.every((hit) => String(hit.name).startsWith('Rechnungen'))
          ? null
          : `expected the "Rechnungen" articles first, got ${hits.map((hit) => hit.name).join(', ')}`;
      },
      budget: { ...shareBudget, maxP95Ms: 30 },
    },
    {
      name: 'GET tickets (team, all apps)',
      method: 'GET',
      path: `/api/projects/${data.projectId}/tickets?page=1`,
      headers: team,
      check: ticketPage(null),
      budget: shareBudget,
    },
    {
      name: 'GET tickets (team, app, in work)',
      method: 'GET',
      path: `/api/projects/${data.projectId}/tickets?page=1&appId=${data.appId}&status=work`,
      headers: team,
      check: ticketPage('work'),
      budget: shareBudget,
    },
  ];
}
