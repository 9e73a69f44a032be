import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const MantineNotifications = lazy(() => import('./notifications-ui.tsx'));

/**
 * Mantine's <Notifications>, loaded with the first notice: the sign-in page never needs it and
 * its JS budget (e2e/src/js-budget.ts) is tight. `notifications.show` only writes to the store,
 * which this reads.
 */
export function PainelNotifications(props: NotificationsProps) {
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
