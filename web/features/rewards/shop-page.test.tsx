import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch, urlOf } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import {
  appShellRoutes,
  memberApp,
  page,
  rewardsPaths,
  testEntry,
  testItem,
  testSummary,
  uuid,
} from './rewards-test-data';
import { blockedReason } from './shop-rules';

beforeEach(() => {
  signInForTest();
});

describe('blockedReason', () => {
  it('names what keeps a member from redeeming, in the server’s order', () => {
    const item = testItem();
    expect(blockedReason(item, 500)).toBeNull();
    expect(blockedReason(item, null)).toBeNull();
    expect(blockedReason(item, 99)).toBe('POINTS_TOO_LOW');
    expect(blockedReason({ ...item, left: 0 }, 0)).toBe('REWARD_SOLD_OUT');
    expect(blockedReason({ ...item, boughtByMe: 1 }, 500)).toBe('REWARD_LIMIT_REACHED');
    expect(blockedReason({ ...item, left: null, perMemberLimit: null }, 100)).toBeNull();
  });
});

describe('the rewards shop', { timeout: 30_000 }, () => {
  const mug = testItem();
  const soldOut = testItem({ id: uuid(9002), name: 'Hoodie', rewardPoints: 300, stock: 2, sold: 2, left: 0 });
  const expensive = testItem({
    id: uuid(9003),
    name: 'Workshop',
    rewardPoints: 500,
    left: null,
    stock: null,
  });

  it('redeems an item after confirming and shows the text after the purchase', async () => {
    const fetchMock = stubFetch({
      ...appShellRoutes(memberApp),
      [rewardsPaths.me]: () => json(200, { data: testSummary({ balance: 120 }) }),
      [rewardsPaths.shop]: () => json(200, page([mug, soldOut, expensive])),
      [rewardsPaths.purchase]: () =>
        json(200, {
          data: {
            order: {
              id: uuid(9301),
              status: 'open',
              points: 100,
              item: { id: mug.id, name: mug.name },
              member: { profileId: uuid(6001), name: 'Anna Berg' },
              createdAt: '2026-11-30T10:00:00.000Z',
              updatedAt: '2026-11-30T10:00:00.000Z',
            },
            balance: 20,
            windowAfterPurchase: 'Ihr Code: TASSE-2026',
          },
        }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/rewards/spend-points', host: 'app' });
    const items = await screen.findAllByTestId('shop-item', undefined, { timeout: 15_000 });
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByTestId('shop-item-price').textContent).toBe('100 Punkte');
    expect(within(first).getByTestId('shop-item-left').textContent).toBe('Noch 4 verfügbar');
    await waitFor(() => expect(screen.getByTestId('shop-balance').textContent).toContain('120 Punkte'));
    expect(within(second).getByTestId('shop-item-blocked').textContent).toBe(
      'Diese Belohnung ist ausverkauft.',
    );
    expect(within(second).getByTestId('shop-item-redeem').hasAttribute('disabled')).toBe(true);
    expect(within(third).getByTestId('shop-item-blocked').textContent).toBe('Ihnen fehlen noch 380 Punkte.');
    await expectNoAxeViolations(screen.getByTestId('shop-page'));

    fireEvent.click(within(first).getByTestId('shop-item-redeem'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('„Kaffeetasse“ für 100 Punkte einlösen?');
    fireEvent.click(within(dialog).getByTestId('purchase-confirm'));
    expect((await screen.findByTestId('purchase-window')).textContent).toBe('Ihr Code: TASSE-2026');
    expect(screen.getByTestId('purchase-done').textContent).toContain('Ihr neuer Punktestand: 20');
    expect(callsTo(fetchMock, rewardsPaths.purchase)).toEqual([{ customStuffId: mug.id }]);
  });

  it('says in the dialog why the server refused a purchase', async () => {
    stubFetch({
      ...appShellRoutes(memberApp),
      [rewardsPaths.me]: () => json(200, { data: testSummary({ balance: 120 }) }),
      [rewardsPaths.shop]: () => json(200, page([mug])),
      [rewardsPaths.purchase]: () =>
        json(409, { code: 'REWARD_SOLD_OUT', message: 'errors.REWARD_SOLD_OUT' }),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/rewards/spend-points', host: 'app' });
    fireEvent.click(await screen.findByTestId('shop-item-redeem', undefined, { timeout: 15_000 }));
    fireEvent.click(await screen.findByTestId('purchase-confirm'));
    expect((await screen.findByTestId('purchase-error')).textContent).toBe(
      'Diese Belohnung ist ausverkauft.',
    );
  });
});

describe('the points history', { timeout: 30_000 }, () => {
  it('lists earnings and purchases with their reward text, and filters by kind', async () => {
    const fetchMock = stubFetch({
      ...appShellRoutes(memberApp),
      [rewardsPaths.history]: (_init, url) =>
        json(
          200,
          page(
            url.searchParams.get('kind') === 'spent'
              ? [
                  testEntry(2, {
                    kind: 'spend',
                    action: 'reward_purchase',
                    points: -100,
                    reward: {
                      id: uuid(9001),
                      name: 'Kaffeetasse',
                      windowAfterPurchase: 'Ihr Code: TASSE-2026',
                    },
                  }),
                ]
              : [
                  testEntry(1),
                  testEntry(3, {
                    kind: 'top_up',
                    action: 'admin_top_up',
                    points: 50,
                    reason: 'Danke fürs Helfen',
                  }),
                ],
          ),
        ),
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/rewards/history', host: 'app' });
    const entries = await screen.findAllByTestId('history-entry', undefined, { timeout: 15_000 });
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Einen Beitrag schreiben'),
      expect.stringContaining('Danke fürs Helfen'),
    ]);
    expect(entries[0]?.textContent).toContain('+5');
    await expectNoAxeViolations(screen.getByTestId('history-page'));
    fireEvent.click(screen.getByText('Ausgegeben'));
    expect((await screen.findByTestId('history-reward-text')).textContent).toBe('Ihr Code: TASSE-2026');
    expect(screen.getByTestId('history-entry').textContent).toContain('Eingelöst: Kaffeetasse');
    expect(screen.getByTestId('history-entry').textContent).toContain('−100');
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes('kind=spent'))).toBe(true);
  });
});
