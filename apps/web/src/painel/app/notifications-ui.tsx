// The dynamic-import target of <PainelNotifications>: the component (and react-transition-group)
// in a chunk of its own, apart from the store that `notifications.show` writes to.
export { Notifications as default } from '@mantine/notifications';
