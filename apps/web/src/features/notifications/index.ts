/** The notifications feature's public face: the header bell and the settings tab's list. */
export { useNotifications } from './api/get-notifications';
export { useMarkAllNotificationsRead } from './api/mark-notification-read';
export { NotificationBell } from './components/notification-bell';
export { NotificationList } from './components/notification-list';
