/** The service host's project screens (spec §2 "Root and project routes", web-routes.tsv ROUTE-09…53). */
export const projectPaths = {
  list: '/projects',
  create: '/projects/create',
  view: (projectId: string) => `/projects/${projectId}`,
  dashboard: (projectId: string) => `/projects/${projectId}/dashboard`,
  contacts: (projectId: string) => `/projects/${projectId}/contacts`,
  contact: (projectId: string, profileId: string) => `/projects/${projectId}/contacts/${profileId}`,
  support: (projectId: string) => `/projects/${projectId}/support`,
  courses: (projectId: string) => `/projects/${projectId}/courses`,
  settings: (projectId: string) => `/projects/${projectId}/settings`,
  cloud: (projectId: string) => `/projects/${projectId}/cloud`,
  team: (projectId: string) => `/projects/${projectId}/settings/team`,
  paymentPlan: (projectId: string) => `/projects/${projectId}/settings/payment-plan`,
} as const;

/** Spec §2 App URLs: the current protocol, the public domain, then the app's slug. */
export function appAddress(publicDomain: string, slug: string): string {
  return `${window.location.protocol}//${publicDomain}/${slug}`;
}
