import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../kernel/session/account-store';
import { AccountLayout } from './account-layout';
import { DeleteAccount } from './delete-account';
import { EmailChange } from './email-change';
import { ProfileForm } from './profile-form';
import { identityQuery } from './use-account-updates';

/** `/projects/settings/profile`: the account of the signed-in person. */
export function ProfilePage() {
  const { t } = useTranslation();
  const account = useAccount();
  // The screen shows the account from the session at once and takes the server's latest when it arrives.
  useQuery(identityQuery);

  if (!account) {
    return null;
  }
  return (
    <AccountLayout title={t('account.nav.profile')}>
      {/* A new key re-initialises the form when the server's answer differs from what the form started with. */}
      <ProfileForm
        key={`${account.id}:${account.firstName}:${account.lastName}:${account.language}:${account.timezone}`}
        account={account}
      />
      <EmailChange account={account} />
      <DeleteAccount />
    </AccountLayout>
  );
}
