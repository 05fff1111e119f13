export * from "./records.js";
export * as Settings from "./settings/index.js";
export * as Time from "./time.js";
