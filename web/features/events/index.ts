// The events' public module: the addresses of its screens and the member's calendar feed read. Light: no screen
// code comes along.
export { eventsLinks } from './events-links';
export { eventFeedQuery, eventsKeys } from './events-api';
// The member's private calendar feed, shown in their profile (app-profile).
export { EventFeedSection } from './feed-section';
