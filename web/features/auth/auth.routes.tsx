import type { RouteObject } from 'react-router';
import { loadChunk } from '../../kernel/chunk';
import type { RouteHandle } from '../../kernel/route-handle';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./auth-screens'));
const signInScreen = () => loadChunk(() => import('./sign-in-screens'));
const guestScreen: RouteHandle = { immersive: true, access: 'guest' };
const openScreen: RouteHandle = { immersive: true };

// The same screens on both hosts: the shell's guards know each host's sign-in and home addresses.
const authRoutes: RouteObject[] = [
  { path: 'auth', handle: guestScreen, lazy: async () => ({ Component: (await signInScreen()).SignInPage }) },
  {
    // Reachable while signed in: the invitation may be for the account that is signed in (or another one;
    // the mailed code decides whose session follows).
    path: 'auth/join/:invitationToken',
    handle: openScreen,
    lazy: async () => ({ Component: (await screens()).JoinPage }),
  },
  {
    // GAPS 29: reachable while signed in.
    path: 'auth/signup',
    handle: openScreen,
    lazy: async () => ({ Component: (await screens()).SignupPage }),
  },
  {
    path: 'auth/signup/confirm',
    handle: guestScreen,
    lazy: async () => ({ Component: (await screens()).SignupConfirmPage }),
  },
  {
    // GAPS 29: reachable while signed in.
    path: 'auth/reset',
    handle: openScreen,
    lazy: async () => ({ Component: (await screens()).ResetPage }),
  },
  {
    path: 'auth/restore',
    handle: guestScreen,
    lazy: async () => ({ Component: (await screens()).RestorePage }),
  },
];

export const authFeature: WebFeature = {
  name: 'auth',
  routes: { service: authRoutes, app: authRoutes },
};
