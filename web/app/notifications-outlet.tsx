import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// The notification stack (with its transitions and swipe handling) is not needed for the first screen: it loads
// when the first notification is raised. Until it has mounted, notifications wait in @mantine/notifications'
// store and show once it does.
const Notifications = lazy(async () => ({
  default: (await import('./notifications-stack')).NotificationsStack,
}));

export function NotificationsOutlet() {
  const { notifications, queue } = useNotifications();
  // Once needed it stays mounted, so the last notification can leave with its transition.
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) {
    setNeeded(true);
  }
  return needed ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}
