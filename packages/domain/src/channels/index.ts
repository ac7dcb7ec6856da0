export * from "./channel-rows";
export * from "./complete-channel-connection";
export * from "./connect-channel";
export * from "./disconnect-channel";
export * from "./list-channels";
export * from "./network-descriptor";
export * from "./schemas";
export * from "./text-count";
