import type { ReactNode } from 'react';
import { ActionIcon, Modal, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCurrentApp } from '../../../kernel/current-app';
import { useIsMobile } from '../../../kernel/ui-store';
import { chatScreenPaths } from '../chat-paths';
import classes from './conversation.module.css';

type FrameProps = {
  /** The chat's name: the conversation's heading (and the phone dialog's name). */
  title: string;
  /** Before the heading: the chat's picture. */
  leading?: ReactNode;
  /** Below the heading: members, kind. */
  subtitle?: ReactNode;
  /** At the end of the header: the chat's menu. */
  actions?: ReactNode;
  children: ReactNode;
};

/** The back link to the list (phones: the only way out besides Escape). */
function BackLink() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  return (
    <ActionIcon
      component={Link}
      to={chatScreenPaths.list(app.slug)}
      variant="subtle"
      color="gray"
      size="lg"
      radius="md"
      aria-label={t('chat.conversation.back')}
      data-testid="conversation-back"
    >
      <IconArrowLeft size={20} stroke={1.8} />
    </ActionIcon>
  );
}

/**
 * Where a conversation is shown: beside the list on the desktop; on a phone full screen, as a dialog over the
 * app (so the keyboard stays inside it), with a back link; Escape goes back to the list too.
 */
export function ConversationFrame({ title, leading, subtitle, actions, children }: FrameProps) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const app = useCurrentApp();
  const header = (heading: ReactNode) => (
    <div className={classes.header}>
      {isMobile ? <BackLink /> : null}
      {leading}
      <div className={classes.headerText}>
        {heading}
        {subtitle ? <div className={classes.subtitle}>{subtitle}</div> : null}
      </div>
      {actions}
    </div>
  );

  if (isMobile) {
    return (
      <Modal.Root
        opened
        fullScreen
        onClose={() => void navigate(chatScreenPaths.list(app.slug))}
        transitionProps={{ duration: 0 }}
        data-testid="conversation-dialog"
      >
        <Modal.Content className={classes.mobileContent}>
          <Modal.Body className={classes.mobileBody}>
            {header(<Modal.Title className={classes.title}>{title}</Modal.Title>)}
            {children}
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    );
  }
  return (
    <section className={classes.frame} aria-labelledby="conversation-title" data-testid="conversation">
      {header(
        <Title order={2} className={classes.title} id="conversation-title">
          {title}
        </Title>,
      )}
      {children}
    </section>
  );
}
