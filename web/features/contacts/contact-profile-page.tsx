import { Anchor, Button, Skeleton, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { FullPageMessage } from '../../components/full-page-message';
import { formatDate, useProject, projectPaths } from '../projects';
import { generalProfileQuery } from './contacts-api';
import { ContactPerson, contactName } from './contact-person';
import { GeneralProfileForm } from './general-profile-form';
import classes from './contacts.module.css';

/** `/projects/{projectId}/contacts/{memberId}` (ROUTE-53): one member profile's general data. */
export function ContactProfilePage() {
  const { t, i18n } = useTranslation();
  const isMobile = useIsMobile();
  const project = useProject();
  const { memberId = '' } = useParams();
  const query = useQuery(generalProfileQuery(memberId));
  const profile = query.data;
  usePageTitle(profile ? `${contactName(profile)} · ${project.name}` : t('workspace.contacts.title'));

  const back = (
    <Anchor component={Link} to={projectPaths.contacts(project.id)} className={classes.backLink}>
      <IconArrowLeft size={16} stroke={1.8} />
      {t('workspace.contacts.back')}
    </Anchor>
  );

  if (query.isPending) {
    return (
      <div className={classes.page}>
        {back}
        <Skeleton height={420} radius="lg" />
      </div>
    );
  }
  if (!profile) {
    const missing = query.error instanceof ApiError && [400, 404].includes(query.error.status);
    return (
      <FullPageMessage
        data-testid="contact-not-found"
        color={missing ? undefined : 'red'}
        icon={<IconUserQuestion size={32} stroke={1.6} />}
        title={missing ? t('workspace.contacts.notFoundTitle') : t('workspace.contacts.loadErrorTitle')}
        text={missing ? t('workspace.contacts.notFoundText') : t('workspace.contacts.loadErrorText')}
        actions={
          <Button
            component={Link}
            to={projectPaths.contacts(project.id)}
            leftSection={<IconArrowLeft size={18} />}
          >
            {t('workspace.contacts.back')}
          </Button>
        }
      />
    );
  }

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="contact-profile-page">
      {back}
      <header className={classes.profileHeader}>
        <ContactPerson person={profile} size={64} />
        <dl className={classes.facts}>
          <div>
            <dt>{t('workspace.contacts.profile.memberSince')}</dt>
            <dd>{formatDate(profile.createdAt, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('workspace.contacts.profile.lastSeen')}</dt>
            <dd>
              {profile.lastSeenAt
                ? formatDate(profile.lastSeenAt, i18n.language)
                : t('workspace.contacts.profile.never')}
            </dd>
          </div>
        </dl>
      </header>
      <section className={classes.formCard}>
        <Title order={2} className={classes.formTitle}>
          {t('workspace.contacts.profile.title')}
        </Title>
        <Text className={classes.formLead}>{t('workspace.contacts.profile.lead')}</Text>
        {/* A new answer of the server starts the form again from what it says. */}
        <GeneralProfileForm key={query.dataUpdatedAt} profile={profile} />
      </section>
    </div>
  );
}
