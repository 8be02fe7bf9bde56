import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '../auth/session/session';

/** Signs out and forgets every cached answer of the account; the shell then goes to sign-in. */
export function useSignOut(): { signOut: () => void; pending: boolean } {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  return {
    pending,
    signOut: () => {
      setPending(true);
      void signOut().finally(() => {
        queryClient.clear();
        setPending(false);
      });
    },
  };
}
