import { useState } from 'react';
import { MultiSelect, NumberInput, Skeleton, Stack, Switch, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gamificationLimits, type RewardsSettings } from '../../../../contracts/gamification';
import { tagListSchema } from '../../../../contracts/tags';
import { ApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { LoadFailedState } from '../../../components/empty-state';
import { SaveBar } from '../../../components/save-bar';
import { useCurrentApp } from '../../../kernel/current-app';
import { groupsQuery } from '../../community';
import { rewardsSettingsQuery, useRewardsAdmin } from '../rewards-api';
import { wholeOrNull } from './rules-section';
import classes from './settings.module.css';

const flags = ['isLeaderboardShown', 'isShopShown', 'isLevelShownBesideNames'] as const;

function SettingsForm({ saved }: { saved: RewardsSettings }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { saveSettings } = useRewardsAdmin();
  const [values, setValues] = useState(saved);
  const [size, setSize] = useState<string | number>(saved.leaderboardMembersCount);
  const tags = useQuery({
    queryKey: ['rewards', app.id, 'tags'] as const,
    queryFn: ({ signal }) =>
      api
        .get(`/apps/${app.id}/tags`, { schema: tagListSchema, query: { limit: 100 }, signal })
        .then((a) => a.data),
    meta: { silent: true },
  });
  const groups = useQuery({ ...groupsQuery(app.id), meta: { silent: true } });
  const fieldErrors = saveSettings.error instanceof ApiError ? saveSettings.error.errors : {};
  const current = { ...values, leaderboardMembersCount: wholeOrNull(size) ?? saved.leaderboardMembersCount };
  const dirty = JSON.stringify(current) !== JSON.stringify(saved);
  const set = <K extends keyof RewardsSettings>(key: K, value: RewardsSettings[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    saveSettings.mutate({
      leaderboardMembersCount: Math.max(1, current.leaderboardMembersCount),
      isLeaderboardShown: current.isLeaderboardShown,
      isShopShown: current.isShopShown,
      isLevelShownBesideNames: current.isLevelShownBesideNames,
      rewardMessage: current.rewardMessage,
      excludedTagIds: current.excludedTagIds,
      excludedGroupIds: current.excludedGroupIds,
    });
  };
  // Chosen ids whose names did not load still show (as their id) rather than vanish from the field.
  const options = (list: { id: string; name: string }[] | undefined, chosen: string[]) => {
    const byId = new Map((list ?? []).map((entry) => [entry.id, entry.name]));
    for (const id of chosen) {
      if (!byId.has(id)) {
        byId.set(id, id);
      }
    }
    return [...byId].map(([value, label]) => ({ value, label }));
  };
  return (
    <form onSubmit={submit} noValidate data-testid="gamification-general">
      <Stack gap="lg" className={classes.panel} p="lg">
        {flags.map((flag) => (
          <Switch
            key={flag}
            label={t(`rewards.settings.general.${flag}`)}
            description={t(`rewards.settings.general.${flag}Hint`)}
            checked={values[flag]}
            onChange={(event) => set(flag, event.currentTarget.checked)}
            data-testid={`setting-${flag}`}
          />
        ))}
        <NumberInput
          label={t('rewards.settings.general.leaderboardMembersCount')}
          description={t('rewards.settings.general.leaderboardMembersCountHint')}
          value={size}
          onChange={setSize}
          min={1}
          max={gamificationLimits.leaderboardMembersCount}
          allowDecimal={false}
          allowNegative={false}
          maw={240}
          error={fieldErrors.leaderboardMembersCount ? t(fieldErrors.leaderboardMembersCount) : null}
          data-testid="setting-leaderboardMembersCount"
        />
        <Textarea
          label={t('rewards.settings.general.rewardMessage')}
          description={t('rewards.settings.general.rewardMessageHint')}
          value={values.rewardMessage}
          onChange={(event) => set('rewardMessage', event.currentTarget.value)}
          maxLength={gamificationLimits.rewardMessage}
          autosize
          minRows={2}
          error={fieldErrors.rewardMessage ? t(fieldErrors.rewardMessage) : null}
          data-testid="setting-rewardMessage"
        />
        <MultiSelect
          label={t('rewards.settings.general.excludedTags')}
          description={t('rewards.settings.general.excludedHint')}
          data={options(tags.data, values.excludedTagIds)}
          value={values.excludedTagIds}
          onChange={(ids) => set('excludedTagIds', ids)}
          searchable
          clearable
          maxValues={gamificationLimits.excluded}
          nothingFoundMessage={t('rewards.settings.general.noTags')}
          data-testid="setting-excludedTags"
        />
        <MultiSelect
          label={t('rewards.settings.general.excludedGroups')}
          description={t('rewards.settings.general.excludedHint')}
          data={options(groups.data, values.excludedGroupIds)}
          value={values.excludedGroupIds}
          onChange={(ids) => set('excludedGroupIds', ids)}
          searchable
          clearable
          maxValues={gamificationLimits.excluded}
          nothingFoundMessage={t('rewards.settings.general.noGroups')}
          data-testid="setting-excludedGroups"
        />
      </Stack>
      <SaveBar
        dirty={dirty}
        saving={saveSettings.isPending}
        onDiscard={() => {
          setValues(saved);
          setSize(saved.leaderboardMembersCount);
        }}
        testId="gamification-save"
      />
    </form>
  );
}

/** The service's settings: the boards' size and what shows, the reward message, who earns nothing. */
export function GeneralSection() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const settings = useQuery(rewardsSettingsQuery(app.id));
  if (settings.isError) {
    return (
      <LoadFailedState
        error={settings.error}
        title={t('rewards.settings.loadError')}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  if (!settings.data) {
    return <Skeleton height={420} radius="lg" />;
  }
  return <SettingsForm key={settings.dataUpdatedAt} saved={settings.data} />;
}
