/** The plans area's use cases (their declarations: every door is derived from these). */
export { acknowledgePlanWelcomeUseCase } from "./acknowledge-plan-welcome";
export { getPlanUseCase } from "./get-plan";
