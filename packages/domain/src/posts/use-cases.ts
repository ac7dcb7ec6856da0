/** The posts area's use cases (their declarations: every door is derived from these). */
export { approvePostUseCase } from "./approve-post";
export { approvePostGroupUseCase } from "./approve-post-group";
export { cancelPostUseCase } from "./cancel-post";
export { deletePostUseCase } from "./delete-post";
export { denyPostUseCase } from "./deny-post";
export { editPostUseCase } from "./edit-post";
export { retryFirstCommentUseCase } from "./first-comment";
export { getDashboardStatsUseCase } from "./get-dashboard-stats";
export { getPostUseCase } from "./get-post";
export { listCalendarPostsUseCase } from "./list-calendar-posts";
export { listPostsUseCase } from "./list-posts";
export { publishPostNowUseCase } from "./publish-post-now";
export { reschedulePostUseCase } from "./reschedule-post";
export { schedulePostUseCase } from "./schedule-post";
export { setPostMediaUseCase } from "./set-post-media";
