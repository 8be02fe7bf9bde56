import { sql } from 'drizzle-orm';
import { ticketLimits } from '../../../contracts/tickets.ts';
import type { Db } from '../../db/client.ts';
import type { JobDefinition, QueuePolicy } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { reachedWarning, ticketClocks } from './tickets.clocks.ts';
import {
  statusChangesOf,
  teamRecipientsOf,
  ticketViewOf,
  warningCandidates,
  type TicketView,
} from './tickets.repo.ts';

/*
 * The team's warning at 80 % of a target (issue 20): every minute, open tickets whose clocks may have come that
 * far (a bound by their age) are computed exactly; a clock that reached the share is stamped (`*_warned_at`,
 * only where it is still empty, so a second run or a second worker warns nobody twice) and the project's owner
 * and app-managing team get one mail. A reopen clears the resolution clock's stamp (its clock restarts).
 */

export const ticketWarningsQueue = 'tickets.warnings';

export const ticketQueues = {
  [ticketWarningsQueue]: { retryLimit: 2, retryDelaySeconds: 30, policy: 'stately' },
} satisfies Record<string, QueuePolicy>;

type Clock = 'firstResponse' | 'resolution';

const stampColumn: Record<Clock, string> = {
  firstResponse: 'first_response_warned_at',
  resolution: 'resolution_warned_at',
};

/** Stamps the clock's warning unless another run did; true when this run did. */
async function stampWarning(db: Db, ticketId: string, clock: Clock, at: Date): Promise<boolean> {
  const column = sql.raw(stampColumn[clock]);
  const result: unknown = await db.execute(
    sql`update tickets set ${column} = ${at.toISOString()}::timestamptz
      where id = ${ticketId} and ${column} is null returning id`,
  );
  return (result as { rows: unknown[] }).rows.length > 0;
}

export async function runTicketWarnings(
  deps: { db: Db; mailer: Pick<Mailer, 'send'>; serviceBaseUrl: string },
  now: Date = new Date(),
): Promise<number> {
  const ids = await warningCandidates(deps.db, ticketLimits.warnAtShare, now);
  const changes = await statusChangesOf(deps.db, ids);
  let warned = 0;
  for (const id of ids) {
    const view = await ticketViewOf(deps.db, id);
    if (!view) {
      continue;
    }
    const clocks = ticketClocks(
      {
        createdAt: view.createdAt,
        firstResponseAt: view.firstResponseAt,
        changes: changes.get(id) ?? [],
        targets: view.targets,
      },
      now,
    );
    for (const clock of ['firstResponse', 'resolution'] as const) {
      const stamped = clock === 'firstResponse' ? view.firstResponseWarnedAt : view.resolutionWarnedAt;
      if (stamped || !reachedWarning(clocks[clock], ticketLimits.warnAtShare)) {
        continue;
      }
      if (await stampWarning(deps.db, id, clock, now)) {
        warned += 1;
        await tellTeam(deps, view, clock, Math.max(0, Math.ceil((clocks[clock].remainingSeconds ?? 0) / 60)));
      }
    }
  }
  return warned;
}

async function tellTeam(
  deps: { db: Db; mailer: Pick<Mailer, 'send'>; serviceBaseUrl: string },
  view: TicketView,
  clock: Clock,
  minutesLeft: number,
): Promise<void> {
  const link = `${deps.serviceBaseUrl}/projects/${view.projectId}/support/ticket/${view.id}`;
  for (const recipient of await teamRecipientsOf(deps.db, view.projectId)) {
    await deps.mailer.send({
      template: 'ticket-warning',
      to: recipient.email,
      language: recipient.language,
      projectId: view.projectId,
      params: { appName: view.appName, number: view.number, subject: view.subject, clock, minutesLeft, link },
    });
  }
}

export function ticketWarningsJob(deps: {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  serviceBaseUrl: string;
}): JobDefinition<Record<string, never>> {
  return {
    name: ticketWarningsQueue,
    cron: '* * * * *',
    handler: async () => {
      await runTicketWarnings(deps);
    },
  };
}
