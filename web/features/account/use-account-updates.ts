import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Account } from '../../../contracts/session';
import { setAccount } from '../../kernel/session/account-store';
import { accountApi } from './account-api';

/** GET /auth/identity: the account as the server has it now; the answer becomes the session's account. */
export const identityQuery = queryOptions({
  queryKey: ['identity'],
  queryFn: async ({ signal }) => {
    const account = await accountApi.identity(signal);
    setAccount(account);
    return account;
  },
});

/** After a change the server answered with the account: keep it, and let no older identity answer win. */
export function useAccountUpdated(): (account: Account) => void {
  const queryClient = useQueryClient();
  return (account) => {
    void queryClient.cancelQueries({ queryKey: identityQuery.queryKey });
    queryClient.setQueryData(identityQuery.queryKey, account);
    setAccount(account);
  };
}
