/** Addresses of the help desk's screens (spec ROUTE-128..130, ROUTE-99). */
export const helpdeskLinks = {
  home: (appSlug: string) => `/${appSlug}/helpdesk`,
  category: (appSlug: string, categorySlug: string) => `/${appSlug}/helpdesk/${categorySlug}`,
  article: (appSlug: string, categorySlug: string, articleSlug: string) =>
    `/${appSlug}/helpdesk/${categorySlug}/${articleSlug}`,
  newArticle: (appSlug: string, categorySlug: string) => `/${appSlug}/helpdesk/${categorySlug}/new`,
  editArticle: (appSlug: string, categorySlug: string, articleSlug: string) =>
    `/${appSlug}/helpdesk/${categorySlug}/${articleSlug}/edit`,
  settings: (appSlug: string) => `/${appSlug}/settings/helpdesk`,
};
