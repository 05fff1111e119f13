export * from "./kinds.js";
export * from "./derive.js";
export * from "./diff.js";
export * from "./digest.js";
export * from "./sku.js";
