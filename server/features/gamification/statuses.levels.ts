import { sql } from 'drizzle-orm';
import type { LevelBadge } from '../../../contracts/gamification-levels.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';

/*
 * A member's level: the highest active status whose threshold their total reaches, numbered among the app's
 * active statuses (statuses.repo.ts). docs/decisions/gamification.md "Levels".
 */

export type Level = {
  level: number;
  name: string;
  points: number;
  icon: string | null;
  iconImageId: string | null;
};

export const badgeOf = (sign: UrlSign, level: Level): LevelBadge => ({
  level: level.level,
  name: level.name,
  icon: level.icon,
  iconImageUrl: pictureUrl(sign, level.iconImageId, 'tile'),
});

/** The app's active levels, lowest first. */
export async function activeLevels(db: DbOrTx, appId: string): Promise<Level[]> {
  return rows<Level>(
    db,
    sql`select (row_number() over (order by points, created_at, id))::int as level, name, points, icon,
        icon_image_id as "iconImageId"
      from gamification_statuses where app_id = ${appId} and is_active
      order by points, created_at, id`,
  );
}

/** The level a total reaches (null below the first) and the next one (null at the top). */
export function levelsAt(
  levels: readonly Level[],
  total: number,
): { level: Level | null; next: Level | null } {
  const reached = levels.filter((level) => level.points <= total);
  return { level: reached.at(-1) ?? null, next: levels.find((level) => level.points > total) ?? null };
}

/**
 * The levels of the named members of the app, in one query: a name that is no live profile of the app, or a
 * member below the first level, has none.
 */
export async function levelsOfProfiles(
  db: DbOrTx,
  appId: string,
  profileIds: readonly string[],
): Promise<Map<string, Level>> {
  if (profileIds.length === 0) {
    return new Map();
  }
  const found = await rows<Level & { profileId: string }>(
    db,
    sql`with levels as (
        select (row_number() over (order by points, created_at, id))::int as level, name, points, icon,
          icon_image_id
        from gamification_statuses where app_id = ${appId} and is_active)
      select p.id as "profileId", l.level, l.name, l.points, l.icon, l.icon_image_id as "iconImageId"
      from profiles p
      left join gamification_balances b on b.app_id = p.app_id and b.profile_id = p.id
      join lateral (select * from levels where levels.points <= coalesce(b.total, 0)
                    order by levels.level desc limit 1) l on true
      where p.app_id = ${appId} and p.deleted_at is null
        and p.id = any(${`{${[...new Set(profileIds)].join(',')}}`}::uuid[])`,
  );
  return new Map(found.map(({ profileId, ...level }) => [profileId, level]));
}
