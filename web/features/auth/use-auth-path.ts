import { useHostPaths } from '../../app/host-context';

/** `/auth` on the service host, `/{appSlug}/auth` on an app host; `sub` appends a child route. */
export function useAuthPath(sub?: 'signup' | 'reset'): string {
  const { auth } = useHostPaths();
  return sub ? `${auth}/${sub}` : auth;
}
