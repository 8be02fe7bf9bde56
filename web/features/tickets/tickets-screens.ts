// The tickets' screens: one lazy chunk (tickets.routes.tsx).
export { MyRequestsPage } from './my-requests-page';
export { NewRequestPage } from './new-request-page';
export { RequestPage } from './request-page';
export { SupportIndexPage } from './support-index-page';
export { SupportListPage } from './support-list-page';
export { SupportSettingsPage } from './support-settings-page';
export { SupportTicketPage } from './support-ticket-page';
