import { useCallback } from 'react';
import { Tabs, VisuallyHidden } from '@mantine/core';
import { IconHeadset, IconMessages, IconSettings } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  moderationStatusValues,
  type ModerationInboxTab,
  type ModerationStatus,
} from '../../../contracts/enums';
import type { ModerationCountersEvent } from '../../../contracts/moderation';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { useRealtimeEvent } from '../../kernel/realtime';
import { SettingsPageHeader } from '../app-settings';
import { TicketInbox } from '../tickets';
import { InboxPanel } from './inbox-panel';
import { moderationCountersQuery, moderationKeys } from './moderation-api';
import { ModerationSettingsForm } from './moderation-settings-form';
import classes from './moderation.module.css';

type View = ModerationInboxTab | 'settings';

const isModerationEvent = (payload: unknown): payload is ModerationCountersEvent =>
  typeof payload === 'object' &&
  payload !== null &&
  (payload as { moderation?: unknown }).moderation === true;

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((entry) => entry === value) ?? fallback;

/** The inbox changed (someone reported, posted for approval, or decided): read counters and lists again. */
function useInboxUpdates(appId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvent('counters', (payload) => {
    if (isModerationEvent(payload)) {
      void queryClient.invalidateQueries({ queryKey: moderationKeys.inbox(appId) });
    }
  });
}

/** The pending posts beside the tab's name. */
function PendingBadge({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const counters = useQuery(moderationCountersQuery(appId, 'post'));
  const count = counters.data?.inboxCount ?? 0;
  if (count === 0) {
    return null;
  }
  return (
    <span className={classes.pending} data-testid="pending-posts">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{t('moderation.views.pending', { count })}</VisuallyHidden>
    </span>
  );
}

/**
 * `settings/moderation` (ROUTE-92, RULE-221): the inbox with its tabs post | ticket and filters inbox |
 * approved | rejected (`moderation`), and the moderation settings (`settings_moderation`). The tab, filter and
 * page live in the address, so a reload or a shared link shows the same list.
 */
export function ModerationPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [params, setParams] = useSearchParams();
  const canInbox = appCan(app, 'moderation');
  // Tickets are the app team's, not the moderators' (docs/decisions/tickets.md).
  const canTickets = appCan(app, 'tickets');
  const canSettings = appCan(app, 'settings_moderation');
  const views: View[] = [
    ...(canInbox ? ['post' as const] : []),
    ...(canTickets ? ['ticket' as const] : []),
    ...(canSettings ? ['settings' as const] : []),
  ];
  const view = pick(views, params.get('tab'), views[0] ?? 'settings');
  const status = pick(moderationStatusValues, params.get('status'), 'inbox');
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  useInboxUpdates(app.id);

  const change = useCallback(
    (next: { tab?: View; status?: ModerationStatus; page?: number }) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          updated.set(key, String(value));
        }
        // The first page and the default filter need no parameter.
        if (updated.get('page') === '1') {
          updated.delete('page');
        }
        if (updated.get('status') === 'inbox') {
          updated.delete('status');
        }
        return updated;
      }),
    [setParams],
  );
  const onStatus = useCallback((next: ModerationStatus) => change({ status: next, page: 1 }), [change]);
  const onPage = useCallback((next: number) => change({ page: next }), [change]);

  return (
    <div className={classes.page} data-testid="moderation-page">
      <SettingsPageHeader title={t('moderation.title')} lead={t('moderation.lead')} />
      <Tabs
        value={view}
        onChange={(value) => {
          const next = views.find((entry) => entry === value);
          if (next) {
            change({ tab: next, status: 'inbox', page: 1 });
          }
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('moderation.views.label')} className={classes.views}>
          {canInbox ? (
            <Tabs.Tab
              value="post"
              leftSection={<IconMessages size={17} stroke={1.7} />}
              rightSection={<PendingBadge appId={app.id} />}
              data-testid="view-post"
              className={classes.view}
            >
              {t('moderation.views.post')}
            </Tabs.Tab>
          ) : null}
          {canTickets ? (
            <Tabs.Tab
              value="ticket"
              leftSection={<IconHeadset size={17} stroke={1.7} />}
              data-testid="view-ticket"
              className={classes.view}
            >
              {t('moderation.views.ticket')}
            </Tabs.Tab>
          ) : null}
          {canSettings ? (
            <Tabs.Tab
              value="settings"
              leftSection={<IconSettings size={17} stroke={1.7} />}
              data-testid="view-settings"
              className={classes.view}
            >
              {t('moderation.views.settings')}
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="post" className={classes.viewPanel}>
          <InboxPanel tab="post" status={status} page={page} onStatus={onStatus} onPage={onPage} />
        </Tabs.Panel>
        <Tabs.Panel value="ticket" className={classes.viewPanel}>
          <TicketInbox />
        </Tabs.Panel>
        <Tabs.Panel value="settings" className={classes.viewPanel}>
          <ModerationSettingsForm />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
