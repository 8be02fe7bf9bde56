import { Avatar } from '@mantine/core';
import { Link } from 'react-router';
import { appCan, useCurrentApp } from '../../../kernel/current-app';
import { memberPath } from '../../member-page';
import { LevelBadge } from '../../rewards';
import classes from './author.module.css';

type AuthorProps = { profileId: string; name: string; avatarUrl: string | null };

/** A member's photo (or initials); a link to their page for those who may see profiles. */
export function AuthorAvatar({ profileId, name, avatarUrl, size = 40 }: AuthorProps & { size?: number }) {
  const app = useCurrentApp();
  const avatar = <Avatar src={avatarUrl} name={name} color="initials" size={size} radius="xl" alt="" />;
  // The name beside it is the link with the text; the photo repeats it for the pointer only.
  return appCan(app, 'view_profiles') ? (
    <Link
      to={memberPath(app.slug, profileId)}
      tabIndex={-1}
      aria-hidden="true"
      className={classes.avatarLink}
    >
      {avatar}
    </Link>
  ) : (
    avatar
  );
}

/** A member's name, linked to their page for those who may see profiles, and their level where the app shows one. */
export function AuthorName({ profileId, name }: Omit<AuthorProps, 'avatarUrl'>) {
  const app = useCurrentApp();
  return (
    <>
      {appCan(app, 'view_profiles') ? (
        <Link to={memberPath(app.slug, profileId)} className={classes.name}>
          {name}
        </Link>
      ) : (
        <span className={classes.name}>{name}</span>
      )}
      <LevelBadge profileId={profileId} />
    </>
  );
}
