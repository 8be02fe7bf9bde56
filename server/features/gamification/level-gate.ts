import { sql } from 'drizzle-orm';
import type { RequiredLevel } from '../../../contracts/level-gates.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { AppError } from '../../platform/errors.ts';
import { servicesOf } from '../apps/public.ts';

/*
 * Level gates (issue 21): a space, a course or a group chat may ask for a level (`required_status_id`, a row of
 * gamification_statuses). The gate holds only while the app's rewards service is on and the level is active;
 * an inactive or deleted level, or the service off, gates nothing (nobody could reach it otherwise). Who may edit
 * the thing always passes. The member's total is read fresh (one indexed read of the balance row), never kept in
 * a cached standing: it changes with every point. docs/decisions/gamification.md "Earning and level gates".
 */

export type LevelGate =
  { passes: true; required: RequiredLevel | null } | { passes: false; required: RequiredLevel };

type GateRow = { level: number; name: string; points: number; total: number; options: { services?: object } };

/**
 * Whether the member passes the gate of `requiredStatusId` (null: no gate); `manages`: they may edit the gated
 * thing (they always pass). Not passing answers the level they need.
 */
export async function levelGate(
  db: DbOrTx,
  gate: { appId: string; profileId: string | null; requiredStatusId: string | null; manages: boolean },
): Promise<LevelGate> {
  if (gate.requiredStatusId === null) {
    return { passes: true, required: null };
  }
  const [row] = await gateRows(db, gate.appId, gate.profileId, gate.requiredStatusId);
  if (!row || !rewardsOn(row)) {
    return { passes: true, required: null };
  }
  const required = { level: row.level, name: row.name, points: row.points };
  return gate.manages || row.total >= row.points ? { passes: true, required } : { passes: false, required };
}

/** 403 LEVEL_REQUIRED with the level (its number, name and points) when the member does not pass. */
export async function assertLevel(db: DbOrTx, gate: Parameters<typeof levelGate>[1]): Promise<void> {
  const result = await levelGate(db, gate);
  if (!result.passes) {
    throw levelRequired(result.required);
  }
}

const levelRequired = (required: RequiredLevel) =>
  new AppError(403, 'LEVEL_REQUIRED', { details: { requiredLevel: required } });

/**
 * The levels among `statusIds` that gate anything now (active, the rewards service on), by id: one read for a
 * list of spaces or chats; no read when none of them asks for a level.
 */
export async function requiredLevelsOf(
  db: DbOrTx,
  appId: string,
  statusIds: readonly (string | null)[],
): Promise<Map<string, RequiredLevel>> {
  const wanted = [...new Set(statusIds.filter((id): id is string => id !== null))];
  if (wanted.length === 0) {
    return new Map();
  }
  const found = await rows<GateRow & { id: string }>(
    db,
    sql`select l.id, l.level, l.name, l.points, a.options, 0 as total
      from (${activeLevels(appId)}) l join apps a on a.id = ${appId}
      where l.id = any(${`{${wanted.join(',')}}`}::uuid[])`,
  );
  return new Map(
    found
      .filter(rewardsOn)
      .map((row) => [row.id, { level: row.level, name: row.name, points: row.points }] as const),
  );
}

/** A form's `requiredStatusId`: 400 (`errors[field]`) unless it names a level of the app. */
export async function levelFieldErrors(
  db: DbOrTx,
  appId: string,
  statusId: string | null | undefined,
  field = 'requiredStatusId',
): Promise<Record<string, string>> {
  if (statusId === null || statusId === undefined) {
    return {};
  }
  const [row] = await rows<{ id: string }>(
    db,
    sql`select id from gamification_statuses where id = ${statusId} and app_id = ${appId}`,
  );
  return row ? {} : { [field]: validationKeys.invalidValue };
}

const rewardsOn = (row: GateRow) => servicesOf(row.options).rewards;

/** The app's active levels numbered from 1 by points (as the statuses list numbers them). */
const activeLevels = (appId: string) =>
  sql`select id, name, points, (row_number() over (order by points, created_at, id))::int as level
    from gamification_statuses where app_id = ${appId} and is_active`;

/** The active level `statusId` with its number, the app's services and the member's total: one statement. */
function gateRows(db: DbOrTx, appId: string, profileId: string | null, statusId: string) {
  return rows<GateRow>(
    db,
    sql`select l.level, l.name, l.points, a.options,
        coalesce((select b.total from gamification_balances b
                  where b.app_id = ${appId} and b.profile_id = ${profileId}::uuid), 0)::int as total
      from (${activeLevels(appId)}) l
      join apps a on a.id = ${appId}
      where l.id = ${statusId}`,
  );
}
