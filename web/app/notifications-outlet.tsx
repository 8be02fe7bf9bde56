import { lazy, Suspense } from 'react';

// The notification stack (with its transitions and swipe handling) is not needed for the first paint: it loads
// beside the first screen. Notifications raised meanwhile wait in @mantine/notifications' store and show once
// it mounts.
const Notifications = lazy(async () => ({
  default: (await import('./notifications-stack')).NotificationsStack,
}));

export function NotificationsOutlet() {
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
