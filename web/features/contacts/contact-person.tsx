import { Avatar, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Contact } from './contacts-api';
import classes from './contacts.module.css';

export function contactName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

function initialsOf(person: { firstName: string; lastName: string; email: string }): string {
  const letters = `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.trim();
  return (letters || person.email.charAt(0)).toUpperCase();
}

/** Initials, name and address of a contact (or a profile). */
export function ContactPerson({
  person,
  size = 38,
}: {
  person: { firstName: string; lastName: string; email: string };
  size?: number;
}) {
  const hasName = `${person.firstName}${person.lastName}`.trim() !== '';
  return (
    <div className={classes.person}>
      <Avatar radius={1000} size={size} color="brand" variant="light">
        {initialsOf(person)}
      </Avatar>
      <div className={classes.personText}>
        <Text fw={600} size="sm" className={classes.ellipsis}>
          {hasName ? contactName(person) : person.email}
        </Text>
        {hasName ? (
          <Text size="xs" c="dimmed" className={classes.ellipsis}>
            {person.email}
          </Text>
        ) : null}
      </div>
    </div>
  );
}

const sourceColor: Record<Contact['source'], string> = {
  signup: 'teal',
  invitation: 'brand',
  invite_link: 'indigo',
  import: 'cyan',
  team: 'violet',
  owner: 'orange',
};

export function SourceBadge({ source }: { source: Contact['source'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={sourceColor[source]} variant="light" radius="sm" data-testid="contact-source">
      {t(`workspace.contacts.sources.${source}`)}
    </Badge>
  );
}

/** The apps the contact is in; a role other than member is named. */
export function ContactApps({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  if (contact.profiles.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('workspace.contacts.noApps')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      {contact.profiles.map((profile) => (
        <Badge key={profile.id} variant="outline" color="gray" radius="sm" className={classes.appBadge}>
          {profile.appName}
          {profile.isOwner
            ? ` · ${t('workspace.contacts.roles.owner')}`
            : profile.type === 'member'
              ? ''
              : ` · ${t(`workspace.contacts.roles.${profile.type}`)}`}
        </Badge>
      ))}
    </Group>
  );
}
