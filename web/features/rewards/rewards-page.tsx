import { Button, Group, Progress, Skeleton, Text, Title } from '@mantine/core';
import { IconGift, IconHistory, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PointsSummary } from '../../../contracts/gamification-points';
import { LoadFailedState } from '../../components/empty-state';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { usePageTitle } from '../../kernel/use-page-title';
import { LeaderboardCard } from './leaderboard';
import { LevelIcon } from './level-icons';
import { levelProgress } from './level-progress';
import { pointsSummaryQuery } from './rewards-api';
import { rewardsLinks } from './rewards-links';
import classes from './rewards.module.css';

function SummaryCard({ summary }: { summary: PointsSummary }) {
  const { t } = useTranslation();
  const format = useFormat();
  const progress = levelProgress(summary);
  return (
    <section className={classes.hero} aria-labelledby="rewards-balance-title" data-testid="rewards-summary">
      <div className={classes.heroTop}>
        <div>
          <h2 id="rewards-balance-title" className={classes.heroLabel}>
            {t('rewards.balance')}
          </h2>
          <p className={classes.heroBalance} data-testid="rewards-balance">
            {format.number(summary.balance)}
            <span className={classes.heroUnit}>{t('rewards.pointsUnit', { count: summary.balance })}</span>
          </p>
          <Text size="sm" className={classes.heroMuted}>
            {t('rewards.total', { formatted: format.number(summary.total) })}
          </Text>
        </div>
        <div className={classes.heroLevel} data-testid="rewards-level">
          <span className={classes.heroLevelIcon} aria-hidden="true">
            <LevelIcon
              icon={summary.level?.icon ?? null}
              imageUrl={summary.level?.iconImageUrl ?? null}
              size={28}
            />
          </span>
          <div>
            <Text size="xs" className={classes.heroMuted}>
              {t('rewards.yourLevel')}
            </Text>
            <Text fw={700} size="lg">
              {summary.level
                ? t('rewards.levelName', { level: summary.level.level, name: summary.level.name })
                : t('rewards.noLevel')}
            </Text>
          </div>
        </div>
      </div>
      <div className={classes.heroProgress}>
        <Progress
          value={progress}
          size="lg"
          radius="xl"
          color="yellow"
          className={classes.heroBar}
          aria-label={t('rewards.progressLabel')}
          data-testid="rewards-progress"
        />
        <Text size="sm" className={classes.heroMuted} data-testid="rewards-next">
          {summary.nextLevel
            ? t('rewards.nextLevel', {
                count: summary.nextLevel.missing,
                formatted: format.number(summary.nextLevel.missing),
                level: summary.nextLevel.level,
                name: summary.nextLevel.name,
              })
            : summary.level
              ? t('rewards.topLevel')
              : t('rewards.noLevels')}
        </Text>
      </div>
      <dl className={classes.ranks}>
        {(['weekly', 'monthly', 'all'] as const).map((period) => (
          <div key={period} className={classes.rank}>
            <dt>{t(`rewards.board.period.${period}`)}</dt>
            <dd data-testid={`rewards-rank-${period}`}>
              {summary.ranks[period] === null ? '–' : `#${summary.ranks[period]}`}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function HowToEarn({ summary }: { summary: PointsSummary }) {
  const { t } = useTranslation();
  const rules = summary.rules.filter((rule) => rule.isActive && rule.action !== 'message_sent_fee');
  const fee = summary.rules.find((rule) => rule.isActive && rule.action === 'message_sent_fee');
  return (
    <section className={classes.card} aria-labelledby="rewards-earn-title" data-testid="rewards-rules">
      <div className={classes.cardHead}>
        <h2 id="rewards-earn-title" className={classes.cardTitle}>
          <IconSparkles size={20} stroke={1.8} aria-hidden="true" />
          {t('rewards.earn.title')}
        </h2>
      </div>
      {rules.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('rewards.earn.none')}
        </Text>
      ) : (
        <ul className={classes.ruleList}>
          {rules.map((rule) => (
            <li key={rule.id} className={classes.ruleRow} data-testid={`earn-${rule.action}`}>
              <span>
                <Text size="sm" fw={500}>
                  {t(`rewards.action.${rule.action}`, { defaultValue: rule.action })}
                </Text>
                {rule.dailyCap !== null ? (
                  <Text size="xs" c="dimmed">
                    {t('rewards.earn.cap', { count: rule.dailyCap })}
                  </Text>
                ) : null}
              </span>
              <span className={classes.rulePoints}>{`+${rule.points}`}</span>
            </li>
          ))}
        </ul>
      )}
      {fee ? (
        <Text size="xs" c="dimmed" mt="sm">
          {t('rewards.earn.fee', { count: fee.points })}
        </Text>
      ) : null}
    </section>
  );
}

/** `/{appSlug}/rewards` (ROUTE-80): the member's points and level, how to earn, and the leaderboards. */
export function RewardsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  usePageTitle(t('rewards.title'));
  const summary = useQuery(pointsSummaryQuery(app.id));
  const canSpend = appCan(app, 'spend_points');
  return (
    <div className={classes.page} data-testid="rewards-page">
      <Group component="header" justify="space-between" align="flex-end" gap="md" mb="lg">
        <div>
          <Title order={1} fz="clamp(1.6rem, 4vw, 2.2rem)">
            {t('rewards.title')}
          </Title>
          <Text c="dimmed">{t('rewards.lead')}</Text>
        </div>
        <Group gap="sm">
          <Button
            component={Link}
            to={rewardsLinks.history(app.slug)}
            variant="default"
            leftSection={<IconHistory size={18} stroke={1.8} />}
            data-testid="rewards-history-link"
          >
            {t('rewards.history.menu')}
          </Button>
          {canSpend && summary.data?.isShopShown !== false ? (
            <Button
              component={Link}
              to={rewardsLinks.shop(app.slug)}
              leftSection={<IconGift size={18} stroke={1.8} />}
              data-testid="rewards-shop-link"
            >
              {t('rewards.shop.menu')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {summary.isError ? (
        <LoadFailedState
          error={summary.error}
          title={t('rewards.error')}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <div className={classes.layout}>
          <div className={classes.mainColumn}>
            {summary.data ? <SummaryCard summary={summary.data} /> : <Skeleton height={260} radius="lg" />}
            {summary.data ? <HowToEarn summary={summary.data} /> : <Skeleton height={240} radius="lg" />}
          </div>
          <div className={classes.sideColumn}>
            {summary.data?.isLeaderboardShown === false ? null : <LeaderboardCard />}
          </div>
        </div>
      )}
    </div>
  );
}
