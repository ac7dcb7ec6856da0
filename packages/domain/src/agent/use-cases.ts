/** The agent area's use cases (the agent settings and the smart scheduling agent). */
export { getAgentSettingsUseCase } from "./get-agent-settings";
export { runSchedulingAgentUseCase } from "./run-scheduling-agent";
export { updateAgentSettingsUseCase } from "./update-agent-settings";
