import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The notifications UI (with react-transition-group and react-remove-scroll) loads with the first
// notice, not with every page: `notifications.show` only writes to the store, which the
// component reads once mounted.
const MantineNotifications = lazy(() => import('./notifications-ui.tsx'));

/** Mantine's <Notifications>, mounted when the store first holds a notice. */
export function Notifications(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <MantineNotifications {...props} />
    </Suspense>
  );
}
