export * from "./velocity.js";
export * from "./stock-policy.js";
export * from "./units.js";
export * from "./planning.js";
export * from "./local-stock.js";
export * from "./plan.js";
export * from "./allocation.js";
export * from "./shipment-rows.js";
