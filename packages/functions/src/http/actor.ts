import type { HttpRequest } from "./request.js";

/** Recorded as the actor of a change made through the open local API, which names no caller. */
export const LOCAL_ACTOR = "local";

/**
 * Who made a request, as recorded in histories (settings changes, tariff versions, recomputes).
 * The one place that names the caller: until requests carry a signed-in identity, every caller is
 * the open local mode's.
 */
export function actorOf(_request: HttpRequest): string {
  return LOCAL_ACTOR;
}
