import { createContext, useContext } from 'react';
import { Avatar, Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MemberType } from '../../../contracts/enums';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate as formatKernelDate } from '../../kernel/format';
import { personTimeZone } from '../../kernel/person-locale';
import type { Member } from './members-api';
import type { Tag } from './tags-api';
import { TagBadge, useTagName } from './tag-badge';
import classes from './app-members.module.css';

const roleColor: Record<MemberType | 'owner', string> = {
  owner: 'brand',
  admin: 'brand',
  moderator: 'cyan',
  member: 'gray',
  invited: 'yellow',
};

export function fullName(member: Pick<Member, 'firstName' | 'lastName' | 'email'>): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email || '—';
}

export function MemberAvatar({
  member,
  size = 36,
}: {
  member: Pick<Member, 'firstName' | 'lastName' | 'email'>;
  size?: number;
}) {
  // Mantine derives the initials and a stable colour from the name.
  return <Avatar name={fullName(member)} color="initials" size={size} radius="xl" />;
}

export function RoleBadge({ member }: { member: Pick<Member, 'type' | 'isOwner'> }) {
  const { t } = useTranslation();
  const role = member.isOwner ? 'owner' : member.type;
  return (
    <Badge
      size="sm"
      radius="sm"
      variant={role === 'owner' ? 'filled' : 'light'}
      color={roleColor[role]}
      styles={{ root: { textTransform: 'none', fontWeight: 600 } }}
      data-testid="role-badge"
    >
      {t(`members.roles.${role}`)}
    </Badge>
  );
}

/** The full tags of the list on screen: members carry their tags without colours. */
export const TagDetailsContext = createContext<ReadonlyMap<string, Tag> | undefined>(undefined);

/** The member's tags; the punished tag tells until when. */
export function MemberTags({
  member,
  max = 3,
}: {
  member: Pick<Member, 'tags' | 'punishedUntil'>;
  max?: number;
}) {
  const { t } = useTranslation();
  const nameOf = useTagName();
  const details = useContext(TagDetailsContext);
  if (member.tags.length === 0) {
    return <span className={classes.muted}>—</span>;
  }
  // Sanctions first: they matter most when scanning the list.
  const sorted = [...member.tags]
    .sort((a, b) => Number(b.kind !== null) - Number(a.kind !== null))
    .map((tag) => ({ ...tag, color: details?.get(tag.id)?.color ?? '' }));
  const shown = sorted.slice(0, max);
  const rest = sorted.slice(max);
  return (
    <div className={classes.tagList}>
      {shown.map((tag) =>
        tag.kind === 'punished' && member.punishedUntil ? (
          <Tooltip
            key={tag.id}
            label={t('members.moderation.punishedUntil', { date: formatDateTime(member.punishedUntil) })}
          >
            <span>
              <TagBadge tag={tag} size="sm" />
            </span>
          </Tooltip>
        ) : (
          <TagBadge key={tag.id} tag={tag} size="sm" />
        ),
      )}
      {rest.length > 0 ? (
        <Tooltip label={rest.map(nameOf).join(', ')}>
          <Badge size="sm" radius="sm" variant="default" styles={{ root: { textTransform: 'none' } }}>
            +{rest.length}
          </Badge>
        </Tooltip>
      ) : null}
    </div>
  );
}

/** Dates in the reader's language and time zone (web/kernel/format.ts): 14.03.2025 · Mar 14, 2025. */
export const formatDate = (iso: string) =>
  formatKernelDate(iso, currentLanguage(), { timeZone: personTimeZone() });
export const formatDateTime = (iso: string) =>
  formatKernelDate(iso, currentLanguage(), { format: 'dateTime', timeZone: personTimeZone() });
