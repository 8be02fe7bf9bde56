import { Progress, Text } from '@mantine/core';
import { IconInfinity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usageDisplayOrder, type UsageKey } from '../../../contracts/tariffs';
import { formatNumber } from '../../../contracts/intl-format';
import { formatBytes } from '../../kernel/format';
import classes from './projects.module.css';

export type UsageItem = { key: UsageKey; used: number; limit: number };
/** The cloud library's bytes against the tariff's quota (-1 = unlimited). */
export type StorageUsage = { usedBytes: number; limitBytes: number };

/** Spec §9: -1 is unlimited, 0 means the tariff does not include it. */
export type UsageState = 'unlimited' | 'notIncluded' | 'full' | 'near' | 'ok';

export function usageStateOf({ used, limit }: { used: number; limit: number }): UsageState {
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
  unlimited: 'gray',
  notIncluded: 'gray',
  full: 'red',
  near: 'orange',
  ok: 'brand',
};

/** The rows in spec §9's order (apps, contacts, domains, team members); unknown keys are left out. */
export function orderedUsage(items: readonly UsageItem[]): UsageItem[] {
  return usageDisplayOrder.flatMap((key) => items.filter((item) => item.key === key));
}

type RowProps = {
  label: string;
  used: number;
  limit: number;
  show: (value: number) => string;
  testId: string;
};

/**
 * One counted limit: a bar filled by the share used. Unlimited has nothing to fill: an empty track and the
 * infinity sign beside the count, never a full bar.
 */
function UsageRow({ label, used, limit, show, testId }: RowProps) {
  const { t } = useTranslation();
  const state = usageStateOf({ used, limit });
  const value =
    state === 'unlimited'
      ? t('workspace.usage.unlimitedOf', { used: show(used) })
      : state === 'notIncluded'
        ? t('workspace.usage.notIncluded')
        : t('workspace.usage.of', { used: show(used), limit: show(limit) });
  const percent =
    state === 'unlimited' || state === 'notIncluded' ? 0 : Math.min(100, (used / Math.max(limit, 1)) * 100);
  return (
    <div className={classes.usageRow} data-state={state} data-testid={testId}>
      <div className={classes.usageHead}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c={state === 'full' ? 'red.7' : 'dimmed'} className={classes.usageValue}>
          {state === 'unlimited' ? (
            <IconInfinity size={16} stroke={1.8} aria-hidden="true" className={classes.usageInfinity} />
          ) : null}
          {value}
        </Text>
      </div>
      <Progress
        value={percent}
        color={barColor[state]}
        size={6}
        radius="xl"
        aria-label={`${label}: ${value}`}
        className={state === 'unlimited' ? classes.usageUnlimited : undefined}
      />
    </div>
  );
}

/** What is used against the tariff: one labelled bar per counted limit, the storage last when given. */
export function UsageBars({
  items,
  storage,
  compact = false,
}: {
  items: readonly UsageItem[];
  storage?: StorageUsage | null;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  // Not `toLocaleString`, which builds a number format (the locale's ICU data) on every call.
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className={classes.usage} data-compact={compact || undefined} data-testid="usage-bars">
      {orderedUsage(items).map((item) => (
        <UsageRow
          key={item.key}
          label={t(`workspace.usage.keys.${item.key}`)}
          used={item.used}
          limit={item.limit}
          show={number}
          testId={`usage-${item.key}`}
        />
      ))}
      {storage ? (
        <UsageRow
          label={t('workspace.usage.keys.storage')}
          used={storage.usedBytes}
          limit={storage.limitBytes}
          show={(bytes) => formatBytes(bytes, i18n.language)}
          testId="usage-storage"
        />
      ) : null}
    </div>
  );
}
