import { Settings, Time } from "@fulfillment/core";
import { InvalidInputError } from "../errors.js";
import { isJsonObject, parseJsonBody } from "./request.js";

export const DEFAULT_HISTORY_LIMIT = 20;
export const MAX_HISTORY_LIMIT = 100;
/** A cursor is a change id (about 35 characters); anything much longer names no change. */
const MAX_CURSOR_LENGTH = 200;

/** `limit` and `cursor` of GET /settings/{group}/history: 1 to 100 changes (default 20), older than the cursor's change. */
export function historyPageFrom(query: Readonly<Record<string, string>>): { limit: number; before?: string } {
  const text = query.limit;
  let limit = DEFAULT_HISTORY_LIMIT;
  if (text !== undefined && text !== "") {
    limit = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_HISTORY_LIMIT) {
      throw new InvalidInputError(`limit must be a whole number from 1 to ${MAX_HISTORY_LIMIT}, got ${JSON.stringify(text.slice(0, 40))}`);
    }
  }
  const cursor = query.cursor;
  if (cursor === undefined || cursor === "") return { limit };
  if (cursor.length > MAX_CURSOR_LENGTH) throw new InvalidInputError("cursor is not a next_cursor of this history");
  return { limit, before: cursor };
}

/**
 * The body of POST /settings/{group}/restore: {"at": "<ISO 8601 timestamp>"} or {"change_id": "…"}, exactly one.
 * A timestamp without an offset is business-zone wall clock (CONTRACTS 4).
 */
export function restoreTargetFrom(body: string | undefined, zone: string): Settings.RestoreTarget {
  const parsed = parseJsonBody(body);
  if (!isJsonObject(parsed)) throw new InvalidInputError('The body must be a JSON object: {"at": "<timestamp>"} or {"change_id": "<id>"}');
  const { at, change_id: changeId, ...rest } = parsed;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new InvalidInputError(`Unknown field ${JSON.stringify(unknown[0]!.slice(0, 40))}: give "at" or "change_id"`);
  if ((at === undefined) === (changeId === undefined)) throw new InvalidInputError('Give exactly one of "at" (a timestamp) and "change_id"');
  if (changeId !== undefined) {
    if (typeof changeId !== "string" || changeId.trim() === "") throw new InvalidInputError("change_id must be a change id of the group's history");
    return { change_id: changeId };
  }
  const instant = typeof at === "string" ? Time.timestampToInstant(zone, at) : undefined;
  if (!instant) throw new InvalidInputError(`at must be an ISO 8601 timestamp, got ${JSON.stringify(String(at).slice(0, 40))}`);
  return { at: instant };
}
