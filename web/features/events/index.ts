// The events' public module: the addresses of its screens, the member's calendar feed read, and the feed's
// section for the profile page (its only screen code, small).
export { eventsLinks } from './events-links';
export { eventFeedQuery, eventsKeys } from './events-api';
// The member's private calendar feed, shown in their profile (app-profile).
export { EventFeedSection } from './feed-section';
