/** The analytics area's use cases. */
export { getAnalyticsUseCase } from "./get-analytics";
