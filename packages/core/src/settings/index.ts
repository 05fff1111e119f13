export * from "./defaults.js";
export * from "./coercion.js";
