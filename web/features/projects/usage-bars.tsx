import { Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usageDisplayOrder, type UsageKey } from '../../../contracts/workspace';
import classes from './projects.module.css';

export type UsageItem = { key: UsageKey; used: number; limit: number };

/** Spec §9: -1 is unlimited, 0 means the tariff does not include it. */
export type UsageState = 'unlimited' | 'notIncluded' | 'full' | 'near' | 'ok';

export function usageStateOf({ used, limit }: UsageItem): UsageState {
  if (limit === -1) {
    return 'unlimited';
  }
  if (limit === 0) {
    return 'notIncluded';
  }
  if (used >= limit) {
    return 'full';
  }
  return used / limit >= 0.8 ? 'near' : 'ok';
}

const barColor: Record<UsageState, string> = {
  unlimited: 'teal',
  notIncluded: 'gray',
  full: 'red',
  near: 'orange',
  ok: 'brand',
};

/** The rows in spec §9's order (apps, contacts, domains, team members); unknown keys are left out. */
export function orderedUsage(items: readonly UsageItem[]): UsageItem[] {
  return usageDisplayOrder.flatMap((key) => items.filter((item) => item.key === key));
}

/** What is used against the tariff: one labelled bar per counted limit. */
export function UsageBars({ items, compact = false }: { items: readonly UsageItem[]; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  return (
    <div className={classes.usage} data-compact={compact || undefined} data-testid="usage-bars">
      {orderedUsage(items).map((item) => {
        const state = usageStateOf(item);
        const value =
          state === 'unlimited'
            ? t('workspace.usage.unlimitedOf', { used: number(item.used) })
            : state === 'notIncluded'
              ? t('workspace.usage.notIncluded')
              : t('workspace.usage.of', { used: number(item.used), limit: number(item.limit) });
        const percent =
          state === 'unlimited' || state === 'notIncluded'
            ? 0
            : Math.min(100, (item.used / Math.max(item.limit, 1)) * 100);
        return (
          <div
            key={item.key}
            className={classes.usageRow}
            data-state={state}
            data-testid={`usage-${item.key}`}
          >
            <div className={classes.usageHead}>
              <Text size="sm" fw={500}>
                {t(`workspace.usage.keys.${item.key}`)}
              </Text>
              <Text size="sm" c={state === 'full' ? 'red.7' : 'dimmed'} className={classes.usageValue}>
                {value}
              </Text>
            </div>
            <Progress
              value={state === 'unlimited' ? 100 : percent}
              color={barColor[state]}
              size={compact ? 4 : 6}
              radius="xl"
              striped={state === 'unlimited'}
              aria-label={`${t(`workspace.usage.keys.${item.key}`)}: ${value}`}
              className={state === 'unlimited' ? classes.usageUnlimited : undefined}
            />
          </div>
        );
      })}
    </div>
  );
}
