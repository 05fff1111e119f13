export * from "./client.js";
export * from "./errors.js";
export type { MarketplaceClientOptions, TokenPair, TokenStore } from "./session.js";
export type { FulfillmentStock, MarketplaceItem, MissedNotification, Seller, StockOperation, TokenResponse } from "./schemas.js";
