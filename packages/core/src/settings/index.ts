export * from "./defaults.js";
export * from "./coercion.js";
export * from "./errors.js";
export * from "./history.js";
export * from "./per-seller.js";
