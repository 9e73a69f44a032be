// The dynamic-import target of <Notifications>: a module of its own, so the bundler splits the
// component (and react-transition-group) from the store that every page imports.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

export { Notifications as default } from '@mantine/notifications';
