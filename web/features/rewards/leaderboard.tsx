import { Avatar, Skeleton, Tabs, Text } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leaderboardPeriodValues, type LeaderboardPeriod } from '../../../contracts/gamification';
import type { LeaderboardRow } from '../../../contracts/gamification-points';
import { EmptyState, LoadFailedState } from '../../components/empty-state';
import { useCurrentApp } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { LevelIcon } from './level-icons';
import { leaderboardQuery } from './rewards-api';
import classes from './rewards.module.css';

function Row({ row, isMe }: { row: LeaderboardRow; isMe: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li
      className={classes.boardRow}
      data-me={isMe || undefined}
      data-testid={isMe ? 'leaderboard-me' : 'leaderboard-row'}
      aria-current={isMe ? 'true' : undefined}
    >
      <span className={classes.boardRank} data-top={row.rank <= 3 ? row.rank : undefined}>
        {row.rank}
      </span>
      <Avatar src={row.avatarUrl} name={row.name} color="initials" size={36} radius="xl" alt="" />
      <span className={classes.boardName}>
        <Text fw={600} size="sm" truncate>
          {row.name}
          {isMe ? <span className={classes.boardYou}> · {t('rewards.board.you')}</span> : null}
        </Text>
        {row.level ? (
          <Text size="xs" c="dimmed" className={classes.boardLevel}>
            <LevelIcon icon={row.level.icon} imageUrl={row.level.iconImageUrl} size={13} />
            {t('rewards.levelName', { level: row.level.level, name: row.level.name })}
          </Text>
        ) : null}
      </span>
      <span className={classes.boardPoints}>
        {t('rewards.points', { count: row.points, formatted: format.number(row.points) })}
      </span>
    </li>
  );
}

function Board({ period }: { period: LeaderboardPeriod }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const board = useQuery(leaderboardQuery(app.id, period));
  if (board.isPending) {
    return (
      <div className={classes.boardList}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={52} radius="md" mb={6} />
        ))}
      </div>
    );
  }
  if (board.isError) {
    return (
      <LoadFailedState
        error={board.error}
        title={t('rewards.board.error')}
        onRetry={() => void board.refetch()}
      />
    );
  }
  const { rows, me } = board.data;
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={<IconTrophy size={28} stroke={1.6} />}
        title={t('rewards.board.empty')}
        text={t('rewards.board.emptyText')}
        testId="leaderboard-empty"
      />
    );
  }
  const meInside = me !== null && rows.some((row) => row.profileId === me.profileId);
  return (
    <ol
      className={classes.boardList}
      data-testid="leaderboard-list"
      aria-label={t(`rewards.board.period.${period}`)}
    >
      {rows.map((row) => (
        <Row key={row.profileId} row={row} isMe={row.profileId === me?.profileId} />
      ))}
      {me && !meInside ? (
        <>
          <li className={classes.boardGap} aria-hidden="true">
            ⋯
          </li>
          <Row row={me} isMe />
        </>
      ) : null}
    </ol>
  );
}

/** The leaderboards: weekly, monthly and all-time, with the member's own rank also when outside the top. */
export function LeaderboardCard() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<LeaderboardPeriod>('weekly');
  return (
    <section className={classes.card} aria-labelledby="rewards-board-title" data-testid="leaderboard">
      <div className={classes.cardHead}>
        <h2 id="rewards-board-title" className={classes.cardTitle}>
          <IconTrophy size={20} stroke={1.8} aria-hidden="true" />
          {t('rewards.board.title')}
        </h2>
      </div>
      <Tabs value={period} onChange={(value) => setPeriod((value as LeaderboardPeriod | null) ?? 'weekly')}>
        <Tabs.List grow mb="sm">
          {leaderboardPeriodValues.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`leaderboard-tab-${value}`}>
              {t(`rewards.board.period.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {leaderboardPeriodValues.map((value) => (
          <Tabs.Panel key={value} value={value}>
            {value === period ? <Board period={value} /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </section>
  );
}
