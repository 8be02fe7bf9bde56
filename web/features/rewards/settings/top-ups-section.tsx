import { useState } from 'react';
import { Button, Group, NumberInput, Pagination, Skeleton, Text, Textarea } from '@mantine/core';
import { IconCoins, IconPlusMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gamificationLimits } from '../../../../contracts/gamification';
import { ApiError } from '../../../api/api-error';
import { LoadFailedState } from '../../../components/empty-state';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { topUpsQuery, useRewardsAdmin } from '../rewards-api';
import { MemberSelect, type PickedMember } from './member-select';
import { SettingsFormDialog } from './settings-form-dialog';
import classes from './settings.module.css';

function TopUpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { topUp } = useRewardsAdmin();
  const [member, setMember] = useState<PickedMember | null>(null);
  const [points, setPoints] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const amount = typeof points === 'number' ? Math.trunc(points) : Number.NaN;
  const fieldErrors = topUp.error instanceof ApiError ? topUp.error.errors : {};
  const missing = {
    member: member === null,
    points: !Number.isFinite(amount) || amount === 0,
    reason: reason.trim() === '',
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (member === null || missing.points || missing.reason) {
      return;
    }
    topUp.mutate({ profileId: member.id, points: amount, reason: reason.trim() }, { onSuccess: onClose });
  };
  const errorOf = (field: keyof typeof missing, apiField: string) =>
    checked && missing[field]
      ? t(field === 'points' ? 'rewards.settings.topUps.pointsMissing' : 'validation.required')
      : fieldErrors[apiField]
        ? t(fieldErrors[apiField])
        : null;
  return (
    <SettingsFormDialog
      title={t('rewards.settings.topUps.dialog')}
      onClose={onClose}
      onSubmit={submit}
      saving={topUp.isPending}
      submitLabel={t('rewards.settings.topUps.submit')}
      submitIcon={<IconCoins size={17} stroke={1.8} />}
      testId="top-up"
    >
      <MemberSelect
        value={member}
        onChange={setMember}
        label={t('rewards.settings.topUps.member')}
        error={errorOf('member', 'profileId')}
      />
      <NumberInput
        label={t('rewards.settings.topUps.points')}
        description={t('rewards.settings.topUps.pointsHint')}
        value={points}
        onChange={setPoints}
        min={-gamificationLimits.points}
        max={gamificationLimits.points}
        allowDecimal={false}
        required
        error={errorOf('points', 'points')}
        data-testid="top-up-points"
      />
      <Textarea
        label={t('rewards.settings.topUps.reason')}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={gamificationLimits.reason}
        required
        autosize
        minRows={2}
        error={errorOf('reason', 'reason')}
        data-testid="top-up-reason"
      />
    </SettingsFormDialog>
  );
}

/** Top-ups and deductions by the app's managers, each with its reason: the audit list and the dialog. */
export function TopUpsSection() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const list = useQuery(topUpsQuery(app.id, page));
  if (list.isError) {
    return (
      <LoadFailedState
        error={list.error}
        title={t('rewards.settings.loadError')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  return (
    <div className={classes.section}>
      <div className={classes.sectionHead}>
        <Text c="dimmed" size="sm" maw={560}>
          {t('rewards.settings.topUps.lead')}
        </Text>
        <Button
          leftSection={<IconPlusMinus size={17} stroke={1.8} />}
          onClick={() => setOpen(true)}
          data-testid="top-up-open"
        >
          {t('rewards.settings.topUps.open')}
        </Button>
      </div>
      <div className={classes.panel}>
        {list.data === undefined ? (
          <Skeleton height={160} />
        ) : list.data.data.length === 0 ? (
          <p className={classes.empty}>{t('rewards.settings.topUps.empty')}</p>
        ) : (
          <ul className={classes.list} data-testid="top-ups-list">
            {list.data.data.map((entry) => (
              <li key={entry.id} className={classes.orderRow} data-testid="top-up-row">
                <div>
                  <Text fw={600} size="sm">
                    {entry.member.name}
                  </Text>
                  <Text size="sm">{entry.reason}</Text>
                  <Text size="xs" c="dimmed">
                    {[
                      entry.actor ? t('rewards.settings.topUps.by', { name: entry.actor.name }) : null,
                      format.dateTime(entry.createdAt),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                <span className={entry.points > 0 ? classes.positive : classes.negative}>
                  {entry.points > 0 ? '+' : '−'}
                  {format.number(Math.abs(entry.points))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {list.data && list.data.meta.pages > 1 ? (
        <Group justify="center">
          <Pagination total={list.data.meta.pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      {open ? <TopUpDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
