import { useState } from 'react';
import { Button, Group, Pagination, SegmentedControl, Skeleton, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rewardOrderStatusValues, type RewardOrderStatus } from '../../../../contracts/gamification';
import { LoadFailedState } from '../../../components/empty-state';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { ordersQuery, useRewardsAdmin } from '../rewards-api';
import classes from './settings.module.css';

/** The shop's orders: the open ones to fulfil (or refund, which returns the points), and the settled ones. */
export function OrdersSection() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  const [status, setStatus] = useState<RewardOrderStatus>('open');
  const [page, setPage] = useState(1);
  const orders = useQuery(ordersQuery(app.id, status, page));
  const { settleOrder } = useRewardsAdmin();
  if (orders.isError) {
    return (
      <LoadFailedState
        error={orders.error}
        title={t('rewards.settings.loadError')}
        onRetry={() => void orders.refetch()}
      />
    );
  }
  return (
    <div className={classes.section}>
      <SegmentedControl
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        data={rewardOrderStatusValues.map((value) => ({
          value,
          label: t(`rewards.settings.orders.${value}`),
        }))}
        aria-label={t('rewards.settings.orders.filter')}
        style={{ alignSelf: 'flex-start' }}
        data-testid="orders-filter"
      />
      <div className={classes.panel}>
        {orders.data === undefined ? (
          <Skeleton height={160} />
        ) : orders.data.data.length === 0 ? (
          <p className={classes.empty}>{t(`rewards.settings.orders.empty.${status}`)}</p>
        ) : (
          <ul className={classes.list} data-testid="orders-list">
            {orders.data.data.map((order) => (
              <li key={order.id} className={classes.orderRow} data-testid="order-row">
                <div>
                  <Text fw={600} size="sm">
                    {order.item.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[
                      order.member.name,
                      t('rewards.points', { count: order.points, formatted: format.number(order.points) }),
                      format.dateTime(order.createdAt),
                    ].join(' · ')}
                  </Text>
                </div>
                {order.status === 'open' ? (
                  <div className={classes.actions}>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconArrowBackUp size={15} stroke={1.8} />}
                      loading={
                        settleOrder.isPending &&
                        settleOrder.variables.id === order.id &&
                        settleOrder.variables.status === 'refunded'
                      }
                      onClick={() => settleOrder.mutate({ id: order.id, status: 'refunded' })}
                      aria-label={t('rewards.settings.orders.refundOne', {
                        name: order.item.name,
                        member: order.member.name,
                      })}
                      data-testid="order-refund"
                    >
                      {t('rewards.settings.orders.refund')}
                    </Button>
                    <Button
                      size="xs"
                      leftSection={<IconCheck size={15} stroke={1.8} />}
                      loading={
                        settleOrder.isPending &&
                        settleOrder.variables.id === order.id &&
                        settleOrder.variables.status === 'fulfilled'
                      }
                      onClick={() => settleOrder.mutate({ id: order.id, status: 'fulfilled' })}
                      aria-label={t('rewards.settings.orders.fulfilOne', {
                        name: order.item.name,
                        member: order.member.name,
                      })}
                      data-testid="order-fulfil"
                    >
                      {t('rewards.settings.orders.fulfil')}
                    </Button>
                  </div>
                ) : (
                  <Text size="xs" c="dimmed">
                    {format.dateTime(order.updatedAt)}
                  </Text>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {orders.data && orders.data.meta.pages > 1 ? (
        <Group justify="center">
          <Pagination total={orders.data.meta.pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
    </div>
  );
}
