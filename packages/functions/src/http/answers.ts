/**
 * What a handler may answer, read from its endpoint's contract: for each status the route documents
 * a body for, a JSON answer of that body's type (or a stored view's text holding it); a CSV text
 * where the route also answers CSV; a page where it answers HTML. A handler whose answer differs
 * from its route's schema does not compile.
 */
import type * as z from "zod/mini";
import type { Endpoint, RequestParts } from "../contract/schema.js";
import type { StoredBody } from "../json-text.js";
import type { CSV_CONTENT_TYPE, HTML_CONTENT_TYPE, JsonResult, TextResult } from "./request.js";

type AnswerAt<S extends number, C> = C extends { html: true }
  ? TextResult<S, typeof HTML_CONTENT_TYPE>
  : C extends { schema: infer Z extends z.ZodMiniType }
    ? JsonResult<S, StoredBody<z.output<Z>>> | (C extends { csv: string } ? TextResult<S, typeof CSV_CONTENT_TYPE> : never)
    : never;

/** Every answer the endpoint's contract allows. */
export type AnswerOf<E> = E extends Endpoint<RequestParts, infer R> ? { [S in keyof R & number]: AnswerAt<S, R[S]> }[keyof R & number] : never;

