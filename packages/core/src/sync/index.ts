export * from "./stock.js";
export * from "./ageing.js";
export * from "./dimensions.js";
export * from "./sales.js";
export * from "./run.js";
export * from "./schedule.js";
export * from "./operations-ledger.js";
export * from "./drift.js";
