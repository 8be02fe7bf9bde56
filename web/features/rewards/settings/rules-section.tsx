import { useState } from 'react';
import { NumberInput, Skeleton, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gamificationLimits, type Rule } from '../../../../contracts/gamification';
import { LoadFailedState } from '../../../components/empty-state';
import { useCurrentApp } from '../../../kernel/current-app';
import { rulesQuery, useRewardsAdmin } from '../rewards-api';
import classes from './settings.module.css';

/** A number field's value as the server wants it: a whole number, or null for an empty field. */
export function wholeOrNull(value: string | number): number | null {
  if (value === '' || value === null) {
    return null;
  }
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.max(0, Math.round(number)) : null;
}

function RuleRow({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  const { updateRule } = useRewardsAdmin();
  const [points, setPoints] = useState<string | number>(rule.points);
  const [cap, setCap] = useState<string | number>(rule.dailyCap ?? '');
  const label = t(`rewards.action.${rule.action}`, { defaultValue: rule.action });
  const isFee = rule.action === 'message_sent_fee';
  const savePoints = () => {
    const value = wholeOrNull(points) ?? 0;
    setPoints(value);
    if (value !== rule.points) {
      updateRule.mutate({ ruleId: rule.id, points: value });
    }
  };
  const saveCap = () => {
    const value = wholeOrNull(cap);
    if (value !== rule.dailyCap) {
      updateRule.mutate({ ruleId: rule.id, dailyCap: value });
    }
  };
  return (
    <li className={classes.ruleRow} data-testid={`rule-${rule.id}`}>
      <div>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`rewards.settings.rules.hint.${rule.action}`, { defaultValue: '' })}
        </Text>
      </div>
      <Switch
        checked={rule.isActive}
        onChange={(event) => updateRule.mutate({ ruleId: rule.id, active: event.currentTarget.checked })}
        aria-label={t('rewards.settings.rules.active', { rule: label })}
        data-testid={`rule-${rule.id}-active`}
      />
      <NumberInput
        value={points}
        onChange={setPoints}
        onBlur={savePoints}
        min={0}
        max={gamificationLimits.points}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        aria-label={t(isFee ? 'rewards.settings.rules.fee' : 'rewards.settings.rules.points', {
          rule: label,
        })}
        rightSection={
          <Text size="xs" c="dimmed">
            {t('rewards.pointsShort')}
          </Text>
        }
        data-testid={`rule-${rule.id}-points`}
      />
      {isFee ? (
        <span />
      ) : (
        <NumberInput
          value={cap}
          onChange={setCap}
          onBlur={saveCap}
          min={0}
          max={gamificationLimits.dailyCap}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          placeholder={t('rewards.settings.rules.noCap')}
          aria-label={t('rewards.settings.rules.cap', { rule: label })}
          data-testid={`rule-${rule.id}-cap`}
        />
      )}
    </li>
  );
}

/** The rules: what each action earns (or the chat fee costs), on or off, and its daily cap per member. */
export function RulesSection() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const rules = useQuery(rulesQuery(app.id));
  if (rules.isError) {
    return (
      <LoadFailedState
        error={rules.error}
        title={t('rewards.settings.loadError')}
        onRetry={() => void rules.refetch()}
      />
    );
  }
  return (
    <div className={classes.section}>
      <Text c="dimmed" size="sm">
        {t('rewards.settings.rules.lead')}
      </Text>
      <div className={classes.panel}>
        <div className={classes.ruleRow} aria-hidden="true">
          <Text size="xs" fw={600} c="dimmed">
            {t('rewards.settings.rules.action')}
          </Text>
          <Text size="xs" fw={600} c="dimmed">
            {t('rewards.settings.rules.on')}
          </Text>
          <Text size="xs" fw={600} c="dimmed">
            {t('rewards.settings.rules.pointsHead')}
          </Text>
          <Text size="xs" fw={600} c="dimmed">
            {t('rewards.settings.rules.capHead')}
          </Text>
        </div>
        {rules.data ? (
          <ul className={classes.list} data-testid="rules-list">
            {rules.data.map((rule) => (
              <RuleRow key={rule.id} rule={rule} />
            ))}
          </ul>
        ) : (
          <Skeleton height={320} />
        )}
      </div>
    </div>
  );
}
