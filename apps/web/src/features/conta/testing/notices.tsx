import { useNotifications } from '@mantine/notifications';

/** The notifications store as plain text (the Mantine UI itself is lazy and portal-based). */
export function Notices() {
  const { notifications } = useNotifications();
  return (
    <ul aria-label="avisos">
      {notifications.map((n) => (
        <li key={n.id} data-autoclose={String(n.autoClose)}>
          <strong>{n.title}</strong>
          <div>{n.message}</div>
        </li>
      ))}
    </ul>
  );
}
