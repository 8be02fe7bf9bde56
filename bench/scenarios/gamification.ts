import { openDatabase } from '../../server/db/client.ts';
import { defineArea, type Measurement, type Scenario, type ScenarioContext } from '../lib/types.ts';
import { seedGamification, type GamificationSeed } from '../seed/gamification.ts';

/*
 * Issue 21's budgets: the leaderboard (10,000 members, 2,000,000 ledger entries) ≥ 40 % of the ceiling and
 * p99 ≤ 30 ms; 1,000 concurrent purchases of an item with 100 in stock end with exactly 100 sold, 100 open
 * orders and no negative balance (checked in the database afterwards, and printed).
 */

type Board = { data?: { rows?: { rank: number }[]; me?: { rank: number } | null } };

export const gamificationArea = defineArea({
  name: 'gamification',
  seed: seedGamification,
  summary: (data) => ({ members: data.members, ledgerEntries: data.ledgerEntries, ranks: data.ranks }),
  scenarios: (data, context) => boardScenarios(data, context),
  measurements: (data) => [concurrentPurchases(data)],
});

async function boardScenarios(data: GamificationSeed, context: ScenarioContext): Promise<Scenario[]> {
  const reader = await context.authorization(data.readerAccountId);
  const check = (body: unknown) => {
    const board = (body as Board).data;
    // Member 5,000's newest entries are of this week unless the week began within the hour: then not ranked.
    return board?.rows?.length === 100 && (board.me === null || (board.me && board.me.rank > 100))
      ? null
      : `expected the top 100 and the reader's own rank beyond it, got ${board?.rows?.length} rows, me ${JSON.stringify(board?.me)}`;
  };
  return (['all', 'weekly'] as const).map((period) => ({
    name: `GET leaderboard (${period}, top 100 of 10,000)`,
    method: 'GET',
    path: `/api/apps/${data.appId}/gamification/leaderboard?period=${period}`,
    headers: { authorization: reader, 'accept-encoding': 'gzip, deflate, br, zstd' },
    check,
    budget: { minShareOfCeiling: 0.4, maxP99Ms: 30 },
  }));
}

function concurrentPurchases(data: GamificationSeed): Measurement {
  return {
    name: `${data.buyerAccountIds.length} concurrent purchases, ${data.stock} in stock`,
    async run(context) {
      const tokens = await Promise.all(data.buyerAccountIds.map((id) => context.authorization(id)));
      const url = `${context.baseUrl}/api/apps/${data.appId}/gamification/purchase`;
      const started = Date.now();
      const answers = await Promise.all(
        tokens.map((authorization) =>
          fetch(url, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ customStuffId: data.itemId }),
          }).then(async (response) => ({ status: response.status, body: await response.text() })),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      const bought = answers.filter((answer) => answer.status === 200).length;
      const soldOut = answers.filter((answer) => answer.body.includes('REWARD_SOLD_OUT')).length;
      const other = answers.length - bought - soldOut;
      const database = await openDatabase({ url: data.databaseUrl, dataDir: 'unused', poolMax: 1 });
      let facts: { sold: number; open: number; negative: number; mismatched: number };
      try {
        const { rows } = await database.sql.query<typeof facts>(
          `select (select sold from reward_items where id = $2) as sold,
             (select count(*)::int from reward_orders where item_id = $2 and status = 'open') as open,
             (select count(*)::int from gamification_balances where app_id = $1 and balance < 0) as negative,
             (select count(*)::int from gamification_balances b where b.app_id = $1 and b.balance <>
               (select coalesce(sum(points), 0) from gamification_ledger l
                where l.app_id = b.app_id and l.profile_id = b.profile_id)) as mismatched`,
          [data.appId, data.itemId],
        );
        facts = rows[0]!;
      } finally {
        await database.close();
      }
      const correct =
        facts.sold === data.stock &&
        facts.open === data.stock &&
        bought === data.stock &&
        facts.negative === 0 &&
        facts.mismatched === 0 &&
        other === 0;
      context.log(
        `gamification: ${bought} bought, ${soldOut} sold out, ${other} other answers in ${seconds.toFixed(2)} s; ` +
          `sold ${facts.sold} of ${data.stock}, ${facts.open} open orders, ${facts.negative} negative balances, ` +
          `${facts.mismatched} balances unlike their ledger${correct ? '' : ' — WRONG'}`,
      );
      const details = { bought, soldOut, other, ...facts, seconds };
      return [
        {
          name: 'purchases: sold',
          value: facts.sold,
          unit: 'items',
          budget: { min: data.stock, max: data.stock },
          errors: correct ? 0 : 1,
          details,
        },
        {
          name: 'purchases: open orders',
          value: facts.open,
          unit: 'orders',
          budget: { min: data.stock, max: data.stock },
        },
        { name: 'purchases: negative balances', value: facts.negative, unit: 'members', budget: { max: 0 } },
        { name: 'purchases: all answered in', value: seconds, unit: 's', budget: null },
      ];
    },
  };
}
