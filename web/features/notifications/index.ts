// The notifications feature's public module: what the app shell puts into an app's header. Light: the bell and
// its badge's query; the panel and the screens are lazy chunks of their own.
export { NotificationBell } from './bell/notification-bell';
