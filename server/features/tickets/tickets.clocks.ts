import type { TicketClock, TicketStatus } from '../../../contracts/tickets.ts';

/*
 * The two clocks of a ticket (issue 20), computed from its status history, never stored as running totals:
 *
 *   first response  from the ticket's opening until the team's first answer; it runs only while the ticket is
 *                   new or work (stopped while on_pause and once completed) and never restarts;
 *   resolution      from the opening until completion, running only while new or work; a reopen (completed →
 *                   anything else) starts it again from zero, so the target applies to each round of work.
 *
 * A clock is overdue when its running time passed its target (minutes; 0 = no target). The team is warned once
 * per clock at `ticketLimits.warnAtShare` of the target (tickets-warnings.job.ts).
 */

export type StatusChange = { toStatus: TicketStatus; at: Date };

export type ClockFacts = {
  createdAt: Date;
  firstResponseAt: Date | null;
  /** Every status change after the opening, oldest first (the opening itself is `new` at `createdAt`). */
  changes: readonly StatusChange[];
  targets: { firstResponseMinutes: number; resolutionMinutes: number };
};

const runs = (status: TicketStatus) => status === 'new' || status === 'work';

/** Seconds a clock ran in [from, until) given the status timeline. */
function runningSeconds(timeline: readonly StatusChange[], from: Date, until: Date): number {
  let total = 0;
  for (let index = 0; index < timeline.length; index += 1) {
    const current = timeline[index]!;
    const next = timeline[index + 1];
    const start = Math.max(current.at.getTime(), from.getTime());
    const end = Math.min(next ? next.at.getTime() : until.getTime(), until.getTime());
    if (end > start && runs(current.toStatus)) {
      total += end - start;
    }
  }
  return Math.floor(total / 1000);
}

function clockOf(targetMinutes: number, elapsedSeconds: number, state: TicketClock['state']): TicketClock {
  const remainingSeconds = targetMinutes > 0 ? targetMinutes * 60 - elapsedSeconds : null;
  return {
    targetMinutes,
    elapsedSeconds,
    remainingSeconds,
    state,
    isOverdue: remainingSeconds !== null && remainingSeconds < 0,
  };
}

export function ticketClocks(
  facts: ClockFacts,
  now: Date,
): { firstResponse: TicketClock; resolution: TicketClock } {
  const timeline: StatusChange[] = [{ toStatus: 'new', at: facts.createdAt }, ...facts.changes];
  const current = timeline[timeline.length - 1]!.toStatus;

  // First response: until the answer, or now.
  const answeredAt = facts.firstResponseAt;
  const firstElapsed = runningSeconds(timeline, facts.createdAt, answeredAt ?? now);
  const firstState: TicketClock['state'] =
    answeredAt !== null || current === 'completed' ? 'stopped' : runs(current) ? 'running' : 'paused';

  // Resolution: from the last reopen (or the opening) until now; stopped while completed.
  let roundStart = facts.createdAt;
  for (let index = 1; index < timeline.length; index += 1) {
    if (timeline[index - 1]!.toStatus === 'completed' && timeline[index]!.toStatus !== 'completed') {
      roundStart = timeline[index]!.at;
    }
  }
  const resolutionElapsed = runningSeconds(timeline, roundStart, now);
  const resolutionState: TicketClock['state'] =
    current === 'completed' ? 'stopped' : runs(current) ? 'running' : 'paused';

  return {
    firstResponse: clockOf(facts.targets.firstResponseMinutes, firstElapsed, firstState),
    resolution: clockOf(facts.targets.resolutionMinutes, resolutionElapsed, resolutionState),
  };
}

/** Whether a running clock reached the warning share of its target. */
export function reachedWarning(clock: TicketClock, share: number): boolean {
  return (
    clock.state === 'running' &&
    clock.targetMinutes > 0 &&
    clock.elapsedSeconds >= clock.targetMinutes * 60 * share
  );
}
