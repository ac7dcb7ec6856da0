/** The channels area's use cases (their declarations: every door is derived from these). */
export { completeChannelConnectionUseCase } from "./complete-channel-connection";
export { connectChannelUseCase } from "./connect-channel";
export { disconnectChannelUseCase } from "./disconnect-channel";
export { listChannelsUseCase } from "./list-channels";
