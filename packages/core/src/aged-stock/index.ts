export * from "./buckets.js";
export * from "./projection.js";
export * from "./action.js";
export * from "./report.js";
export * from "./inventory-rows.js";
export * from "./merged.js";
