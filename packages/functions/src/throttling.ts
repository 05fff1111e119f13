/**
 * The API's rate limits, written once: the deployed stage (stacks/Api.ts) and the local gateway
 * (`npm start`) enforce the same numbers. Each route has its own token bucket: `burst` requests at
 * once, refilled at `ratePerSecond`. The stage's default covers every route; the route table names
 * the classes with lower (or, for the marketplace's notifications, their own) limits.
 */

export interface Throttle {
  /** Steady requests per second. */
  ratePerSecond: number;
  /** Requests let through at once, the bucket's size. */
  burst: number;
}

/**
 * "expensive": a route that starts work well beyond its own answer (a sync run, a recompute of
 * every SKU, an import of up to 100,000 rows). "notifications": the marketplace's pushes.
 */
export type ThrottleClass = "expensive" | "notifications";

export interface ThrottleSettings {
  /** Every route without a class of its own. */
  stage: Throttle;
  expensive: Throttle;
  notifications: Throttle;
}

/**
 * The defaults, for one seller's back office: a console page makes a handful of calls, an ERP a few
 * a second. Notifications arrive in bursts when stock moves; about 10,000 a minute get through.
 */
export const DEFAULT_THROTTLES: ThrottleSettings = {
  stage: { ratePerSecond: 100, burst: 200 },
  expensive: { ratePerSecond: 5, burst: 25 },
  notifications: { ratePerSecond: 200, burst: 400 },
};

/** The limit a route answers to. */
export const throttleOf = (route: { throttle?: ThrottleClass }, settings: ThrottleSettings = DEFAULT_THROTTLES): Throttle =>
  route.throttle ? settings[route.throttle] : settings.stage;

/** The deploy settings and their meaning, for errors and the docs. */
export const THROTTLE_SETTINGS = {
  stage: { rate: "API_THROTTLE_RATE", burst: "API_THROTTLE_BURST" },
  expensive: { rate: "API_EXPENSIVE_THROTTLE_RATE", burst: "API_EXPENSIVE_THROTTLE_BURST" },
  notifications: { rate: "API_NOTIFICATIONS_THROTTLE_RATE", burst: "API_NOTIFICATIONS_THROTTLE_BURST" },
} as const satisfies Record<keyof ThrottleSettings, { rate: string; burst: string }>;
