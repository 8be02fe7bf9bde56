import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketClock } from '../../../contracts/tickets';
import { renderWithProviders } from '../../test/render';
import { TicketClocks } from './ticket-clocks';
import { testClock, testTicket } from './tickets-test-data';

const answeredAt = '2026-11-20T10:00:00.000Z';

function renderClocks(firstResponse: TicketClock, resolution: TicketClock = testClock({ targetMinutes: 0 })) {
  renderWithProviders(
    <TicketClocks
      ticket={testTicket(1, { clocks: { firstResponse, resolution } })}
      answeredAt={answeredAt}
    />,
  );
}

const firstResponse = () => screen.getByLabelText(/^Erste Antwort:/);
const resolution = () => screen.getByLabelText(/^Lösung:/);

/** Lets the clocks' half-minute tick run for `minutes`. */
function pass(minutes: number) {
  act(() => {
    vi.advanceTimersByTime(minutes * 60_000);
  });
}

beforeEach(() => {
  // The clocks count on from the answer's time: "now" is fixed at the answer, and only the interval moves it.
  vi.useFakeTimers({ now: Date.parse(answeredAt), toFake: ['Date', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ticket clocks', () => {
  it('counts a running clock down from the answer and shows it overdue once the target passes', () => {
    renderClocks(testClock({ elapsedSeconds: 3 * 3600, remainingSeconds: 3600 }));
    expect(firstResponse().getAttribute('aria-label')).toBe(
      'Erste Antwort: noch 1 Std. 0 Min. (Die Uhr läuft)',
    );
    expect(firstResponse().getAttribute('data-state')).toBe('running');

    expect(firstResponse().hasAttribute('data-due-soon')).toBe(false);

    // Four fifths of the target have passed: the team was warned, and the clock says it is due soon.
    pass(20);
    expect(firstResponse().getAttribute('aria-label')).toBe(
      'Erste Antwort: noch 40 Min. – bald fällig (Die Uhr läuft)',
    );
    expect(firstResponse().hasAttribute('data-due-soon')).toBe(true);
    expect(firstResponse().hasAttribute('data-overdue')).toBe(false);

    pass(45);
    expect(firstResponse().getAttribute('aria-label')).toBe(
      'Erste Antwort: 5 Min. überfällig (Die Uhr läuft)',
    );
    expect(firstResponse().hasAttribute('data-overdue')).toBe(true);
    expect(firstResponse().hasAttribute('data-due-soon')).toBe(false);
  });

  it('counts what passed since the answer was read at once, not only from the next tick', () => {
    vi.setSystemTime(Date.parse(answeredAt) + 10 * 60_000);
    renderClocks(testClock({ remainingSeconds: 30 * 60 }));
    expect(firstResponse().getAttribute('aria-label')).toBe(
      'Erste Antwort: noch 20 Min. – bald fällig (Die Uhr läuft)',
    );
  });

  it('keeps a clock still while the ticket is on pause', () => {
    vi.setSystemTime(Date.parse(answeredAt) + 10 * 60_000);
    renderClocks(testClock({ elapsedSeconds: 1800, remainingSeconds: 600, state: 'paused' }));
    const paused = 'Erste Antwort: noch 10 Min. (Die Uhr steht, solange die Anfrage pausiert ist)';
    expect(firstResponse().getAttribute('aria-label')).toBe(paused);
    expect(firstResponse().getAttribute('data-state')).toBe('paused');

    pass(60);
    expect(firstResponse().getAttribute('aria-label')).toBe(paused);
    expect(firstResponse().hasAttribute('data-overdue')).toBe(false);
  });

  it('shows a stopped clock with the time it took, marked when it missed its target', () => {
    renderClocks(
      testClock({ elapsedSeconds: 25 * 60, remainingSeconds: 215 * 60, state: 'stopped' }),
      testClock({
        targetMinutes: 60,
        elapsedSeconds: 26 * 3600 + 5 * 60,
        remainingSeconds: -(25 * 3600 + 5 * 60),
        state: 'stopped',
        isOverdue: true,
      }),
    );
    expect(firstResponse().getAttribute('aria-label')).toBe('Erste Antwort: nach 25 Min. (Erledigt)');
    expect(firstResponse().hasAttribute('data-overdue')).toBe(false);
    expect(resolution().getAttribute('aria-label')).toBe('Lösung: nach 1 T 2 Std. (Erledigt)');
    expect(resolution().hasAttribute('data-overdue')).toBe(true);

    pass(60);
    expect(firstResponse().getAttribute('aria-label')).toBe('Erste Antwort: nach 25 Min. (Erledigt)');
  });

  it('counts up a clock without a target and never calls it overdue', () => {
    renderClocks(testClock(), testClock({ targetMinutes: 0, elapsedSeconds: 45, remainingSeconds: null }));
    expect(resolution().getAttribute('aria-label')).toBe('Lösung: 45 Sek. (ohne Zielzeit) (Die Uhr läuft)');

    pass(300);
    expect(resolution().getAttribute('aria-label')).toBe(
      'Lösung: 5 Std. 0 Min. (ohne Zielzeit) (Die Uhr läuft)',
    );
    expect(resolution().hasAttribute('data-overdue')).toBe(false);
  });
});
