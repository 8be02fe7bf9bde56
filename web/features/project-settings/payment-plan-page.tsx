import { Badge, Paper, Skeleton, Switch, Table, Text } from '@mantine/core';
import { IconCheck, IconInfinity, IconMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tariffLimitKeys, type Tariff, type TariffLimitKey } from '../../../contracts/tariffs';
import { numberFormat } from '../../../contracts/intl-format';
import { useIsMobile } from '../../kernel/ui-store';
import { ProjectUsage, useProject, tariffsQuery } from '../projects';
import { SettingsHeader } from './settings-header';
import classes from './project-settings.module.css';

/** `/projects/{projectId}/settings/payment-plan` (ROUTE-17): the tariffs side by side, monthly or annual. */
export function PaymentPlanPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const project = useProject();
  const [annual, setAnnual] = useState(false);
  const query = useQuery(tariffsQuery(project.id));
  const tariffs = query.data?.data ?? [];
  const currentId = query.data?.currentTariffId ?? project.tariff.id;

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="payment-plan-page">
      <SettingsHeader
        title={t('workspace.tariffs.title')}
        lead={t('workspace.tariffs.lead', { name: project.tariff.name })}
        aside={
          <Switch
            className={classes.aside}
            size="md"
            checked={annual}
            onChange={(event) => setAnnual(event.currentTarget.checked)}
            label={t('workspace.tariffs.annual')}
            data-testid="tariffs-annual"
          />
        }
      />
      <Paper className={classes.usagePanel} data-testid="tariff-usage">
        <div className={classes.usageIntro}>
          <Text fw={650}>{t('workspace.tariffs.usageTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('workspace.tariffs.usageText', { name: project.tariff.name })}
          </Text>
        </div>
        <ProjectUsage project={project} />
      </Paper>
      {query.isPending ? (
        <Skeleton height={420} radius="lg" />
      ) : isMobile ? (
        <div className={classes.tariffCards}>
          {tariffs.map((tariff) => (
            <Paper
              key={tariff.id}
              className={classes.tariffCard}
              data-current={tariff.id === currentId || undefined}
              data-testid={`tariff-${tariff.id}`}
            >
              <TariffHeading tariff={tariff} annual={annual} current={tariff.id === currentId} />
              <dl className={classes.tariffList}>
                {tariffLimitKeys.map((key) => (
                  <div key={key} className={classes.tariffListRow}>
                    <dt>{t(`workspace.tariffs.rows.${key}`)}</dt>
                    <dd>
                      <LimitValue limitKey={key} value={tariff.limits[key]} />
                    </dd>
                  </div>
                ))}
              </dl>
            </Paper>
          ))}
        </div>
      ) : (
        <Paper className={classes.tablePanel}>
          <Table
            className={classes.tariffTable}
            verticalSpacing="md"
            horizontalSpacing="lg"
            data-testid="tariffs-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.rowLabel} />
                {tariffs.map((tariff) => (
                  <Table.Th
                    key={tariff.id}
                    data-current={tariff.id === currentId || undefined}
                    className={classes.tariffColumn}
                    data-testid={`tariff-${tariff.id}`}
                  >
                    <TariffHeading tariff={tariff} annual={annual} current={tariff.id === currentId} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tariffLimitKeys.map((key) => (
                <Table.Tr key={key}>
                  <Table.Td className={classes.rowLabel}>{t(`workspace.tariffs.rows.${key}`)}</Table.Td>
                  {tariffs.map((tariff) => (
                    <Table.Td
                      key={tariff.id}
                      data-current={tariff.id === currentId || undefined}
                      className={classes.tariffColumn}
                    >
                      <LimitValue limitKey={key} value={tariff.limits[key]} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Text size="sm" c="dimmed" mt="lg" className={classes.note}>
        {t('workspace.tariffs.changeNote')}
      </Text>
    </div>
  );
}

function TariffHeading({ tariff, annual, current }: { tariff: Tariff; annual: boolean; current: boolean }) {
  const { t, i18n } = useTranslation();
  const money = (value: number) =>
    numberFormat(i18n.language, {
      style: 'currency',
      currency: tariff.currency,
      maximumFractionDigits: value % 1 === 0 ? 0 : 2,
    }).format(value);
  const saving =
    tariff.priceMonthly > 0 ? Math.round((1 - tariff.priceAnnual / (tariff.priceMonthly * 12)) * 100) : 0;
  return (
    <div className={classes.tariffHeading}>
      <div className={classes.tariffNameRow}>
        <span className={classes.tariffName}>{tariff.name}</span>
        {current ? (
          <Badge size="sm" radius="sm" data-testid="tariff-current">
            {t('workspace.tariffs.current')}
          </Badge>
        ) : null}
      </div>
      <div className={classes.price} data-testid={`tariff-price-${tariff.id}`}>
        <span className={classes.priceValue}>{money(annual ? tariff.priceAnnual : tariff.priceMonthly)}</span>
        <span className={classes.pricePeriod}>
          {annual ? t('workspace.tariffs.perYear') : t('workspace.tariffs.perMonth')}
        </span>
      </div>
      <Text size="xs" c="dimmed" className={classes.priceHint}>
        {annual
          ? saving > 0
            ? t('workspace.tariffs.annualSaving', {
                percent: saving,
                monthly: money(tariff.priceAnnual / 12),
              })
            : t('workspace.tariffs.annualMonthly', { monthly: money(tariff.priceAnnual / 12) })
          : t('workspace.tariffs.monthlyHint')}
      </Text>
    </div>
  );
}

/** -1 unlimited, 0 not included (spec §9); storage in GB; discovery is a feature, not a count. */
function LimitValue({ limitKey, value }: { limitKey: TariffLimitKey; value: number }) {
  const { t, i18n } = useTranslation();
  let content: ReactNode;
  if (limitKey === 'discovery' && value !== 0) {
    content = (
      <span className={classes.limitIncluded}>
        <IconCheck size={17} stroke={2} />
        {t('workspace.tariffs.included')}
      </span>
    );
  } else if (value === -1) {
    content = (
      <span className={classes.limitUnlimited}>
        <IconInfinity size={17} stroke={1.8} />
        {t('workspace.usage.unlimited')}
      </span>
    );
  } else if (value === 0) {
    content = (
      <span className={classes.limitNone}>
        <IconMinus size={16} stroke={1.8} />
        {t('workspace.usage.notIncluded')}
      </span>
    );
  } else if (limitKey === 'storageMb' || limitKey === 'memberStorageMb') {
    const terabytes = value >= 1024 * 1024;
    content = t(terabytes ? 'workspace.tariffs.terabytes' : 'workspace.tariffs.gigabytes', {
      value: numberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
        value / (terabytes ? 1024 * 1024 : 1024),
      ),
    });
  } else {
    content = numberFormat(i18n.language).format(value);
  }
  return <span className={classes.limitValue}>{content}</span>;
}
