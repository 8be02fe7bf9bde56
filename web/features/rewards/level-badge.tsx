import { Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { levelsResponseSchema, type LevelBadge as Level } from '../../../contracts/gamification-levels';
import { api } from '../../api/client';
import { useOptionalCurrentApp } from '../../kernel/current-app';
import { LevelIcon } from './level-icons';
import { rewardsApiPaths, rewardsKeys } from './rewards-api';
import classes from './rewards.module.css';

/** How many profiles one `levels` request asks for. */
const batchSize = 100;

type Pending = { resolve: (level: Level | null) => void; reject: (error: unknown) => void }[];

/**
 * The badges on screen ask together: every profile id asked for within one tick goes into one
 * `GET gamification/levels?profileIds=…` request; react-query then keeps each profile's answer on its own.
 */
const batches = new Map<string, Map<string, Pending>>();

function flush(appId: string) {
  const waiting = batches.get(appId);
  batches.delete(appId);
  if (!waiting) {
    return;
  }
  const ids = [...waiting.keys()];
  for (let start = 0; start < ids.length; start += batchSize) {
    const chunk = ids.slice(start, start + batchSize);
    api
      .get(rewardsApiPaths.levels(appId), {
        schema: levelsResponseSchema,
        query: { profileIds: chunk.join(',') },
      })
      .then((answer) => {
        const byId = new Map(answer.data.map((row) => [row.profileId, row.level]));
        for (const id of chunk) {
          for (const pending of waiting.get(id) ?? []) {
            pending.resolve(byId.get(id) ?? null);
          }
        }
      })
      .catch((error: unknown) => {
        for (const id of chunk) {
          for (const pending of waiting.get(id) ?? []) {
            pending.reject(error);
          }
        }
      });
  }
}

export function loadLevel(appId: string, profileId: string): Promise<Level | null> {
  return new Promise((resolve, reject) => {
    let waiting = batches.get(appId);
    if (!waiting) {
      waiting = new Map();
      batches.set(appId, waiting);
      setTimeout(() => flush(appId), 0);
    }
    const list = waiting.get(profileId) ?? [];
    list.push({ resolve, reject });
    waiting.set(profileId, list);
  });
}

/**
 * A member's level beside their name (its icon and name), where the app shows levels: the rewards service on
 * and `isLevelShownBesideNames` (the server answers no level otherwise). Renders nothing without a level.
 */
export function LevelBadge({ profileId }: { profileId: string | null | undefined }) {
  const { t } = useTranslation();
  const app = useOptionalCurrentApp();
  const enabled = Boolean(app?.services.rewards && profileId);
  const level = useQuery({
    queryKey: rewardsKeys.level(app?.id ?? '', profileId ?? ''),
    queryFn: () => loadLevel(app?.id ?? '', profileId ?? ''),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });
  if (!enabled || !level.data) {
    return null;
  }
  const label = t('rewards.badge.label', { level: level.data.level, name: level.data.name });
  return (
    <Tooltip label={label} withArrow>
      <span className={classes.levelBadge} data-testid="level-badge" aria-label={label} role="img">
        <LevelIcon icon={level.data.icon} imageUrl={level.data.iconImageUrl} size={13} />
        <span className={classes.levelBadgeName} aria-hidden="true">
          {level.data.name}
        </span>
      </span>
    </Tooltip>
  );
}
