/** The ticket screens of both hosts (ROUTE-48..51 and the member's requests). */
export const supportPaths = {
  index: (projectId: string) => `/projects/${projectId}/support`,
  app: (projectId: string, appId: string) => `/projects/${projectId}/support/a/${appId}`,
  ticket: (projectId: string, ticketId: string) => `/projects/${projectId}/support/ticket/${ticketId}`,
  contact: (projectId: string, ticketId: string, memberId: string) =>
    `/projects/${projectId}/support/ticket/${ticketId}/${memberId}`,
};

export const requestPaths = {
  list: (slug: string) => `/${slug}/requests`,
  create: (slug: string) => `/${slug}/requests/new`,
  request: (slug: string, ticketId: string) => `/${slug}/requests/${ticketId}`,
};

/** The app's team on the app host: the moderation inbox's ticket tab and a ticket opened from it. */
export const teamPaths = {
  inbox: (slug: string) => `/${slug}/settings/moderation?tab=ticket`,
  ticket: (slug: string, ticketId: string) => `/${slug}/settings/moderation/tickets/${ticketId}`,
};
