// The tickets' public module: the moderation inbox's ticket tab. The screens stay in their lazy chunk.
export { TicketInbox } from './ticket-inbox';
