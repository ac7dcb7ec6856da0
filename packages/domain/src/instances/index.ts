export * from "./liveness";
