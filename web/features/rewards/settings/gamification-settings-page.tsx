import { Alert, Anchor, Tabs } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentApp } from '../../../kernel/current-app';
import { SettingsPageHeader, settingsPaths } from '../../app-settings';
import { GeneralSection } from './general-section';
import { LevelsSection } from './levels-section';
import { OrdersSection } from './orders-section';
import { RulesSection } from './rules-section';
import { ShopItemsSection } from './shop-items-section';
import { TopUpsSection } from './top-ups-section';
import classes from './settings.module.css';

const tabs = ['rules', 'levels', 'shop', 'orders', 'topUps', 'general'] as const;
type Tab = (typeof tabs)[number];

const sections: Record<Tab, () => React.JSX.Element> = {
  rules: RulesSection,
  levels: LevelsSection,
  shop: ShopItemsSection,
  orders: OrdersSection,
  topUps: TopUpsSection,
  general: GeneralSection,
};

/** `/{appSlug}/settings/gamification` (ROUTE-103): rules, levels, the shop, its orders, top-ups and settings. */
export function GamificationSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((value) => value === params.get('tab')) ?? 'rules';
  const Section = sections[tab];
  return (
    <div data-testid="gamification-settings">
      <SettingsPageHeader title={t('rewards.settings.title')} lead={t('rewards.settings.lead')} />
      {app.services.rewards ? null : (
        <Alert
          color="orange"
          variant="light"
          radius="lg"
          icon={<IconPlugConnectedX size={20} stroke={1.7} />}
          title={t('rewards.settings.serviceOff')}
          mb="lg"
          data-testid="service-off"
        >
          {t('rewards.settings.serviceOffText')}{' '}
          <Anchor component={Link} to={settingsPaths(app.slug).services} fw={600}>
            {t('rewards.settings.serviceOffLink')}
          </Anchor>
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'rules' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List className={classes.tabs} mb="lg">
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`gamification-tab-${value}`}>
              {t(`rewards.settings.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab}>
          <Section />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
