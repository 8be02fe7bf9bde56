/** The notifications' screen addresses (spec §2). */

/** `/{appSlug}/notifications` (ROUTE-132): the whole list. */
export const notificationsPath = (appSlug: string) => `/${appSlug}/notifications`;
