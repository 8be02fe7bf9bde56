import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../../app/routes';
import { expectNoAxeViolations } from '../../../test/axe';
import { bodyOf, callsTo, json, signInForTest, stubFetch } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { levelProgress } from '../level-progress';
import { adminApp, appShellRoutes, page, rewardsPaths, testRules, testStatus } from '../rewards-test-data';
import { nextThreshold, thresholdsInOrder } from './level-moves';
import { wholeOrNull } from './rules-section';

beforeEach(() => {
  signInForTest();
});

describe('the settings’ small rules', () => {
  it('hands the thresholds to the levels in their new order, and suggests the next threshold', () => {
    const first = testStatus(1);
    const second = testStatus(2);
    const third = testStatus(3);
    // The third dragged to the top: it takes 0, the others move one threshold up.
    expect(thresholdsInOrder([third, first, second])).toEqual([
      { id: third.id, points: 0 },
      { id: first.id, points: 100 },
      { id: second.id, points: 200 },
    ]);
    expect(thresholdsInOrder([first, second, third])).toEqual([]);
    const levels = [first, second, third];
    expect(nextThreshold([])).toBe(0);
    expect(nextThreshold(levels)).toBe(400);
    expect(nextThreshold([testStatus(1)])).toBe(100);
  });

  it('reads number fields as whole numbers or none', () => {
    expect(wholeOrNull('')).toBeNull();
    expect(wholeOrNull(12.6)).toBe(13);
    expect(wholeOrNull('7')).toBe(7);
    expect(wholeOrNull(-3)).toBe(0);
  });

  it('measures the way to the next level', () => {
    // From level 1 at 100 points to level 2 at 200: 140 is 40 % of the way.
    expect(
      levelProgress({
        total: 140,
        levelPoints: 100,
        nextLevel: { level: 2, name: 'x', icon: null, iconImageUrl: null, points: 200, missing: 60 },
      }),
    ).toBe(40);
    expect(levelProgress({ total: 10, levelPoints: 0, nextLevel: null })).toBe(100);
  });
});

describe('the gamification settings', { timeout: 30_000 }, () => {
  it('switches and changes rules, and adds a level to the ladder', async () => {
    const levels = [testStatus(1, { name: 'Neuling' }), testStatus(2, { name: 'Entdecker' })];
    const fetchMock = stubFetch({
      ...appShellRoutes(adminApp),
      [rewardsPaths.rules]: () => json(200, { data: testRules }),
      [rewardsPaths.patchRules]: (init) => {
        const body = bodyOf(init);
        return json(200, { data: testRules.find((rule) => rule.id === body.ruleId) });
      },
      [rewardsPaths.statuses]: () => json(200, page(levels)),
      [rewardsPaths.createStatus]: () => json(201, { data: testStatus(3, { name: 'Profi' }) }),
      [rewardsPaths.patchStatuses]: () => json(200, { data: levels }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/settings/gamification', host: 'app' });
    await screen.findByRole('heading', { level: 1, name: 'Gamification' }, { timeout: 15_000 });
    const nav = await screen.findAllByRole('link', { name: /Gamification/ });
    expect(nav.length).toBeGreaterThan(0);
    const post = await screen.findByTestId('rule-post_created');
    fireEvent.click(within(post).getByRole('switch'));
    await waitFor(() =>
      expect(callsTo(fetchMock, rewardsPaths.patchRules)).toEqual([
        { ruleId: 'post_created', active: false },
      ]),
    );
    const points = within(post).getByTestId('rule-post_created-points');
    fireEvent.change(points, { target: { value: '8' } });
    fireEvent.blur(points);
    const cap = within(post).getByTestId('rule-post_created-cap');
    fireEvent.change(cap, { target: { value: '' } });
    fireEvent.blur(cap);
    await waitFor(() =>
      expect(callsTo(fetchMock, rewardsPaths.patchRules).slice(1)).toEqual([
        { ruleId: 'post_created', points: 8 },
        { ruleId: 'post_created', dailyCap: null },
      ]),
    );
    await expectNoAxeViolations(screen.getByTestId('gamification-settings'));

    fireEvent.click(screen.getByTestId('gamification-tab-levels'));
    const rows = await screen.findAllByTestId('level-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Neuling'),
      expect.stringContaining('Entdecker'),
    ]);
    // Each level has a drag handle (pointer or keyboard) besides the buttons.
    expect(
      within(rows[1] as HTMLElement).getByRole('button', { name: '„Entdecker“ verschieben' }),
    ).toBeTruthy();
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Entdecker nach oben' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, rewardsPaths.patchStatuses)).toEqual([
        {
          statusIds: [levels[1]?.id, levels[0]?.id],
          statuses: [
            { id: levels[1]?.id, points: 0 },
            { id: levels[0]?.id, points: 100 },
          ],
        },
      ]),
    );
    fireEvent.click(screen.getByTestId('level-add'));
    const form = await screen.findByTestId('level-form');
    expect(within(form).getByTestId<HTMLInputElement>('level-points').value).toBe('200');
    fireEvent.click(within(form).getByTestId('level-save'));
    expect(await within(form).findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('level-name'), { target: { value: 'Profi' } });
    fireEvent.click(within(form).getByTestId('level-save'));
    await waitFor(() =>
      expect(callsTo(fetchMock, rewardsPaths.createStatus)).toEqual([
        { name: 'Profi', points: 200, icon: 'star', iconImageId: null, isActive: true },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('level-form')).toBeNull());
  });

  it('shows a level’s picture in its dialog and saves it removed, the icon choosable again', async () => {
    const pictured = testStatus(1, {
      name: 'Neuling',
      iconImageId: '00000000-0000-4000-8000-000000009999',
      iconImageUrl: 'https://files.example/level.png',
    });
    const patchStatus = `PATCH /api/statuses/${pictured.id}`;
    const fetchMock = stubFetch({
      ...appShellRoutes(adminApp),
      [rewardsPaths.rules]: () => json(200, { data: testRules }),
      [rewardsPaths.statuses]: () => json(200, page([pictured])),
      [patchStatus]: () => json(200, { data: { ...pictured, iconImageId: null, iconImageUrl: null } }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/settings/gamification', host: 'app' });
    fireEvent.click(await screen.findByTestId('gamification-tab-levels', {}, { timeout: 15_000 }));
    fireEvent.click(await screen.findByTestId('level-edit'));
    const form = await screen.findByTestId('level-form');
    const picture = within(form).getByTestId('level-image');
    expect(within(picture).getByRole('img').getAttribute('src')).toBe('https://files.example/level.png');
    expect(within(form).getByTestId<HTMLInputElement>('level-icon').disabled).toBe(true);
    fireEvent.click(within(form).getByTestId('level-image-remove'));
    expect(within(picture).queryByRole('img')).toBeNull();
    expect(within(form).getByTestId<HTMLInputElement>('level-icon').disabled).toBe(false);
    await expectNoAxeViolations(form);
    fireEvent.click(within(form).getByTestId('level-save'));
    await waitFor(() =>
      expect(callsTo(fetchMock, patchStatus)).toEqual([
        { name: 'Neuling', points: 0, icon: 'star', iconImageId: null, isActive: true },
      ]),
    );
  });
});
