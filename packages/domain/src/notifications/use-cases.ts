/** The notifications area's use cases. */
export { deleteNotificationUseCase } from "./delete-notification";
export { listNotificationsUseCase } from "./list-notifications";
export { markNotificationsReadUseCase } from "./mark-notifications-read";
