import { eq, sql } from 'drizzle-orm';
import {
  defaultRules,
  ruleActionValues,
  type Rule,
  type RuleAction,
} from '../../../contracts/gamification.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { gamificationRules } from '../../db/schema/index.ts';
import type { GamificationView } from './gamification.access.ts';

/*
 * The app's rules (docs/decisions/gamification.md "Rules"): one per action, a missing row meaning the action's
 * defaults (contracts/gamification.ts `defaultRules`). A change upserts the row: the fields sent over the
 * stored ones, or over the defaults for an action not stored yet.
 */

type RuleRow = typeof gamificationRules.$inferSelect;

const presentRule = (action: RuleAction, row: RuleRow | undefined): Rule => {
  const values = row ?? defaultRules[action];
  return { id: action, action, points: values.points, isActive: values.isActive, dailyCap: values.dailyCap };
};

/** Every rule action of the app with its stored or default values, in the contract's order. */
export async function rulesOf(db: DbOrTx, appId: string): Promise<Rule[]> {
  const stored = await db.select().from(gamificationRules).where(eq(gamificationRules.appId, appId));
  const byAction = new Map(stored.map((row) => [row.action, row]));
  return ruleActionValues.map((action) => presentRule(action, byAction.get(action)));
}

/** The rules that earn points now (how to earn, on the member's rewards page). */
export const earningRules = (rules: readonly Rule[]) =>
  rules.filter((rule) => rule.action !== 'message_sent_fee' && rule.isActive && rule.points > 0);

export type RulePatch = { ruleId: RuleAction; active?: boolean; points?: number; dailyCap?: number | null };

export function createRulesService(deps: { db: Db }) {
  const { db } = deps;
  return {
    list: async (view: GamificationView) => ({ data: await rulesOf(db, view.app.app.id) }),

    /** Upserts the rule: only the fields sent change, so two admins changing different fields both count. */
    async update(view: GamificationView, body: RulePatch): Promise<Rule> {
      const fallback = defaultRules[body.ruleId];
      const sent = {
        ...(body.active !== undefined ? { isActive: body.active } : {}),
        ...(body.points !== undefined ? { points: body.points } : {}),
        ...(body.dailyCap !== undefined ? { dailyCap: body.dailyCap } : {}),
      };
      const [row] = await db
        .insert(gamificationRules)
        .values({ appId: view.app.app.id, action: body.ruleId, ...fallback, ...sent })
        .onConflictDoUpdate({
          target: [gamificationRules.appId, gamificationRules.action],
          set: { ...sent, updatedAt: sql`now()` },
        })
        .returning();
      return presentRule(body.ruleId, row);
    },
  };
}

export type RulesService = ReturnType<typeof createRulesService>;
