export * from "./client.js";
export * from "./errors.js";
export type { FulfillmentStock, MarketplaceItem, StockOperation, TokenResponse } from "./schemas.js";
