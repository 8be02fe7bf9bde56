import { useState } from 'react';
import { Button, Loader, SegmentedControl, Skeleton, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconMessagePlus,
  IconMessages,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatLimits, type Chat } from '../../../../contracts/chat';
import { errorTextKey } from '../../../api/notify-error';
import { useCurrentApp } from '../../../kernel/current-app';
import { chatListQuery, type ChatListKind } from '../chat-api';
import { chatScreenPaths } from '../chat-paths';
import { creatableKinds, viewerProfileIdOf } from '../chat-viewer';
import { ChatListItem } from './chat-list-item';
import classes from './chat-list.module.css';

function ListSkeleton() {
  return (
    <div className={classes.skeleton} aria-hidden="true">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className={classes.skeletonRow}>
          <Skeleton circle height={44} />
          <div className={classes.skeletonText}>
            <Skeleton height={12} width="55%" radius="sm" />
            <Skeleton height={10} width="85%" radius="sm" />
          </div>
        </div>
      ))}
    </div>
  );
}

type EmptyProps = { kind: ChatListKind; searching: boolean; canCreate: boolean; slug: string };

function EmptyList({ kind, searching, canCreate, slug }: EmptyProps) {
  const { t } = useTranslation();
  const text = searching
    ? 'chat.list.noMatch'
    : kind === 'public'
      ? 'chat.list.emptyPublic'
      : 'chat.list.empty';
  return (
    <div className={classes.empty} data-testid="chat-list-empty">
      <IconMessages size={34} stroke={1.4} className={classes.emptyIcon} aria-hidden="true" />
      <Text fw={650}>{t(`${text}.title`)}</Text>
      <Text size="sm" c="dimmed" ta="center">
        {t(`${text}.text`)}
      </Text>
      {canCreate && !searching && kind === 'mine' ? (
        <Button
          component={Link}
          to={chatScreenPaths.create(slug)}
          variant="light"
          leftSection={<IconMessagePlus size={18} stroke={1.7} />}
        >
          {t('chat.list.start')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The chat list (ROUTE-121): the caller's chats, newest activity first (spec §9), or the public group chats
 * to join; searched by name 500 ms after the last key; 20 per page, "more" appends.
 */
export function ChatList() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const viewerId = viewerProfileIdOf(app);
  const [kind, setKind] = useState<ChatListKind>('mine');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), chatLimits.searchDebounceMs);
  const query = useInfiniteQuery(chatListQuery(app.id, kind, debounced));
  const chats: Chat[] = [];
  const seen = new Set<string>();
  for (const chat of query.data?.pages.flatMap((page) => page.data) ?? []) {
    if (!seen.has(chat.id)) {
      seen.add(chat.id);
      chats.push(chat);
    }
  }
  const canCreate = creatableKinds(app).length > 0;

  let body;
  if (query.isPending) {
    body = <ListSkeleton />;
  } else if (query.isError && chats.length === 0) {
    body = (
      <div className={classes.empty} role="alert" data-testid="chat-list-error">
        <IconAlertTriangle size={30} stroke={1.5} className={classes.emptyIcon} aria-hidden="true" />
        <Text size="sm">{t(errorTextKey(query.error))}</Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} stroke={1.8} />}
          onClick={() => void query.refetch()}
        >
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (chats.length === 0) {
    body = <EmptyList kind={kind} searching={debounced !== ''} canCreate={canCreate} slug={app.slug} />;
  } else {
    body = (
      <>
        <ul className={classes.list} aria-label={t(`chat.list.label.${kind}`)} data-testid="chat-list">
          {chats.map((chat) => (
            <ChatListItem key={chat.id} chat={chat} slug={app.slug} viewerId={viewerId} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <Button
            variant="subtle"
            className={classes.more}
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            data-testid="chat-list-more"
          >
            {t('chat.list.more')}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <section className={classes.panel} aria-labelledby="chat-list-title" data-testid="chat-list-panel">
      <div className={classes.head}>
        <div className={classes.titleRow}>
          <Title order={1} className={classes.title} id="chat-list-title">
            {t('chat.title')}
          </Title>
          {canCreate ? (
            <Button
              component={Link}
              to={chatScreenPaths.create(app.slug)}
              size="xs"
              variant="light"
              leftSection={<IconMessagePlus size={16} stroke={1.8} />}
              data-testid="chat-create-link"
            >
              {t('chat.list.new')}
            </Button>
          ) : null}
        </div>
        <SegmentedControl
          fullWidth
          size="xs"
          value={kind}
          onChange={(value) => setKind(value === 'public' ? 'public' : 'mine')}
          data={[
            { value: 'mine', label: t('chat.list.tabs.mine') },
            { value: 'public', label: t('chat.list.tabs.public') },
          ]}
          aria-label={t('chat.list.tabs.label')}
        />
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('chat.list.searchPlaceholder')}
          aria-label={t('chat.list.search')}
          type="search"
          leftSection={<IconSearch size={16} stroke={1.7} />}
          rightSection={query.isFetching && !query.isPending ? <Loader size={14} /> : null}
          maxLength={100}
          data-testid="chat-search"
        />
      </div>
      <div className={classes.scroll}>{body}</div>
    </section>
  );
}
