import { useEffect, useRef } from 'react';
import { Button } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorTextKey } from '../../api/notify-error';
import { FullPageLoader } from '../../components/full-page-loader';
import { FullPageMessage } from '../../components/full-page-message';
import { useCurrentApp } from '../../kernel/current-app';
import { chatApi, chatKeys } from './chat-api';
import { chatScreenPaths } from './chat-paths';

/**
 * `m/{memberId}/messages` (ROUTE-78, the member page's "messages"): opens the private chat with the member —
 * the existing one, or a new one — and shows it in its place.
 */
export function MemberMessagesPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { memberId = '' } = useParams();
  const open = useMutation({
    mutationFn: () => chatApi.create(app.id, { kind: 'private', profileId: memberId }),
    onSuccess: (chat) => {
      queryClient.setQueryData(chatKeys.chat(chat.id), chat);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(app.id) });
      void navigate(chatScreenPaths.chat(app.slug, chat.id), { replace: true });
    },
    // Said on the page itself.
    meta: { silent: true },
  });
  const started = useRef(false);
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      open.mutate();
    }
  }, [open]);

  if (!open.isError) {
    return <FullPageLoader fullScreen={false} />;
  }
  return (
    <FullPageMessage
      data-testid="member-messages-error"
      color="red"
      icon={<IconAlertTriangle size={32} stroke={1.6} />}
      title={t('chat.memberMessages.title')}
      text={t(errorTextKey(open.error))}
      actions={
        <Button
          component={Link}
          to={`/${app.slug}/m/${encodeURIComponent(memberId)}`}
          leftSection={<IconArrowLeft size={18} stroke={1.8} />}
        >
          {t('chat.memberMessages.back')}
        </Button>
      }
    />
  );
}
