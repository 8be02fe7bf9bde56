import { useState, type ReactNode } from 'react';
import { Badge, Button, CloseButton, Indicator, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconFileImport,
  IconLink,
  IconSearch,
  IconShieldLock,
  IconTags,
  IconUserPlus,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { EmptyState, ListError, ListSkeleton } from './list-states';
import { ListPager } from './list-pager';
import { MemberEditDrawer } from './member-edit-drawer';
import { activeFilterCount, useMemberFilter } from './member-filter';
import { MemberFiltersDrawer, emptyDrawerFilter } from './member-filters-drawer';
import { MemberCards, MembersTable } from './members-list';
import { memberListQuery, memberPageSize } from './members-api';
import { MembersHeader } from './members-header';
import { membersPaths } from './members-paths';
import { RoleTabs } from './role-tabs';
import { TagBadge } from './tag-badge';
import { tagsByIdsQuery } from './tags-api';
import { TagDetailsContext, formatDate } from './member-badges';
import classes from './app-members.module.css';

/** The buttons to the other member screens, each only with the ability it needs. */
function SectionLinks() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const can = (ability: (typeof app.permissions.can)[number]) => app.permissions.can.includes(ability);
  const paths = membersPaths(app.slug);
  const links = [
    {
      to: paths.inviteLinks,
      label: t('members.nav.inviteLinks'),
      icon: IconLink,
      show: can('view_invitations') || can('create_invitation'),
    },
    { to: paths.tags, label: t('members.nav.tags'), icon: IconTags, show: can('settings_members') },
    {
      to: paths.bulkImport,
      label: t('members.nav.bulkImport'),
      icon: IconFileImport,
      show: can('import_profiles'),
    },
    {
      to: paths.moderation,
      label: t('members.nav.moderation'),
      icon: IconShieldLock,
      show: can('moderation'),
    },
  ].filter((link) => link.show);
  return (
    <nav className={classes.sectionLinks} aria-label={t('members.nav.label')}>
      {links.map(({ to, label, icon: Icon }) => (
        <Button
          key={to}
          component={Link}
          to={to}
          variant="default"
          size="sm"
          leftSection={<Icon size={17} stroke={1.7} />}
          className={classes.sectionLink}
        >
          {label}
        </Button>
      ))}
    </nav>
  );
}

