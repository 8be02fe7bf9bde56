import { createContext, useContext } from 'react';
import { useParams } from 'react-router';
import type { HostKind } from './host';

export const HostKindContext = createContext<HostKind>('service');

export function useHostKind(): HostKind {
  return useContext(HostKindContext);
}

export type HostPaths = {
  home: string | null;
  auth: string;
  /** Where a sign-in ends when nothing was remembered: `/projects`, or the app's default route. */
  afterAuth: string;
};

/** Paths that differ between the service host and an app host (`/{appSlug}/...`). */
export function useHostPaths(): HostPaths {
  const kind = useHostKind();
  const { appSlug } = useParams();
  if (kind === 'app') {
    return appSlug
      ? { home: `/${appSlug}`, auth: `/${appSlug}/auth`, afterAuth: `/${appSlug}` }
      : { home: null, auth: '/auth', afterAuth: '/' };
  }
  return { home: '/', auth: '/auth', afterAuth: '/projects' };
}
