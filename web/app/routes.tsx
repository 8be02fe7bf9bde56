import { redirect, type Params, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { sessionLoader, stashCodeOf } from '../features/auth/session/settle';
import { currentProjectPath } from '../features/projects/current-project';
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
const projectsArea = () => loadChunk(() => import('../features/projects/projects-screens'));
const projectSettingsArea = () =>
  loadChunk(() => import('../features/project-settings/project-settings-screens'));
const teamArea = () => loadChunk(() => import('../features/team/team-screens'));
const contactsArea = () => loadChunk(() => import('../features/contacts/contacts-screens'));
const appProfileArea = () => loadChunk(() => import('../features/app-profile/app-profile-screens'));
const appSettingsArea = () => loadChunk(() => import('../features/app-settings/app-settings-screens'));
const customFieldsArea = () => loadChunk(() => import('../features/custom-fields/custom-fields-screens'));
const appMembersArea = () => loadChunk(() => import('../features/app-members/app-members-screens'));
const memberArea = () => loadChunk(() => import('../features/member-page/member-screens'));
const cloudArea = () => loadChunk(() => import('../features/cloud/cloud-screens'));

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

/**
 * Spec §2 /projects (auth): the list, create, the account profile and password, and one project's screens
 * (GAPS 29: all of it needs auth). The project layout loads the project once for its screens.
 */
function projectRoutes(): RouteObject {
  return {
    path: 'projects',
    loader: ({ request, params }) => requireAuth(request, serviceGuard(params)),
    children: [
      { index: true, lazy: async () => ({ Component: (await projectsArea()).ProjectsPage }) },
      { path: 'create', lazy: async () => ({ Component: (await projectsArea()).CreateProjectPage }) },
      { path: 'settings/profile', lazy: async () => ({ Component: (await accountArea()).ProfilePage }) },
      { path: 'password', lazy: async () => ({ Component: (await accountArea()).PasswordPage }) },
      {
        path: ':projectId',
        lazy: async () => ({ Component: (await projectsArea()).ProjectLayout }),
        children: [
          { index: true, lazy: async () => ({ Component: (await projectsArea()).ProjectDashboardPage }) },
          {
            path: 'dashboard',
            lazy: async () => ({ Component: (await projectsArea()).ProjectDashboardPage }),
          },
          {
            path: 'settings',
            lazy: async () => ({ Component: (await projectSettingsArea()).ProjectSettingsPage }),
          },
          {
            path: 'settings/payment-plan',
            lazy: async () => ({ Component: (await projectSettingsArea()).PaymentPlanPage }),
          },
          { path: 'settings/team', lazy: async () => ({ Component: (await teamArea()).TeamPage }) },
          { path: 'contacts', lazy: async () => ({ Component: (await contactsArea()).ContactsPage }) },
          {
            path: 'contacts/:memberId',
            lazy: async () => ({ Component: (await contactsArea()).ContactProfilePage }),
          },
          // ROUTE-54: the project's file library; `?folder=` opens a pseudo-folder.
          { path: 'cloud/:folderId?', lazy: async () => ({ Component: (await cloudArea()).ProjectCloudPage }) },
          // The file picker on its own, for the browser journeys and as a developer reference.
          { path: 'picker', lazy: async () => ({ Component: (await cloudArea()).CloudPickerDemoPage }) },
        ],
      },
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

/**
 * Spec §2 `settings` of an app (auth + app `edit`, ROUTE-87…112): the layout checks the ability and lists
 * only the sections the caller may open; GAPS 31: the custom field edit route's id is the field's.
 */
function appSettingsRoutes(): RouteObject {
  return {
    path: 'settings',
    loader: ({ request, params }) => requireAuth(request, appGuard(params)),
    lazy: async () => ({ Component: (await appSettingsArea()).AppSettingsLayout }),
    children: [
      // The layout sends the bare address to the first section the caller may open.
      { index: true, element: null },
      { path: 'general', lazy: async () => ({ Component: (await appSettingsArea()).GeneralSettingsPage }) },
      { path: 'services', lazy: async () => ({ Component: (await appSettingsArea()).ServicesSettingsPage }) },
      {
        path: 'custom-fields',
        lazy: async () => ({ Component: (await customFieldsArea()).CustomFieldsPage }),
      },
      {
        path: 'custom-fields/create',
        lazy: async () => ({ Component: (await customFieldsArea()).CustomFieldCreatePage }),
      },
      {
        path: 'custom-fields/:customFieldId/edit',
        lazy: async () => ({ Component: (await customFieldsArea()).CustomFieldEditPage }),
      },
      {
        path: 'members',
        children: [
          { index: true, lazy: async () => ({ Component: (await appMembersArea()).MembersPage }) },
          { path: 'invite', lazy: async () => ({ Component: (await appMembersArea()).InvitePage }) },
          {
            path: 'invite-links',
            lazy: async () => ({ Component: (await appMembersArea()).InviteLinksPage }),
          },
          { path: 'tags', lazy: async () => ({ Component: (await appMembersArea()).TagsPage }) },
          { path: 'bulk-import', lazy: async () => ({ Component: (await appMembersArea()).BulkImportPage }) },
          { path: 'moderation', lazy: async () => ({ Component: (await appMembersArea()).ModerationPage }) },
        ],
      },
    ],
  };
}

/** Spec §2 `cloud/{folderId?}` on an app host (auth + app `cloud`, ROUTE-55) and the picker's test page. */
function appCloudRoutes(): RouteObject[] {
  return [
    {
      path: 'cloud/:folderId?',
      loader: ({ request, params }) => requireAuth(request, appGuard(params)),
      lazy: async () => ({ Component: (await cloudArea()).AppCloudPage }),
    },
    {
      path: 'picker',
      loader: ({ request, params }) => requireAuth(request, appGuard(params)),
      lazy: async () => ({ Component: (await cloudArea()).CloudPickerDemoPage }),
    },
  ];
}

/** Spec §2 `m/{memberId}` (auth, ROUTE-75): the member page. */
function memberRoutes(): RouteObject {
  return {
    path: 'm/:memberId',
    loader: ({ request, params }) => requireAuth(request, appGuard(params)),
    lazy: async () => ({ Component: (await memberArea()).MemberPage }),
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
          // Spec §2: the current project's view, else (and on failure) the projects list.
          loader: async ({ request, params }) =>
            (await requireAuth(request, serviceGuard(params))) ?? redirect(await currentProjectPath()),
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
        appSettingsRoutes(),
        memberRoutes(),
        ...appCloudRoutes(),
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
