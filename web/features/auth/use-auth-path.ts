import { useHostPaths } from '../../kernel/host-context';

export type AuthSubPath = 'signup' | 'signup/confirm' | 'reset' | 'restore';

/** `/auth` on the service host, `/{appSlug}/auth` on an app host; `sub` appends a child route. */
export function useAuthPath(sub?: AuthSubPath): string {
  const { auth } = useHostPaths();
  return sub ? `${auth}/${sub}` : auth;
}
