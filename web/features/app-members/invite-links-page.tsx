import { useState } from 'react';
import { Badge, Button, CopyButton, Switch, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconLink, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dayjs } from '../../i18n/dayjs';
import { useTranslation } from 'react-i18next';
import { invitationLinkLimits } from '../../../contracts/invitation-links';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { EditDeleteMenu } from './edit-delete-menu';
import { ConfirmDialog } from './confirm-dialog';
import { InviteLinkDialog } from './invite-link-dialog';
import { tagsByIdsQuery, type Tag } from './tags-api';
import { inviteLinkKeys, inviteLinkListQuery, inviteLinksApi, type InvitationLink } from './invite-links-api';
import { EmptyState, ListError, ListSkeleton } from './list-states';
import { ListPager } from './list-pager';
import { MembersHeader } from './members-header';
import { LinkTags } from './link-tags';
import classes from './app-members.module.css';
import { formatDate } from './member-badges';

type LinkState = 'active' | 'inactive' | 'expired' | 'exhausted';

function stateOf(link: InvitationLink): LinkState {
  if (link.expiresAt && dayjs(link.expiresAt).isBefore(dayjs())) {
    return 'expired';
  }
  if (link.maxUses !== null && link.usesCount >= link.maxUses) {
    return 'exhausted';
  }
  return link.isActive ? 'active' : 'inactive';
}

const stateColor: Record<LinkState, string> = {
  active: 'teal',
  inactive: 'gray',
  expired: 'red',
  exhausted: 'orange',
};

function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={url} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant={copied ? 'light' : 'default'}
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={copy}
          data-testid="copy-link"
        >
          {copied ? t('members.inviteLinks.copied') : t('members.inviteLinks.copy')}
        </Button>
      )}
    </CopyButton>
  );
}

function Uses({ link }: { link: InvitationLink }) {
  const { t } = useTranslation();
  return (
    <span className={classes.uses} data-testid="link-uses">
      {link.maxUses === null
        ? t('members.inviteLinks.usesUnlimited', { count: link.usesCount })
        : t('members.inviteLinks.uses', { count: link.usesCount, max: link.maxUses })}
    </span>
  );
}

function Expiry({ link }: { link: InvitationLink }) {
  const { t } = useTranslation();
  return link.expiresAt ? (
    <span>{formatDate(link.expiresAt)}</span>
  ) : (
    <span className={classes.muted}>{t('members.inviteLinks.noExpiry')}</span>
  );
}

type RowProps = {
  link: InvitationLink;
  tags: ReadonlyMap<string, Tag> | undefined;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (isActive: boolean) => void;
  toggling: boolean;
};

function LinkMenu({ link, onEdit, onDelete }: Pick<RowProps, 'link' | 'onEdit' | 'onDelete'>) {
  return <EditDeleteMenu name={link.name} can={link.permissions.can} onEdit={onEdit} onDelete={onDelete} />;
}

function ActiveSwitch({ link, onToggle, toggling }: Pick<RowProps, 'link' | 'onToggle' | 'toggling'>) {
  const { t } = useTranslation();
  return (
    <Switch
      checked={link.isActive}
      disabled={!link.permissions.can.includes('edit') || toggling}
      onChange={(event) => onToggle(event.currentTarget.checked)}
      aria-label={t('members.inviteLinks.activeFor', { name: link.name })}
    />
  );
}

function StateBadge({ link }: { link: InvitationLink }) {
  const { t } = useTranslation();
  const state = stateOf(link);
  return (
    <Badge
      size="sm"
      radius="sm"
      variant="light"
      color={stateColor[state]}
      styles={{ root: { textTransform: 'none' } }}
    >
      {t(`members.inviteLinks.states.${state}`)}
    </Badge>
  );
}

function LinkCard(props: RowProps) {
  const { t } = useTranslation();
  const { link } = props;
  return (
    <div className={classes.linkCard} data-testid={`link-row-${link.id}`}>
      <div className={classes.linkCardHead}>
        <div className={classes.cardMain}>
          <div className={classes.linkName}>{link.name}</div>
          <div className={classes.badges}>
            <StateBadge link={link} />
            <Badge
              size="sm"
              radius="sm"
              variant="outline"
              color="gray"
              styles={{ root: { textTransform: 'none' } }}
            >
              {t(`members.roles.${link.memberType}`)}
            </Badge>
          </div>
        </div>
        <LinkMenu {...props} />
      </div>
      <Text size="xs" c="dimmed" className={classes.url}>
        {link.url}
      </Text>
      <LinkTags tagIds={link.tagIds} tags={props.tags} />
      <dl className={classes.facts}>
        <div>
          <dt>{t('members.inviteLinks.usesLabel')}</dt>
          <dd>
            <Uses link={link} />
          </dd>
        </div>
        <div>
          <dt>{t('members.inviteLinks.expiresOn')}</dt>
          <dd>
            <Expiry link={link} />
          </dd>
        </div>
      </dl>
      <div className={classes.linkCardFoot}>
        <CopyLink url={link.url} />
        <div className={classes.inline}>
          <Text size="sm">{t('members.inviteLinks.active')}</Text>
          <ActiveSwitch {...props} />
        </div>
      </div>
    </div>
  );
}

