import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { MemberActions } from './member-actions';
import { MemberAvatar, MemberTags, RoleBadge, formatDate, fullName } from './member-badges';
import type { Member } from './members-api';
import { membersPaths } from './members-paths';
import classes from './app-members.module.css';

type ListProps = { members: Member[]; onEdit: (member: Member) => void };

function MemberName({ member }: { member: Member }) {
  const app = useCurrentApp();
  const name = fullName(member);
  // Invited people have no member page until they join.
  return member.type === 'invited' ? (
    <span className={classes.memberName}>{name}</span>
  ) : (
    <Anchor component={Link} to={membersPaths(app.slug).member(member.id)} className={classes.memberName}>
      {name}
    </Anchor>
  );
}

/** Desktop: one row per member. */
export function MembersTable({ members, onEdit }: ListProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.tableWrap}>
      <Table className={classes.table} verticalSpacing="sm" highlightOnHover data-testid="member-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('members.list.name')}</Table.Th>
            <Table.Th>{t('members.list.role')}</Table.Th>
            <Table.Th>{t('members.list.tags')}</Table.Th>
            <Table.Th>{t('members.list.since')}</Table.Th>
            <Table.Th className={classes.actionsCell}>
              <VisuallyHidden>{t('members.list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id} data-testid={`member-row-${member.id}`}>
              <Table.Td>
                <div className={classes.person}>
                  <MemberAvatar member={member} />
                  <div className={classes.personText}>
                    <MemberName member={member} />
                    {member.email ? (
                      <Text size="xs" c="dimmed" truncate="end">
                        {member.email}
                      </Text>
                    ) : null}
                  </div>
                </div>
              </Table.Td>
              <Table.Td>
                <RoleBadge member={member} />
              </Table.Td>
              <Table.Td>
                <MemberTags member={member} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {member.type === 'invited'
                  ? t('members.list.invitedDate', { date: formatDate(member.createdAt) })
                  : formatDate(member.createdAt)}
              </Table.Td>
              <Table.Td className={classes.actionsCell}>
                <MemberActions member={member} onEdit={() => onEdit(member)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Mobile: one card per member. */
export function MemberCards({ members, onEdit }: ListProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.cards} data-testid="member-cards">
      {members.map((member) => (
        <div key={member.id} className={classes.card} data-testid={`member-row-${member.id}`}>
          <MemberAvatar member={member} size={42} />
          <div className={classes.cardMain}>
            <div className={classes.cardTitle}>
              <MemberName member={member} />
            </div>
            {member.email ? (
              <Text size="xs" c="dimmed" truncate="end">
                {member.email}
              </Text>
            ) : null}
            <div className={classes.cardMeta}>
              <RoleBadge member={member} />
              <Text size="xs" c="dimmed">
                {t(member.type === 'invited' ? 'members.list.invitedDate' : 'members.list.sinceDate', {
                  date: formatDate(member.createdAt),
                })}
              </Text>
            </div>
            {member.tags.length > 0 ? <MemberTags member={member} max={4} /> : null}
          </div>
          <MemberActions member={member} onEdit={() => onEdit(member)} />
        </div>
      ))}
    </div>
  );
}
