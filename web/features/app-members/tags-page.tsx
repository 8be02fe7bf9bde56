import { useState } from 'react';
import { Anchor, Button, Table, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLock, IconPlus, IconSearch, IconTag } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tagLimits } from '../../../contracts/tags';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { EditDeleteMenu } from './edit-delete-menu';
import { ConfirmDialog } from './confirm-dialog';
import { EmptyState, ListError, ListSkeleton } from './list-states';
import { ListPager } from './list-pager';
import { MembersHeader } from './members-header';
import { membersPaths } from './members-paths';
import { TagBadge, useTagName } from './tag-badge';
import { TagDialog } from './tag-dialog';
import { tagKeys, tagListQuery, tagsApi, type Tag } from './tags-api';
import classes from './app-members.module.css';

function TagActions({ tag, onEdit, onDelete }: { tag: Tag; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const nameOf = useTagName();
  if (tag.kind) {
    return (
      <Tooltip label={t('members.tags.locked')} multiline w={240}>
        <span className={classes.lockHint} data-testid="tag-locked" aria-label={t('members.tags.locked')}>
          <IconLock size={16} stroke={1.8} />
        </span>
      </Tooltip>
    );
  }
  return <EditDeleteMenu name={nameOf(tag)} can={tag.permissions.can} onEdit={onEdit} onDelete={onDelete} />;
}

function MembersCount({ tag }: { tag: Tag }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const text = t('members.tags.membersCount', { count: tag.profilesCount });
  if (tag.profilesCount === 0) {
    return <span className={classes.muted}>{text}</span>;
  }
  return (
    <Anchor component={Link} to={`${membersPaths(app.slug).list}?tags=${tag.id}`} size="sm">
      {text}
    </Anchor>
  );
}

/** `settings/members/tags`: the app's tags with their member counts; create, rename, recolour, delete. */
export function TagsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const nameOf = useTagName();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 500);
  const [editing, setEditing] = useState<Tag | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const query = useQuery(tagListQuery(app.id, page, debounced));
  const canCreate = app.permissions.can.includes('create_tag');

  const remove = useMutation({
    mutationFn: (tag: Tag) => tagsApi.remove(tag.id),
    onSuccess: async (_answer, tag) => {
      setDeleting(null);
      notifications.show({ color: 'teal', message: t('members.tags.deleted', { name: tag.name }) });
      await queryClient.invalidateQueries({ queryKey: tagKeys.all(app.id) });
    },
  });

  const tags = query.data?.data ?? [];
  const actionsOf = (tag: Tag) => (
    <TagActions tag={tag} onEdit={() => setEditing(tag)} onDelete={() => setDeleting(tag)} />
  );

  let content;
  if (!query.data) {
    content = query.isError ? <ListError onRetry={() => void query.refetch()} /> : <ListSkeleton rows={5} />;
  } else if (tags.length === 0) {
    content = (
      <EmptyState
        icon={<IconTag size={28} stroke={1.6} />}
        title={debounced ? t('members.tags.noMatches') : t('members.tags.empty')}
        text={debounced ? t('members.list.tryOtherSearch') : t('members.tags.emptyText')}
      />
    );
  } else if (isMobile) {
    content = (
      <div className={classes.cards} data-testid="tag-cards">
        {tags.map((tag) => (
          <div key={tag.id} className={classes.card} data-testid={`tag-row-${tag.id}`}>
            <div className={classes.cardMain}>
              <TagBadge tag={tag} size="md" />
              <div className={classes.cardMeta}>
                <MembersCount tag={tag} />
              </div>
            </div>
            {actionsOf(tag)}
          </div>
        ))}
      </div>
    );
  } else {
    content = (
      <div className={classes.tableWrap}>
        <Table className={classes.table} verticalSpacing="sm" highlightOnHover data-testid="tag-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('members.tags.name')}</Table.Th>
              <Table.Th>{t('members.tags.members')}</Table.Th>
              <Table.Th className={classes.actionsCell}>
                <VisuallyHidden>{t('members.list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tags.map((tag) => (
              <Table.Tr key={tag.id} data-testid={`tag-row-${tag.id}`}>
                <Table.Td>
                  <div className={classes.tagCell}>
                    <TagBadge tag={tag} size="md" />
                    {tag.kind ? (
                      <span className={classes.muted}>{t(`members.tags.defaultHints.${tag.kind}`)}</span>
                    ) : null}
                  </div>
                </Table.Td>
                <Table.Td>
                  <MembersCount tag={tag} />
                </Table.Td>
                <Table.Td className={classes.actionsCell}>{actionsOf(tag)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    );
  }

  return (
    <div className={classes.page} data-testid="tags-page">
      <MembersHeader
        back
        title={t('members.tags.title')}
        lead={t('members.tags.lead')}
        actions={
          canCreate ? (
            <Button
              leftSection={<IconPlus size={18} stroke={1.9} />}
              onClick={() => setCreating(true)}
              fullWidth={isMobile}
            >
              {t('members.tags.create')}
            </Button>
          ) : null
        }
      />
      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          leftSection={<IconSearch size={17} stroke={1.7} />}
          placeholder={t('members.tags.search')}
          aria-label={t('members.tags.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
      </div>
      <div className={classes.panel}>{content}</div>
      {query.data ? (
        <ListPager meta={query.data.meta} pageSize={tagLimits.pageSize} onPage={setPage} />
      ) : null}

      <TagDialog
        opened={creating || editing !== null}
        tag={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('members.tags.deleteTitle')}
        text={
          deleting
            ? t('members.tags.deleteText', { name: nameOf(deleting), count: deleting.profilesCount })
            : ''
        }
        confirmLabel={t('members.actions.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
        testId="tag-delete-confirm"
      />
    </div>
  );
}