/** `settings/members/invite-links`: shareable join links with their use counts, expiry and switch. */
export function InviteLinksPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<InvitationLink | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<InvitationLink | null>(null);
  const query = useQuery(inviteLinkListQuery(app.id, page));
  const canCreate = app.permissions.can.includes('create_invitation');

  const toggle = useMutation({
    mutationFn: ({ link, isActive }: { link: InvitationLink; isActive: boolean }) =>
      inviteLinksApi.update(link.id, { isActive }),
    onSuccess: (updated) => {
      notifications.show({
        color: 'teal',
        message: updated.isActive ? t('members.inviteLinks.activated') : t('members.inviteLinks.deactivated'),
      });
      return queryClient.invalidateQueries({ queryKey: inviteLinkKeys.all(app.id) });
    },
  });
  const remove = useMutation({
    mutationFn: (link: InvitationLink) => inviteLinksApi.remove(link.id),
    onSuccess: () => {
      setDeleting(null);
      notifications.show({ color: 'teal', message: t('members.inviteLinks.deleted') });
      return queryClient.invalidateQueries({ queryKey: inviteLinkKeys.all(app.id) });
    },
  });

  const links = query.data?.data ?? [];
  const tagsQuery = useQuery(
    tagsByIdsQuery(
      app.id,
      links.flatMap((link) => link.tagIds),
    ),
  );
  const rowProps = (link: InvitationLink): RowProps => ({
    link,
    tags: tagsQuery.data,
    onEdit: () => setEditing(link),
    onDelete: () => setDeleting(link),
    onToggle: (isActive) => toggle.mutate({ link, isActive }),
    toggling: toggle.isPending && toggle.variables.link.id === link.id,
  });
  const createButton = canCreate ? (
    <Button
      leftSection={<IconPlus size={18} stroke={1.9} />}
      onClick={() => setCreating(true)}
      fullWidth={isMobile}
    >
      {t('members.inviteLinks.create')}
    </Button>
  ) : null;

  let content;
  if (!query.data) {
    content = query.isError ? <ListError onRetry={() => void query.refetch()} /> : <ListSkeleton rows={3} />;
  } else if (links.length === 0) {
    content = (
      <EmptyState
        icon={<IconLink size={28} stroke={1.6} />}
        title={t('members.inviteLinks.empty')}
        text={t('members.inviteLinks.emptyText')}
      />
    );
  } else if (isMobile) {
    content = (
      <div className={classes.linkCards}>
        {links.map((link) => (
          <LinkCard key={link.id} {...rowProps(link)} />
        ))}
      </div>
    );
  } else {
    content = (
      <div className={classes.tableWrap}>
        <Table className={classes.table} verticalSpacing="md" data-testid="link-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('members.inviteLinks.name')}</Table.Th>
              <Table.Th>{t('members.inviteLinks.link')}</Table.Th>
              <Table.Th>{t('members.inviteLinks.usesLabel')}</Table.Th>
              <Table.Th>{t('members.inviteLinks.expiresOn')}</Table.Th>
              <Table.Th>{t('members.inviteLinks.active')}</Table.Th>
              <Table.Th className={classes.actionsCell}>
                <VisuallyHidden>{t('members.list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.map((link) => {
              const props = rowProps(link);
              return (
                <Table.Tr key={link.id} data-testid={`link-row-${link.id}`}>
                  <Table.Td>
                    <div className={classes.linkName}>{link.name}</div>
                    <div className={classes.badges}>
                      <StateBadge link={link} />
                      <Badge
                        size="sm"
                        radius="sm"
                        variant="outline"
                        color="gray"
                        styles={{ root: { textTransform: 'none' } }}
                      >
                        {t(`members.roles.${link.memberType}`)}
                      </Badge>
                    </div>
                    <LinkTags tagIds={link.tagIds} tags={props.tags} />
                  </Table.Td>
                  <Table.Td className={classes.linkCell}>
                    <Tooltip label={link.url} openDelay={500}>
                      <Text size="xs" c="dimmed" className={classes.url} truncate="end">
                        {link.url}
                      </Text>
                    </Tooltip>
                    <CopyLink url={link.url} />
                  </Table.Td>
                  <Table.Td>
                    <Uses link={link} />
                  </Table.Td>
                  <Table.Td>
                    <Expiry link={link} />
                  </Table.Td>
                  <Table.Td>
                    <ActiveSwitch {...props} />
                  </Table.Td>
                  <Table.Td className={classes.actionsCell}>
                    <LinkMenu {...props} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </div>
    );
  }

  return (
    <div className={classes.page} data-testid="invite-links-page">
      <MembersHeader
        back
        title={t('members.inviteLinks.title')}
        lead={t('members.inviteLinks.lead')}
        actions={createButton}
      />
      <div className={classes.panel}>{content}</div>
      {query.data ? (
        <ListPager meta={query.data.meta} pageSize={invitationLinkLimits.pageSize} onPage={setPage} />
      ) : null}
      <InviteLinkDialog
        opened={creating || editing !== null}
        link={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('members.inviteLinks.deleteTitle')}
        text={deleting ? t('members.inviteLinks.deleteText', { name: deleting.name }) : ''}
        confirmLabel={t('members.actions.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
        testId="link-delete-confirm"
      />
    </div>
  );
}
