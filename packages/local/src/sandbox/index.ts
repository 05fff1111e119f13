export * from "./server.js";
export * from "./seed.js";
export * from "./dataset.js";
export * from "./receptions.js";
export type { FaultAnswer, InjectedDelay, InjectedDisconnect, InjectedMalformed, InjectedStatus, PathMatcher, SandboxFaults } from "./faults.js";
export type { SandboxTokenPair } from "./marketplace.js";
export type { SandboxNotification, NotificationOptions } from "./notifications.js";
export type { OperationRequest, RecordedOperation, RecordedKind } from "./operations.js";
export * from "./hub.js";
