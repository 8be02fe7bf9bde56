import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useOptionalCurrentApp } from '../../kernel/current-app';
import { signOut } from '../../kernel/session/session';

/**
 * Signs out and forgets every cached answer of the account; the shell then goes to sign-in. Inside an app
 * the app's logout is used.
 */
export function useSignOut(): { signOut: () => void; pending: boolean } {
  const queryClient = useQueryClient();
  const appId = useOptionalCurrentApp()?.id;
  const [pending, setPending] = useState(false);
  return {
    pending,
    signOut: () => {
      setPending(true);
      void signOut(appId).finally(() => {
        queryClient.clear();
        setPending(false);
      });
    },
  };
}
