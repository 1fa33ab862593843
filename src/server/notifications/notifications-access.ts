/**
 * What other modules read and mark of an application's notifications (the `notification` table's
 * owner is ./notifications-repository.ts, src/server/db/table-owners.ts).
 */
export { markNotificationsRead, notificationCount, notificationsOf } from './notifications-repository';
