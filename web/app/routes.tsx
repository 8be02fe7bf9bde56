import { redirect, type Params, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { sessionLoader, stashCodeOf } from '../features/auth/session/settle';
import { loadChunk } from './chunk';
import { guestOnly, requireAuth, type GuardContext } from './guards';
import type { HostKind } from './host';
import { AppHostShell } from './layouts/app-shell';
import type { RouteHandle } from './layouts/route-handle';
import { ServiceShell } from './layouts/service-shell';
import { RouteErrorBoundary } from './route-error-boundary';

// Lazy areas: each `import()` is one chunk, loaded the first time a route of the area is visited.
const authArea = () => loadChunk(() => import('../features/auth/auth-screens'));
const notFoundArea = () => loadChunk(() => import('../features/not-found/not-found-page'));
const homeArea = () => loadChunk(() => import('../features/home/app-home-page'));
const accountArea = () => loadChunk(() => import('../features/account/account-screens'));
const projectsArea = () => loadChunk(() => import('../features/projects/projects-page'));
const appProfileArea = () => loadChunk(() => import('../features/app-profile/app-profile-screens'));

const immersive: RouteHandle = { immersive: true };

/** The guard paths of the host a route is on; an app host's depend on the slug in the URL. */
type GuardFor = (params: Params) => GuardContext;

const serviceGuard: GuardFor = () => ({ signInPath: '/auth', homePath: '/projects' });
// The app's default service route is the app root until the workspace feature knows the real one.
const appGuard: GuardFor = ({ appSlug = '' }) => ({
  signInPath: `/${appSlug}/auth`,
  homePath: `/${appSlug}`,
});

function authRoutes(guardFor: GuardFor): RouteObject[] {
  return [
    {
      path: 'auth',
      handle: immersive,
      loader: ({ request, params }) => guestOnly(request, guardFor(params)),
      lazy: async () => ({ Component: (await authArea()).SignInPage }),
    },
    {
      // Reachable while signed in: the invitation may be for the account that is signed in (or another one;
      // the mailed code decides whose session follows).
      path: 'auth/join/:invitationToken',
      handle: immersive,
      lazy: async () => ({ Component: (await authArea()).JoinPage }),
    },
    {
      // GAPS 29: reachable while signed in.
      path: 'auth/signup',
      handle: immersive,
      lazy: async () => ({ Component: (await authArea()).SignupPage }),
    },
    {
      path: 'auth/signup/confirm',
      handle: immersive,
      loader: ({ request, params }) => guestOnly(request, guardFor(params)),
      lazy: async () => ({ Component: (await authArea()).SignupConfirmPage }),
    },
    {
      // GAPS 29: reachable while signed in.
      path: 'auth/reset',
      handle: immersive,
      lazy: async () => ({ Component: (await authArea()).ResetPage }),
    },
    {
      path: 'auth/restore',
      handle: immersive,
      loader: ({ request, params }) => guestOnly(request, guardFor(params)),
      lazy: async () => ({ Component: (await authArea()).RestorePage }),
    },
  ];
}

/** Spec §2 /projects (auth): the list, the account profile and the password (GAPS 29: all of it needs auth). */
function projectRoutes(): RouteObject {
  return {
    path: 'projects',
    loader: ({ request, params }) => requireAuth(request, serviceGuard(params)),
    children: [
      { index: true, lazy: async () => ({ Component: (await projectsArea()).ProjectsPage }) },
      { path: 'settings/profile', lazy: async () => ({ Component: (await accountArea()).ProfilePage }) },
      { path: 'password', lazy: async () => ({ Component: (await accountArea()).PasswordPage }) },
    ],
  };
}

/** Spec §2 `profile` (auth) and `profile/notifications` of an app: the member's own screens. */
function appProfileRoutes(): RouteObject {
  return {
    path: 'profile',
    loader: ({ request, params }) => requireAuth(request, appGuard(params)),
    children: [
      { index: true, lazy: async () => ({ Component: (await appProfileArea()).AppProfilePage }) },
      {
        path: 'notifications',
        lazy: async () => ({ Component: (await appProfileArea()).NotificationsPage }),
      },
    ],
  };
}

const notFoundRoute: RouteObject = {
  path: '*',
  lazy: async () => ({ Component: (await notFoundArea()).NotFoundPage }),
};

function serviceRoutes(): RouteObject[] {
  return [
    {
      element: <ServiceShell />,
      errorElement: (
        <ServiceShell>
          <RouteErrorBoundary />
        </ServiceShell>
      ),
      children: [
        {
          index: true,
          // Spec §2: the current project, else the projects list; the projects feature refines this.
          loader: async ({ request, params }) =>
            (await requireAuth(request, serviceGuard(params))) ?? redirect('/projects'),
          // The loader always redirects; this only shows while it runs.
          element: <FullPageLoader fullScreen={false} />,
        },
        ...authRoutes(serviceGuard),
        projectRoutes(),
        notFoundRoute,
      ],
    },
  ];
}

function appRoutes(): RouteObject[] {
  return [
    {
      path: ':appSlug',
      element: <AppHostShell />,
      errorElement: (
        <AppHostShell>
          <RouteErrorBoundary />
        </AppHostShell>
      ),
      children: [
        {
          index: true,
          loader: ({ request, params }) => requireAuth(request, appGuard(params)),
          lazy: async () => ({ Component: (await homeArea()).AppHomePage }),
        },
        ...authRoutes(appGuard),
        appProfileRoutes(),
        notFoundRoute,
      ],
    },
    {
      element: <AppHostShell />,
      errorElement: (
        <AppHostShell>
          <RouteErrorBoundary />
        </AppHostShell>
      ),
      children: [notFoundRoute],
    },
  ];
}

/** The route tree of one host; a root boundary without shell catches what the shells cannot. */
export function createRoutes(host: HostKind): RouteObject[] {
  return [
    {
      id: 'root',
      // Spec §2: a stash code is exchanged and the stored session restored before anything renders.
      loader: sessionLoader,
      // Once settled, the root only has work again when an address brings a new stash code.
      shouldRevalidate: ({ nextUrl }) => stashCodeOf(nextUrl) !== null,
      hydrateFallbackElement: <FullPageLoader />,
      errorElement: <RouteErrorBoundary fullScreen />,
      children: host === 'service' ? serviceRoutes() : appRoutes(),
    },
  ];
}