/** `settings/members`: every member of the app by type, searchable and filterable, with their actions. */
export function MembersPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const { filter, setFilter, profileId, openProfile } = useMemberFilter();
  const [search, setSearch] = useState(filter.search);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const query = useQuery(memberListQuery(app.id, filter));
  const selectedTags = useQuery(tagsByIdsQuery(app.id, filter.tagIds));
  const applySearch = useDebouncedCallback((value: string) => setFilter({ search: value.trim() }), 500);
  const canInvite = app.permissions.can.includes('settings_members');
  const filterCount = activeFilterCount(filter);

  const members = query.data?.data ?? [];
  const listTags = useQuery(
    tagsByIdsQuery(
      app.id,
      members.flatMap((member) => member.tags.filter((tag) => tag.kind === null).map((tag) => tag.id)),
    ),
  );
  const hasCriteria = filter.search !== '' || filterCount > 0;

  let content;
  if (!query.data) {
    content = query.isError ? <ListError onRetry={() => void query.refetch()} /> : <ListSkeleton />;
  } else if (members.length === 0) {
    content = (
      <EmptyState
        icon={<IconUsers size={28} stroke={1.6} />}
        title={hasCriteria ? t('members.list.noMatches') : t('members.list.empty')}
        text={hasCriteria ? t('members.list.tryOtherFilter') : t('members.list.emptyText')}
        action={
          hasCriteria ? (
            <Button
              variant="default"
              mt="xs"
              onClick={() => {
                setSearch('');
                setFilter({ ...emptyDrawerFilter, search: '' });
              }}
            >
              {t('members.filters.clearAll')}
            </Button>
          ) : null
        }
      />
    );
  } else if (isMobile) {
    content = <MemberCards members={members} onEdit={(member) => openProfile(member.id)} />;
  } else {
    content = <MembersTable members={members} onEdit={(member) => openProfile(member.id)} />;
  }

  const chips: { key: string; label: ReactNode; onRemove: () => void }[] = [
    ...filter.tagIds.map((id) => {
      const tag = selectedTags.data?.get(id);
      return {
        key: `tag-${id}`,
        label: tag ? <TagBadge tag={tag} size="xs" /> : t('members.filters.tag'),
        onRemove: () => setFilter({ tagIds: filter.tagIds.filter((tagId) => tagId !== id) }),
      };
    }),
    ...(filter.createdFrom
      ? [
          {
            key: 'from',
            label: t('members.filters.fromChip', { date: formatDate(filter.createdFrom) }),
            onRemove: () => setFilter({ createdFrom: '' }),
          },
        ]
      : []),
    ...(filter.createdTo
      ? [
          {
            key: 'to',
            label: t('members.filters.toChip', { date: formatDate(filter.createdTo) }),
            onRemove: () => setFilter({ createdTo: '' }),
          },
        ]
      : []),
    ...(filter.invited !== null
      ? [
          {
            key: 'invited',
            label: t(`members.filters.invitedChoices.${filter.invited ? 'only' : 'without'}`),
            onRemove: () => setFilter({ invited: null }),
          },
        ]
      : []),
  ];

  return (
    <div className={classes.page} data-testid="members-page">
      <MembersHeader
        title={t('members.title')}
        lead={t('members.lead', { app: app.name })}
        actions={
          canInvite ? (
            <Button
              component={Link}
              to={membersPaths(app.slug).invite}
              leftSection={<IconUserPlus size={18} stroke={1.8} />}
              fullWidth={isMobile}
            >
              {t('members.nav.invite')}
            </Button>
          ) : null
        }
      />
      <SectionLinks />

      <RoleTabs
        value={filter.role}
        counts={query.data?.meta.counts}
        onChange={(role) => setFilter({ role })}
        showInvited={canInvite}
      />

      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          leftSection={<IconSearch size={17} stroke={1.7} />}
          rightSection={
            search ? (
              <CloseButton
                size="sm"
                aria-label={t('members.list.clearSearch')}
                onClick={() => {
                  setSearch('');
                  applySearch.cancel();
                  setFilter({ search: '' });
                }}
              />
            ) : null
          }
          placeholder={t('members.list.search')}
          aria-label={t('members.list.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          data-testid="member-search"
        />
        <Indicator label={filterCount} size={18} disabled={filterCount === 0} offset={4}>
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} stroke={1.7} />}
            onClick={() => setFiltersOpen(true)}
            data-testid="open-filters"
          >
            {t('members.filters.button')}
          </Button>
        </Indicator>
      </div>

      {chips.length > 0 ? (
        <div className={classes.chips} data-testid="filter-chips">
          {chips.map((chip) => (
            <Badge
              key={chip.key}
              variant="default"
              radius="xl"
              size="lg"
              className={classes.chip}
              rightSection={
                <CloseButton
                  size="xs"
                  icon={<IconX size={12} />}
                  aria-label={t('members.filters.remove')}
                  onClick={chip.onRemove}
                />
              }
            >
              {chip.label}
            </Badge>
          ))}
        </div>
      ) : null}

      <div className={classes.panel} data-fetching={query.isPlaceholderData || undefined}>
        <TagDetailsContext value={listTags.data}>{content}</TagDetailsContext>
      </div>
      {query.data ? (
        <ListPager meta={query.data.meta} pageSize={memberPageSize} onPage={(page) => setFilter({ page })} />
      ) : null}

      <MemberFiltersDrawer
        opened={filtersOpen}
        filter={filter}
        onClose={() => setFiltersOpen(false)}
        onApply={(drawerFilter) => {
          setFilter(drawerFilter);
          setFiltersOpen(false);
        }}
      />
      <MemberEditDrawer profileId={profileId} members={members} onClose={() => openProfile(null)} />
    </div>
  );
}
