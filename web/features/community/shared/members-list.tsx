import { useState } from 'react';
import { Badge, Button, Skeleton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../../kernel/current-app';
import { useFormat } from '../../../kernel/format';
import { itemsOfPages, membersQuery } from '../community-api';
import { AuthorAvatar, AuthorName } from './author';
import { EmptyState, LoadError } from './states';
import classes from './members-list.module.css';

/** Spec §9: searches wait 500 ms after the last key. */
const searchDelayMs = 500;

/** The members of a space or a group (GROUPS-SPACES-15, -06): searchable, 20 per page, appended. */
export function MembersList({ container, id }: { container: 'space' | 'group'; id: string }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, searchDelayMs);
  const query = useInfiniteQuery(membersQuery(app.id, container, id, debounced));
  const members = itemsOfPages(query.data);
  const total = query.data?.pages[0]?.meta.total ?? 0;

  return (
    <section className={classes.section} aria-label={t('community.members.label')} data-testid="members-list">
      <div className={classes.toolbar}>
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('community.members.search')}
          aria-label={t('community.members.search')}
          leftSection={<IconSearch size={16} stroke={1.8} />}
          className={classes.search}
          type="search"
        />
        {query.data ? (
          <span className={classes.total}>
            {t('community.members.total', { count: total, formatted: format.number(total) })}
          </span>
        ) : null}
      </div>
      {query.isPending ? (
        <div className={classes.grid} role="status" aria-label={t('community.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className={classes.member}>
              <Skeleton circle height={44} />
              <Skeleton height={12} width="60%" radius="xl" />
            </div>
          ))}
        </div>
      ) : query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : members.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={28} stroke={1.6} />}
          title={t(debounced ? 'community.members.noMatch.title' : 'community.members.empty.title')}
          text={t(debounced ? 'community.members.noMatch.text' : 'community.members.empty.text')}
          order={3}
        />
      ) : (
        <ul className={classes.grid}>
          {members.map((member) => {
            const name = `${member.firstName} ${member.lastName}`.trim();
            return (
              <li key={member.id} className={classes.member} data-testid="member-card">
                <AuthorAvatar profileId={member.id} name={name} avatarUrl={member.avatarUrl} size={44} />
                <div className={classes.memberText}>
                  <AuthorName profileId={member.id} name={name} />
                  {member.role === 'moderator' ? (
                    <Badge size="xs" variant="light" className={classes.role}>
                      {t('community.members.moderator')}
                    </Badge>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className={classes.more}>
          <Button
            variant="default"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('community.members.more')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
