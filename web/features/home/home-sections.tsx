// The home's chunk brings the Mantine styles of what only it shows.
import '@mantine/core/styles/RingProgress.css';
import '@mantine/core/styles/Skeleton.css';
import { Anchor, Avatar, Paper, RingProgress, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconCheck,
  IconFile,
  IconFileMusic,
  IconMovie,
  IconPhoto,
  IconUserPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RouterApp } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { appProfilePaths, memberProfileQuery } from '../app-profile';
import { customFieldsQuery } from '../custom-fields';
import { memberInitialsOf, memberNameOf, memberPath } from '../member-page';
import { newMembersQuery, recentFilesQuery, type HomeFile } from './home-api';
import classes from './app-home-page.module.css';

function SectionHead({ title, link }: { title: string; link?: { label: string; to: string } }) {
  return (
    <div className={classes.sectionHead}>
      <Title order={2} className={classes.sectionTitle}>
        {title}
      </Title>
      {link ? (
        <Anchor component={Link} to={link.to} size="sm" className={classes.sectionLink}>
          {link.label}
          <IconArrowRight size={15} stroke={1.8} />
        </Anchor>
      ) : null}
    </div>
  );
}

const typeIcons = { image: IconPhoto, video: IconMovie, audio: IconFileMusic, other: IconFile } as const;

function FileTile({ file }: { file: HomeFile }) {
  const format = useFormat();
  const Icon = typeIcons[file.type ?? 'other'];
  return (
    <div className={classes.file}>
      <div className={classes.fileVisual}>
        {file.thumbnails?.tile ? (
          <img src={file.thumbnails.tile} alt="" loading="lazy" />
        ) : (
          <Icon size={30} stroke={1.4} />
        )}
      </div>
      <Text size="sm" fw={500} truncate="end" title={file.name}>
        {file.name}
      </Text>
      <Text size="xs" c="dimmed">
        {format.date(file.updatedAt)}
      </Text>
    </div>
  );
}

/** The member's latest files: the library is the part of the app that already lives. */
export function RecentFiles({ app }: { app: RouterApp }) {
  const { t } = useTranslation();
  const query = useQuery(recentFilesQuery(app.projectId, app.id));
  const files = query.data ?? [];
  return (
    <Paper className={classes.card} data-testid="home-recent-files">
      <SectionHead
        title={t('home.files.title')}
        link={{ label: t('home.files.open'), to: `/${app.slug}/cloud` }}
      />
      {query.isPending ? (
        <Skeleton height={120} radius="md" />
      ) : files.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="home-files-empty">
          {t('home.files.empty')}
        </Text>
      ) : (
        <div className={classes.files}>
          {files.map((file) => (
            <FileTile key={file.id} file={file} />
          ))}
        </div>
      )}
    </Paper>
  );
}

/** The app's newest members (not the viewer, not people still invited), with a way to their pages. */
export function MembersToMeet({ app }: { app: RouterApp }) {
  const { t } = useTranslation();
  const query = useQuery(newMembersQuery(app.id));
  const viewerId = app.viewer?.profileId ?? null;
  const members = (query.data ?? [])
    .filter((member) => member.id !== viewerId && member.type !== 'invited')
    .slice(0, 6);
  if (query.isSuccess && members.length === 0) {
    return null;
  }
  return (
    <Paper className={classes.card} data-testid="home-members">
      <SectionHead title={t('home.members.title')} />
      {query.isPending ? (
        <Skeleton height={72} radius="md" />
      ) : (
        <div className={classes.members}>
          {members.map((member) => (
            <Link key={member.id} to={memberPath(app.slug, member.id)} className={classes.member}>
              <Avatar src={member.avatarUrl} color="brand" size={52} radius={999}>
                {memberInitialsOf(member)}
              </Avatar>
              <Text size="sm" fw={500} ta="center" lineClamp={2}>
                {memberNameOf(member) || t('member.unnamed')}
              </Text>
            </Link>
          ))}
        </div>
      )}
    </Paper>
  );
}

/**
 * How complete the member's profile is, and what is missing: a photo, a few words about them, where they
 * are, and the app's required fields. Disappears once everything is there.
 */
export function CompleteProfile({ app }: { app: RouterApp }) {
  const { t } = useTranslation();
  const profile = useQuery(memberProfileQuery(app.id)).data;
  const fields = useQuery({ ...customFieldsQuery(app.id), meta: { silent: true } }).data ?? [];
  if (!profile) {
    return null;
  }
  const required = fields.filter((field) => field.validationRules.required);
  const steps = [
    { key: 'photo', done: profile.avatarUrl !== null },
    { key: 'bio', done: profile.bio.trim() !== '' },
    { key: 'location', done: profile.location.trim() !== '' },
    ...(required.length > 0
      ? [{ key: 'fields', done: required.every((field) => profile.customFields[field.id] !== undefined) }]
      : []),
  ];
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) {
    return null;
  }
  const percent = Math.round((done / steps.length) * 100);
  return (
    <Paper className={classes.card} data-testid="home-complete-profile">
      <div className={classes.complete}>
        <RingProgress
          size={92}
          thickness={8}
          roundCaps
          sections={[{ value: percent, color: 'brand' }]}
          label={
            <Text ta="center" fw={700} size="lg">
              {percent} %
            </Text>
          }
        />
        <div className={classes.completeText}>
          <Title order={2} className={classes.sectionTitle}>
            {t('home.profile.title')}
          </Title>
          <Text size="sm" c="dimmed" mb={10}>
            {t('home.profile.text')}
          </Text>
          <ul className={classes.steps}>
            {steps.map((step) => (
              <li key={step.key} data-done={step.done || undefined}>
                <ThemeIcon
                  size={22}
                  radius="xl"
                  variant={step.done ? 'filled' : 'light'}
                  color={step.done ? 'teal' : 'gray'}
                >
                  {step.done ? <IconCheck size={13} stroke={2.4} /> : <IconUserPlus size={13} stroke={2} />}
                </ThemeIcon>
                <Text
                  size="sm"
                  td={step.done ? 'line-through' : undefined}
                  c={step.done ? 'dimmed' : undefined}
                >
                  {t(`home.profile.steps.${step.key}`)}
                </Text>
              </li>
            ))}
          </ul>
          <Anchor
            component={Link}
            to={appProfilePaths.profile(app.slug)}
            className={classes.sectionLink}
            mt={10}
          >
            {t('home.profile.open')}
            <IconArrowRight size={15} stroke={1.8} />
          </Anchor>
        </div>
      </div>
    </Paper>
  );
}
