import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../kernel/current-app';
import { EmailChangeSection } from '../account';
import { EventFeedSection } from '../events';
import { getAccount, setAccount } from '../../kernel/session/account-store';
import { appProfileApi, memberProfileQuery, type Profile } from './app-profile-api';
import { AppProfileLayout, ProfileQueryFallback } from './app-profile-layout';
import { DeleteProfile } from './delete-profile';
import { MemberProfileForm } from './member-profile-form';
import { ProfilePictures } from './profile-pictures';

/** `/{appSlug}/profile` (spec §2 `profile`, auth): the member's own profile in this app. */
export function AppProfilePage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const query = useQuery(memberProfileQuery(app.id));
  // The form starts again from the server's answer after its own saves, not after a picture was saved.
  const [formRound, setFormRound] = useState(0);

  if (!query.data) {
    return <ProfileQueryFallback query={query} />;
  }
  const profile = query.data;

  /** Names and e-mail live on the account: the header and the account menu show the new ones at once. */
  const keep = (updated: Profile) => {
    queryClient.setQueryData(memberProfileQuery(app.id).queryKey, updated);
    const account = getAccount();
    if (account) {
      setAccount({
        ...account,
        firstName: updated.firstName,
        lastName: updated.lastName,
        email: updated.email,
      });
    }
  };

  return (
    <AppProfileLayout title={t('appProfile.nav.profile')}>
      <ProfilePictures profile={profile} onSaved={keep} />
      {/* The form's own save starts it again from what the server says. */}
      <MemberProfileForm
        key={formRound}
        profile={profile}
        onSaved={(updated) => {
          keep(updated);
          setFormRound((round) => round + 1);
        }}
      />
      <EmailChangeSection
        email={profile.email}
        text={t('appProfile.email.text')}
        start={(email, resend) => appProfileApi.startEmailChange(app.id, email, resend)}
        confirm={(email, code) => appProfileApi.confirmEmailChange(app.id, email, code)}
        onChanged={keep}
        emailOf={(updated) => updated.email}
      />
      <EventFeedSection />
      <DeleteProfile email={profile.email} allowed={profile.permissions.can.includes('delete')} />
    </AppProfileLayout>
  );
}
