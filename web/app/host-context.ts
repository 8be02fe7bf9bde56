import { createContext, useContext } from 'react';
import { useParams } from 'react-router';
import type { HostKind } from './host';

export const HostKindContext = createContext<HostKind>('service');

export function useHostKind(): HostKind {
  return useContext(HostKindContext);
}

/** Paths that differ between the service host and an app host (`/{appSlug}/...`). */
export function useHostPaths(): { home: string | null; auth: string } {
  const kind = useHostKind();
  const { appSlug } = useParams();
  if (kind === 'app') {
    return appSlug ? { home: `/${appSlug}`, auth: `/${appSlug}/auth` } : { home: null, auth: '/auth' };
  }
  return { home: '/', auth: '/auth' };
}
