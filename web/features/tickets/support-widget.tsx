// The support widget's panel: a lazy chunk of its own (support-widget-launcher.tsx), with the Mantine styles it
// uses beyond the shell's.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Anchor, Button, CloseButton, Drawer, Popover, Text, Title } from '@mantine/core';
import { IconBook2, IconCircleCheck, IconLifebuoy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openTicketStatuses } from '../../../contracts/tickets';
import type { RouterApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { helpdeskLinks } from '../helpdesk';
import { emptyRequestDraft, RequestForm, type RequestDraft } from './request-form';
import { supportWidgetPanelAttribute } from './support-widget-launcher';
import { ticketListQuery, type Ticket } from './tickets-api';
import { requestPaths } from './tickets-paths';
import classes from './support-widget.module.css';

const isOpen = (ticket: Ticket) => (openTicketStatuses as readonly string[]).includes(ticket.status);

/**
 * How many of the member's requests are open, when it is cheap to know: the first page of "Meine Anfragen" (the
 * query its screen starts with, so one of them fills the other's cache) holds every request of most members. A
 * longer history shows no number rather than a wrong one.
 */
function useOpenRequests(appId: string): number | null {
  const list = useQuery({
    ...ticketListQuery({ kind: 'mine', appId }, { status: null, page: 1 }),
    // The number is a nicety beside the link: a failure shows none, without an error notification.
    meta: { silent: true },
  });
  const page = list.data;
  return page && page.meta.pages <= 1 ? page.data.filter(isOpen).length : null;
}

type PanelLinkProps = { to: string; icon: typeof IconBook2; testId: string; children: ReactNode };

function PanelLink({ to, icon: Icon, testId, children }: PanelLinkProps) {
  return (
    <Anchor component={Link} to={to} size="sm" className={classes.link} data-testid={testId}>
      <Icon size={17} stroke={1.8} aria-hidden />
      {children}
    </Anchor>
  );
}

/** "Meine Anfragen" (with the open ones) and, when the app has one, the help desk. */
function PanelLinks({ app }: { app: RouterApp }) {
  const { t } = useTranslation();
  const open = useOpenRequests(app.id);
  return (
    <div className={classes.links}>
      <PanelLink to={requestPaths.list(app.slug)} icon={IconLifebuoy} testId="support-widget-requests">
        {t('tickets.menu.requests')}
        {open ? <span className={classes.count}>{t('tickets.widget.open', { count: open })}</span> : null}
      </PanelLink>
      {app.services.helpdesk ? (
        <PanelLink to={helpdeskLinks.home(app.slug)} icon={IconBook2} testId="support-widget-helpdesk">
          {t('tickets.widget.helpdesk')}
        </PanelLink>
      ) : null}
    </div>
  );
}

/** After sending: a short confirmation and the way to the new request. */
function Sent({ app, ticket }: { app: RouterApp; ticket: Ticket }) {
  const { t } = useTranslation();
  const linkRef = useRef<HTMLAnchorElement>(null);
  // The form (and the button that had the focus) is gone: the focus goes on to what comes next.
  useEffect(() => linkRef.current?.focus(), []);
  return (
    <div className={classes.sent} role="status" data-testid="support-widget-sent">
      <span className={classes.sentMark} aria-hidden="true">
        <IconCircleCheck size={28} stroke={1.8} />
      </span>
      <Text fw={650}>{t('tickets.widget.sentTitle', { number: ticket.number })}</Text>
      <Text size="sm" c="dimmed">
        {t('tickets.widget.sentText')}
      </Text>
      <Button
        ref={linkRef}
        component={Link}
        to={requestPaths.request(app.slug, ticket.id)}
        variant="light"
        mt={4}
        data-testid="support-widget-sent-link"
      >
        {t('tickets.widget.sentLink')}
      </Button>
    </div>
  );
}

type BodyProps = {
  app: RouterApp;
  draft: RequestDraft;
  onDraftChange: (draft: RequestDraft) => void;
  sent: Ticket | null;
  onSent: (ticket: Ticket) => void;
};

function PanelBody({ app, draft, onDraftChange, sent, onSent }: BodyProps) {
  const { t } = useTranslation();
  return (
    <>
      {sent ? null : <Text className={classes.lead}>{t('tickets.widget.lead')}</Text>}
      <div className={classes.content}>
        {sent ? (
          <Sent app={app} ticket={sent} />
        ) : (
          <RequestForm draft={draft} onDraftChange={onDraftChange} onOpened={onSent} compact />
        )}
      </div>
      <PanelLinks app={app} />
    </>
  );
}

type Props = {
  app: RouterApp;
  opened: boolean;
  /** Escape, the close button, a click beside the popover; the launcher takes the focus back. */
  onClose: () => void;
  /** The launcher's button: the popover's anchor on desktop. */
  launcher: ReactElement;
};

/**
 * "Hilfe & Support": a new request in compact form, "Meine Anfragen" and the help desk, beside the launcher in a
 * popover on desktop and in a bottom sheet on a phone. What the member typed stays while it is closed; after a
 * request went out it says so, until it is closed.
 */
export function SupportWidget({ app, opened, onClose, launcher }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const titleId = useId();
  const [draft, setDraft] = useState(emptyRequestDraft);
  const [sent, setSent] = useState<Ticket | null>(null);
  const handleSent = (ticket: Ticket) => {
    setSent(ticket);
    setDraft(emptyRequestDraft);
  };
  // Once it has faded out, the next opening starts with the form again.
  const handleGone = () => setSent(null);
  const marker = { [supportWidgetPanelAttribute]: '' };
  const body = <PanelBody app={app} draft={draft} onDraftChange={setDraft} sent={sent} onSent={handleSent} />;

  if (isMobile) {
    return (
      <>
        {launcher}
        <Drawer
          opened={opened}
          onClose={onClose}
          onExitTransitionEnd={handleGone}
          position="bottom"
          title={t('tickets.widget.title')}
          returnFocus={false}
          closeButtonProps={{ 'aria-label': t('tickets.widget.close') }}
          classNames={{
            content: classes.drawerContent,
            title: classes.drawerTitle,
            body: classes.drawerBody,
          }}
          data-testid="support-widget-panel"
          {...marker}
        >
          {body}
        </Drawer>
      </>
    );
  }
  return (
    <Popover
      opened={opened}
      onDismiss={onClose}
      onExitTransitionEnd={handleGone}
      position="top-end"
      offset={12}
      width={380}
      shadow="lg"
      radius="lg"
      trapFocus
      floatingStrategy="fixed"
      withinPortal
    >
      <Popover.Target>{launcher}</Popover.Target>
      <Popover.Dropdown
        className={classes.dropdown}
        aria-labelledby={titleId}
        data-testid="support-widget-panel"
        {...marker}
      >
        <div className={classes.panel}>
          {/* Not a <header>: outside a section it would be a second banner landmark. */}
          <div className={classes.head}>
            <Title order={2} id={titleId} className={classes.title}>
              {t('tickets.widget.title')}
            </Title>
            <CloseButton onClick={onClose} aria-label={t('tickets.widget.close')} />
          </div>
          {body}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
