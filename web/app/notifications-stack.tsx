import { Notifications } from '@mantine/notifications';

/** Where notifications appear, above the shells' headers. */
export function NotificationsStack() {
  return <Notifications position="top-right" limit={4} zIndex={1000} />;
}
