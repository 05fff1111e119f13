export * from "./defaults.js";
export * from "./coercion.js";
export * from "./errors.js";
