/** Addresses of the events' screens: the list (with its view), the event page, the editor and settings/events. */
export const eventsLinks = {
  list: (appSlug: string) => `/${appSlug}/events`,
  event: (appSlug: string, eventSlug: string, occurrence?: string | null) =>
    `/${appSlug}/events/${eventSlug}/view${occurrence ? `?occurrence=${occurrence}` : ''}`,
  create: (appSlug: string) => `/${appSlug}/events/create`,
  edit: (appSlug: string, eventSlug: string, occurrence?: string | null) =>
    `/${appSlug}/events/${eventSlug}/edit${occurrence ? `?occurrence=${occurrence}` : ''}`,
  settings: (appSlug: string) => `/${appSlug}/settings/events`,
};
