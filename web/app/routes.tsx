import { Outlet, type LoaderFunctionArgs, type Params, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { BootSkeletonGone } from '../kernel/boot-skeleton';
import { loadChunk } from '../kernel/chunk';
import type { HostKind } from '../kernel/host';
import { isRouteHandle } from '../kernel/route-handle';
import { sessionLoader, stashCodeOf } from '../kernel/session/settle';
import type { NestedSlot } from '../kernel/web-feature';
import { slotRoutes, webFeatures } from './features';
import { guestOnly, requireAuth, type GuardContext } from './guards';
import { RouteErrorBoundary } from './route-error-boundary';

// The shells are lazy too: each host loads its own, together with the first screen's chunk.
const serviceShell = () => loadChunk(() => import('./layouts/service-shell'));
const appShell = () => loadChunk(() => import('./layouts/app-shell'));

/** The guard paths of the host a route is on; an app host's depend on the slug in the URL. */
type GuardFor = (params: Params) => GuardContext;

const serviceGuard: GuardFor = () => ({ signInPath: '/auth', homePath: '/projects' });
// The app's default service route is the app root until the workspace feature knows the real one.
const appGuard: GuardFor = ({ appSlug = '' }) => ({
  signInPath: `/${appSlug}/auth`,
  homePath: `/${appSlug}`,
});

/**
 * Enforces each route's declared `handle.access` with this host's guards: the guard runs first, and the
 * route's own loader (if any) only when the guard lets the request through.
 */
function withAccess(routes: RouteObject[], guardFor: GuardFor): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? { children: withAccess(route.children, guardFor) } : {};
    const access = isRouteHandle(route.handle) ? route.handle.access : undefined;
    if (!access) {
      return { ...route, ...children } as RouteObject;
    }
    const own = typeof route.loader === 'function' ? route.loader : null;
    const guard = access === 'signedIn' ? requireAuth : guestOnly;
    const loader = async (args: LoaderFunctionArgs) =>
      (await guard(args.request, guardFor(args.params))) ?? (own ? own(args) : null);
    return { ...route, ...children, loader } as RouteObject;
  });
}

/** The layout routes features host for a nested slot, each with that slot's routes as its children. */
function hostedRoutes(slot: NestedSlot): RouteObject[] {
  return webFeatures.flatMap((feature) => {
    const host = feature.hosts?.[slot];
    return host ? [{ ...host, children: slotRoutes(slot) }] : [];
  });
}

function serviceRoutes(): RouteObject[] {
  const children = [...slotRoutes('service'), ...hostedRoutes('project')];
  return [
    {
      lazy: async () => {
        const { ServiceShell, ServiceShellErrorBoundary } = await serviceShell();
        return { Component: ServiceShell, ErrorBoundary: ServiceShellErrorBoundary };
      },
      children: withAccess(children, serviceGuard),
    },
  ];
}

function appRoutes(): RouteObject[] {
  const shell = async () => {
    const { AppHostShell, AppHostShellErrorBoundary } = await appShell();
    return { Component: AppHostShell, ErrorBoundary: AppHostShellErrorBoundary };
  };
  const children = [...slotRoutes('app'), ...hostedRoutes('appSettings')];
  return [
    { path: ':appSlug', lazy: shell, children: withAccess(children, appGuard) },
    { lazy: shell, children: withAccess(slotRoutes('appHostRoot'), appGuard) },
  ];
}

/** Renders once the first screen is ready (every lazy route and loader of the address settled). */
function Root() {
  return (
    <>
      <BootSkeletonGone />
      <Outlet />
    </>
  );
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
      Component: Root,
      errorElement: (
        <>
          <BootSkeletonGone />
          <RouteErrorBoundary fullScreen />
        </>
      ),
      children: [
        // Pages without a shell: their paths are more specific than the shells' routes, so the router picks them.
        ...withAccess(slotRoutes('bare'), host === 'service' ? serviceGuard : appGuard),
        ...(host === 'service' ? serviceRoutes() : appRoutes()),
      ],
    },
  ];
}
