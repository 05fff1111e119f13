export * from "./records.js";
export * as Settings from "./settings/index.js";
export * as Time from "./time.js";
export * as History from "./history.js";
export * as Sync from "./sync/index.js";
