import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import {
  appShellRoutes,
  memberApp,
  rewardsPaths,
  testBoard,
  testRow,
  testSummary,
} from './rewards-test-data';

beforeEach(() => {
  signInForTest();
});

describe('the rewards page', { timeout: 30_000 }, () => {
  it('shows the balance, the way to the next level, how to earn and the member’s rank outside the top', async () => {
    const fetchMock = stubFetch({
      ...appShellRoutes(memberApp),
      [rewardsPaths.me]: () => json(200, { data: testSummary() }),
      [rewardsPaths.leaderboard]: (_init, url) =>
        json(
          200,
          url.searchParams.get('period') === 'all'
            ? {
                data: testBoard({
                  period: 'all',
                  rows: [testRow(1, { profileId: memberApp.viewer?.profileId, name: 'Anna Berg' })],
                  me: testRow(1, { profileId: memberApp.viewer?.profileId, name: 'Anna Berg' }),
                }),
              }
            : { data: testBoard() },
        ),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/rewards', host: 'app' });
    await screen.findByRole('heading', { level: 1, name: 'Belohnungen' }, { timeout: 15_000 });
    expect((await screen.findByTestId('rewards-balance')).textContent).toBe('120Punkte');
    expect(screen.getByTestId('rewards-level').textContent).toContain('Level 1 · Neuling');
    expect(screen.getByTestId('rewards-next').textContent).toBe('Noch 60 Punkte bis Level 2 (Entdecker)');
    expect(
      screen
        .getByTestId('rewards-progress')
        .querySelector('[role="progressbar"]')
        ?.getAttribute('aria-valuenow'),
    ).toBe('40'); // 140 points between level 1 at 100 and level 2 at 200
    expect(screen.getByTestId('rewards-rank-weekly').textContent).toBe('#12');
    expect(screen.getByTestId('rewards-rank-all').textContent).toBe('–');
    const rules = screen.getByTestId('rewards-rules');
    expect(within(rules).getByTestId('earn-post_created').textContent).toBe(
      'Einen Beitrag schreibenHöchstens 50 Punkte pro Tag+5',
    );
    // The chat fee is off by default, so it is not listed as a way to earn.
    expect(within(rules).queryByText('Gebühr für Chatnachrichten')).toBeNull();

    const board = await screen.findByTestId('leaderboard-list');
    expect(within(board).getAllByTestId('leaderboard-row')).toHaveLength(3);
    const me = within(board).getByTestId('leaderboard-me');
    expect(me.textContent).toContain('Anna Berg');
    expect(me.textContent).toContain('12');
    expect(me.getAttribute('aria-current')).toBe('true');

    fireEvent.click(screen.getByTestId('leaderboard-tab-all'));
    await waitFor(() => expect(screen.getByTestId('leaderboard-me').textContent).toContain('Anna Berg'));
    expect(screen.queryAllByTestId('leaderboard-row')).toHaveLength(0);
    // The shell counts today's visit at most once (other screens of this run may have counted it already).
    expect(callsTo(fetchMock, rewardsPaths.visit).length).toBeLessThanOrEqual(1);
    expect(screen.getByTestId('rewards-shop-link').getAttribute('href')).toBe(
      '/akademie/rewards/spend-points',
    );
    await expectNoAxeViolations(screen.getByTestId('rewards-page'));
  });

  it('counts the daily visit once a day, says when the top level is reached, and is in the menu', async () => {
    const fetchMock = stubFetch({
      ...appShellRoutes(memberApp),
      [rewardsPaths.me]: () => json(200, { data: testSummary({ nextLevel: null }) }),
      [rewardsPaths.leaderboard]: () => json(200, { data: testBoard({ rows: [], me: null }) }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/rewards', host: 'app' });
    await screen.findByTestId('leaderboard-empty', undefined, { timeout: 15_000 });
    expect(screen.getByTestId('rewards-next').textContent).toBe('Sie haben das höchste Level erreicht.');
    // Today's visit was counted by the first load already.
    expect(callsTo(fetchMock, rewardsPaths.visit)).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: /Belohnungen/ }).length).toBeGreaterThan(0);
  });
});
