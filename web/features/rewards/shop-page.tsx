import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconCircleCheck, IconGift } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomStuff } from '../../../contracts/gamification-shop';
import { errorTextKey } from '../../api/notify-error';
import { EmptyState, LoadFailedState } from '../../components/empty-state';
import { useCurrentApp } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { usePageTitle } from '../../kernel/use-page-title';
import { pointsSummaryQuery, shopQuery, usePurchase } from './rewards-api';
import { rewardsLinks } from './rewards-links';
import { blockedReason } from './shop-rules';
import classes from './rewards.module.css';

function ItemCard({
  item,
  balance,
  onRedeem,
}: {
  item: CustomStuff;
  balance: number | null;
  onRedeem: (item: CustomStuff) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const blocked = blockedReason(item, balance);
  return (
    <article className={classes.item} data-testid="shop-item" aria-labelledby={`item-${item.id}`}>
      <div className={classes.itemImage}>
        {item.imageUrl ? (
          <img src={item.imageUrl} alt="" />
        ) : (
          <IconGift size={40} stroke={1.4} aria-hidden="true" />
        )}
        {item.left === 0 ? (
          <Badge className={classes.itemFlag} color="gray" variant="filled">
            {t('rewards.shop.soldOut')}
          </Badge>
        ) : null}
      </div>
      <div className={classes.itemBody}>
        <h2 id={`item-${item.id}`} className={classes.itemName}>
          {item.name}
        </h2>
        {item.description ? (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {item.description}
          </Text>
        ) : null}
        <div className={classes.itemMeta}>
          <span className={classes.itemPrice} data-testid="shop-item-price">
            {t('rewards.points', { count: item.rewardPoints, formatted: format.number(item.rewardPoints) })}
          </span>
          <Text size="xs" c="dimmed" data-testid="shop-item-left">
            {item.left === null ? t('rewards.shop.unlimited') : t('rewards.shop.left', { count: item.left })}
          </Text>
        </div>
        {item.perMemberLimit !== null ? (
          <Text size="xs" c="dimmed">
            {t('rewards.shop.limit', { count: item.perMemberLimit, bought: item.boughtByMe })}
          </Text>
        ) : null}
        <div className={classes.itemAction}>
          <Button
            fullWidth
            disabled={blocked !== null}
            onClick={() => onRedeem(item)}
            data-testid="shop-item-redeem"
            aria-describedby={blocked ? `item-blocked-${item.id}` : undefined}
          >
            {t('rewards.shop.redeem')}
          </Button>
          {blocked ? (
            <Text
              size="xs"
              c="dimmed"
              ta="center"
              mt={6}
              id={`item-blocked-${item.id}`}
              data-testid="shop-item-blocked"
            >
              {blocked === 'POINTS_TOO_LOW'
                ? t('rewards.shop.missing', { count: item.rewardPoints - (balance ?? 0) })
                : t(`errors.${blocked}`)}
            </Text>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function RedeemDialog({ item, onClose }: { item: CustomStuff; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const app = useCurrentApp();
  const purchase = usePurchase();
  const done = purchase.data;
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      radius="lg"
      title={done ? t('rewards.shop.doneTitle') : t('rewards.shop.confirmTitle')}
    >
      {done ? (
        <div data-testid="purchase-done">
          <Group gap="sm" mb="md" wrap="nowrap">
            <IconCircleCheck size={28} stroke={1.7} color="var(--mantine-color-teal-6)" aria-hidden="true" />
            <Text>{t('rewards.shop.done', { name: item.name, formatted: format.number(done.balance) })}</Text>
          </Group>
          {done.windowAfterPurchase ? (
            <div className={classes.afterPurchase} data-testid="purchase-window">
              {done.windowAfterPurchase}
            </div>
          ) : null}
          <Group justify="flex-end" mt="lg">
            <Button component={Link} to={rewardsLinks.history(app.slug)} variant="default">
              {t('rewards.history.menu')}
            </Button>
            <Button onClick={onClose} data-testid="purchase-close">
              {t('common.close')}
            </Button>
          </Group>
        </div>
      ) : (
        <div>
          <Text mb="md">
            {t('rewards.shop.confirm', {
              name: item.name,
              count: item.rewardPoints,
              formatted: format.number(item.rewardPoints),
            })}
          </Text>
          {purchase.isError ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              mb="md"
              data-testid="purchase-error"
            >
              {t(errorTextKey(purchase.error))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={purchase.isPending}
              onClick={() => purchase.mutate(item.id)}
              data-testid="purchase-confirm"
              leftSection={<IconGift size={17} stroke={1.8} />}
            >
              {t('rewards.shop.redeem')}
            </Button>
          </Group>
        </div>
      )}
    </Modal>
  );
}

/** `/{appSlug}/rewards/spend-points` (ROUTE-81): the rewards shop. */
export function ShopPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  usePageTitle(t('rewards.shop.title'));
  const [page, setPage] = useState(1);
  const [redeeming, setRedeeming] = useState<CustomStuff | null>(null);
  const summary = useQuery(pointsSummaryQuery(app.id));
  const shop = useQuery(shopQuery(app.id, page));
  const balance = summary.data?.balance ?? null;
  const items = shop.data?.data.filter((item) => item.isActive) ?? [];
  return (
    <div className={classes.page} data-testid="shop-page">
      <Link to={rewardsLinks.overview(app.slug)} className={classes.back}>
        <IconChevronLeft size={16} stroke={2} aria-hidden="true" />
        {t('rewards.title')}
      </Link>
      <Group component="header" justify="space-between" align="flex-end" gap="md" mb="lg">
        <div>
          <Title order={1} fz="clamp(1.6rem, 4vw, 2.2rem)">
            {t('rewards.shop.title')}
          </Title>
          <Text c="dimmed">{t('rewards.shop.lead')}</Text>
        </div>
        <div className={classes.balancePill} data-testid="shop-balance">
          <Text size="xs" c="dimmed">
            {t('rewards.balance')}
          </Text>
          <Text fw={700} size="lg">
            {balance === null
              ? '…'
              : t('rewards.points', { count: balance, formatted: format.number(balance) })}
          </Text>
        </div>
      </Group>
      {shop.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={340} radius="lg" />
          ))}
        </SimpleGrid>
      ) : shop.isError ? (
        <LoadFailedState
          error={shop.error}
          title={t('rewards.shop.error')}
          onRetry={() => void shop.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconGift size={28} stroke={1.6} />}
          title={t('rewards.shop.empty')}
          text={t('rewards.shop.emptyText')}
          testId="shop-empty"
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" data-testid="shop-list">
            {items.map((item) => (
              <ItemCard key={item.id} item={item} balance={balance} onRedeem={setRedeeming} />
            ))}
          </SimpleGrid>
          {shop.data.meta.pages > 1 ? (
            <Group justify="center" mt="xl">
              <Pagination total={shop.data.meta.pages} value={page} onChange={setPage} />
            </Group>
          ) : null}
        </>
      )}
      {redeeming ? <RedeemDialog item={redeeming} onClose={() => setRedeeming(null)} /> : null}
    </div>
  );
}
