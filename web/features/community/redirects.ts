import { redirect, type LoaderFunctionArgs, type Params, type RouteObject } from 'react-router';

/** The new address of a deprecated one, below `/{appSlug}` (spec §2, ROUTE-138..145, RULE-207). */
type Target = (params: Params) => string;

const part = (value: string | undefined) => encodeURIComponent(value ?? '');

/** Deprecated community addresses → their `groups/…` successors, in the order of spec §2. */
export const deprecatedAddresses: readonly { path: string; target: Target }[] = [
  { path: 'community', target: () => 'groups' },
  { path: 'g/:groupSlug', target: ({ groupSlug }) => `groups/c/${part(groupSlug)}` },
  { path: 'g/:groupSlug/members', target: ({ groupSlug }) => `groups/c/${part(groupSlug)}/members` },
  { path: 's/:spaceSlug', target: ({ spaceSlug }) => `groups/g/${part(spaceSlug)}` },
  { path: 's/:spaceSlug/members', target: ({ spaceSlug }) => `groups/g/${part(spaceSlug)}/members` },
  { path: 's/:spaceSlug/rules', target: ({ spaceSlug }) => `groups/g/${part(spaceSlug)}/rules` },
  {
    path: 's/:spaceSlug/p/:postSlug',
    target: ({ spaceSlug, postSlug }) => `groups/g/${part(spaceSlug)}/p/${part(postSlug)}`,
  },
  {
    path: 's/:spaceSlug/share/:shareHash',
    target: ({ spaceSlug, shareHash }) => `groups/g/${part(spaceSlug)}/share/${part(shareHash)}`,
  },
];

/**
 * The redirect routes: answered in the loader, before any screen code loads; the query string travels along
 * (a shared link's tracking parameters, a sort).
 */
export const deprecatedRedirectRoutes: RouteObject[] = deprecatedAddresses.map(({ path, target }) => ({
  path,
  loader: ({ params, request }: LoaderFunctionArgs) => {
    const { search } = new URL(request.url);
    return redirect(`/${part(params.appSlug)}/${target(params)}${search}`);
  },
  // The loader always answers with the redirect; nothing is ever drawn here.
  Component: () => null,
}));
