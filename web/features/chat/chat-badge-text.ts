/** An unread count as a badge shows it: capped. */
export const unreadText = (unread: number) => (unread > 99 ? '99+' : String(unread));
