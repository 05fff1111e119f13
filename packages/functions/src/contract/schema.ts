/**
 * The building blocks of the HTTP contract (SPEC sections 4 and 7, CONTRACTS section 5): a registry
 * that names and describes zod schemas, the field types the request and response schemas share, the
 * error envelopes, and the shape of one endpoint. Each flow keeps its endpoints in a module of this
 * folder (sync.ts, planning.ts…); the handler parses its request with the endpoint's schema and
 * answers with its response schemas' types, and the OpenAPI generator (packages/local/src/openapi)
 * documents the same objects.
 */
import * as z from "zod/mini";
import { Messages } from "@fulfillment/core";
import { InvalidInputError } from "../errors.js";
import { explain, issueText, type Explanation } from "../error-texts.js";
import { API_GATEWAY_REQUEST_BYTES, MAX_REQUEST_BODY_BYTES, RESPONSE_PAYLOAD_BUDGET_BYTES } from "../http/limits.js";
import { keyOfOperation, type ErrorEnvelope, type Operation, type RouteKey } from "../routes.js";
import { LIMITS } from "./limits.js";

export interface SchemaMeta {
  /** Named schemas become components of the document. */
  id?: string;
  description?: string;
}

/** Names and descriptions of the contract's schemas; read by the JSON Schema conversion. */
export const contractRegistry = z.registry<SchemaMeta>();

export function named<T extends z.ZodMiniType>(id: string, description: string, schema: T): T {
  contractRegistry.add(schema, { id, description });
  return schema;
}

export function described<T extends z.ZodMiniType>(description: string, schema: T): T {
  contractRegistry.add(schema, { description });
  return schema;
}

// ---------------------------------------------------------------------------
// Shared field types

/** Text of at most `max` characters (LIMITS); over it a request is refused naming the field (http/handler.ts). */
export const bounded = (max: number) => z.string().check(z.maxLength(max));
/** A list of at most `max` items. */
export const list = <T extends z.ZodMiniType>(item: T, max: number) => z.array(item).check(z.maxLength(max));
/** A whole number from `min` to `max`. */
export const whole = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const INT32_MIN = -2_147_483_648;

export const text = (description: string, max: number = LIMITS.sentenceChars) => described(description, bounded(max));
export const nullableText = (description: string, max: number = LIMITS.sentenceChars) => described(description, z.nullable(bounded(max)));
/** A whole number of units or a day's figure, signed: within int32. */
export const integer = (description: string, max: number = LIMITS.unitsMax) => described(description, whole(INT32_MIN, max));
export const nullableInteger = (description: string, max: number = LIMITS.unitsMax) => described(description, z.nullable(whole(INT32_MIN, max)));
export const count = (description: string, max: number = LIMITS.unitsMax) => described(description, whole(0, max));
export const nullableNumber = (description: string) => described(description, z.nullable(z.number()));
/** An identifier: an ad, an inventory, a run, a change. */
export const id = (description: string) => text(description, LIMITS.idChars);
export const nullableId = (description: string) => nullableText(description, LIMITS.idChars);

// A calendar day and an ISO 8601 date-time; a stored time without an offset is business-zone wall clock (CONTRACTS 4).
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;
export const isoDateTime = (description: string) => described(description, z.string().check(z.maxLength(LIMITS.dateTimeChars), z.regex(ISO_DATE_TIME)));
export const calendarDay = (description: string) => described(description, z.iso.date().check(z.maxLength(LIMITS.dayChars)));
export const nullableDateTime = (description: string) => described(description, z.nullable(isoDateTime("ISO 8601 date-time")));
export const nullableDay = (description: string) => described(description, z.nullable(calendarDay("YYYY-MM-DD")));

/** A body the success envelope family answers with: `success: true`, then its fields. */
export const succeeded = <Shape extends z.core.$ZodLooseShape>(shape: Shape) => z.object({ success: z.literal(true), ...shape });

/** An object with one field under each of `keys`, typed by them. */
export const keyed = <K extends string, S extends z.ZodMiniType>(keys: readonly K[], field: (key: K) => S) =>
  z.object(Object.fromEntries(keys.map((key) => [key, field(key)])) as Record<K, S>);

export const variationId = described(
  "Variation id as stored: text, an integer, or null for an item without variations",
  z.union([bounded(LIMITS.idChars), z.int().check(z.minimum(0), z.maximum(LIMITS.safeIntegerMax)), z.null()]),
);

// ---------------------------------------------------------------------------
// The core's types of the answers

/**
 * True when `T`, the type the core or a service gives a body, and the schema's output are each
 * assignable to the other. `Checked<[...]>` compiles only when every one is true: a field added,
 * dropped or retyped on either side fails the typecheck.
 */
export type Agrees<S extends z.ZodMiniType, T extends z.output<S>> = [z.output<S>] extends [T] ? true : false;
export type Checked<Agreements extends true[]> = Agreements;

// ---------------------------------------------------------------------------
// Error envelopes (SPEC section 7: one per endpoint family)

/** A reason, action or warning as data: its stable code, its figures and its sentence in the request's language. */
export const Message = named(
  "Message",
  "A reason or warning as data. `code` is stable and `params` holds its figures (numbers, calendar days YYYY-MM-DD, names); `text` is the sentence in the language Accept-Language asks for (pt-BR by default, en on request)",
  z.object({
    code: described("Stable code of the message", z.enum(Object.keys(Messages.CATALOGUE) as [Messages.MessageCode, ...Messages.MessageCode[]])),
    params: described("The message's figures", z.record(bounded(LIMITS.nameChars), z.nullable(z.union([z.number(), bounded(LIMITS.sentenceChars)])))),
    text: text("The sentence, in the request's language"),
  }),
);

// An error may quote the refused value as it came: bounded by what an answer can hold, not by a sentence.
const errorText = () => text("A readable description of the failure; never a stack or a credential", RESPONSE_PAYLOAD_BUDGET_BYTES);

/** Answered with a seller refusal (http/seller.ts): the accounts the request may name. */
const sellersField = () =>
  described(
    "Only when the request must name a connected account (several are connected and none, an unknown one or one this route cannot take was named): the accounts it may name in X-Seller-Id or seller_id",
    z.optional(list(z.object({ id: id("The seller's marketplace id (user_id)"), nickname: nullableText("The seller's nickname", LIMITS.nameChars) }), LIMITS.shortList)),
  );

export const ErrorBody = named("ErrorBody", "Error envelope of GET /full/replenishment and GET /full/inventory/{ad_id}", z.object({ error: errorText(), sellers: sellersField() }));

export const HasDataErrorBody = named(
  "HasDataErrorBody",
  "Error envelope of GET /full/overview and GET /full/inventory",
  z.object({ has_data: z.literal(false), error: errorText(), sellers: sellersField() }),
);

export const SuccessErrorBody = named(
  "SuccessErrorBody",
  "Error envelope of POST /full/sync, the tariff endpoints, the settings endpoints and GET /history/core_ai",
  z.object({ success: z.literal(false), error: errorText(), sellers: sellersField() }),
);

/** What the gateway answers itself, before any function runs: an authorizer's 401 (and API Gateway's other own refusals). */
export const GatewayMessageBody = named(
  "GatewayMessageBody",
  "API Gateway's own body (the local gateway sends the same): the authorizer's refusal, never the route family's envelope",
  z.object({ message: described("Such as Unauthorized", z.enum(["Unauthorized", "Forbidden"])) }),
);

const ERROR_BODIES: Record<ErrorEnvelope, z.ZodMiniType> = { error: ErrorBody, has_data: HasDataErrorBody, success: SuccessErrorBody };

/** The body of every error status of a route of this envelope family. */
export const errorBodyOf = (envelope: ErrorEnvelope): z.ZodMiniType => ERROR_BODIES[envelope];

// ---------------------------------------------------------------------------
// One endpoint

export interface ResponseContract {
  description: string;
  /** Omitted for error statuses: they answer with the route family's error envelope. */
  schema?: z.ZodMiniType;
  /** An HTML page instead of JSON (the page a browser lands on). */
  html?: true;
  /** Response headers worth naming (a redirect's Location). */
  headers?: Record<string, string>;
  /** Also answered as text/csv (on request): what the rows are. */
  csv?: string;
  /** Answered with no body at all (304). */
  empty?: true;
}

/**
 * What a request may carry, as the handler receives it: the path parameters, the query, the
 * headers (names in lower case) and the body (parsed JSON; undefined when absent or not JSON).
 * Each part is a zod object (or a pipe from one); the body any schema.
 */
export interface RequestParts {
  path?: z.ZodMiniType;
  query?: z.ZodMiniType;
  headers?: z.ZodMiniType;
  body?: z.ZodMiniType;
}

export interface BodyDocument {
  description: string;
  /** Documented as required even when the schema lets a missing body through to the handler's own rule. */
  required: boolean;
  /** Also taken as text/csv: the example body. */
  csv?: string;
}

export type Tag = "Fulfillment" | "Tariffs" | "Settings" | "History" | "Marketplace account" | "Marketplace notifications" | "Imports" | "Alerts";

/** A route's answers by status. */
export type Responses = Record<number, ResponseContract>;

export interface EndpointDocument<R extends Responses = Responses> {
  tag: Tag;
  summary: string;
  description: string;
  /** Required when the request has a body. */
  body?: BodyDocument;
  /** A status whose answer has a schema types what the handler may answer with it (http/answers.ts). */
  responses: R;
}

export interface Endpoint<P extends RequestParts = RequestParts, R extends Responses = Responses> extends EndpointDocument<R> {
  key: RouteKey;
  /** The route's name in the route table, also the document's operationId. */
  operationId: Operation;
  /** The one schema of the request: path, query, headers and body. */
  request: z.ZodMiniObject<{ [K in keyof P]: P[K] & z.ZodMiniType }>;
  /** The request schema's parts, for the generator. */
  parts: P;
  /** The error a refused request raises (default: InvalidInputError with the issue's message, 400). */
  refusal?: (issue: z.core.$ZodIssue) => Error;
}

/** The endpoint of the route table's `operation`, with the schema of its request and the document of its answers. */
export function endpoint<P extends RequestParts, R extends Responses>(
  operation: Operation,
  parts: P,
  document: EndpointDocument<R> & { refusal?: (issue: z.core.$ZodIssue) => Error },
): Endpoint<P, R> {
  return { key: keyOfOperation(operation), operationId: operation, parts, request: z.object(parts as never) as never, ...document };
}

/** The parsed request of an endpoint. */
export type RequestOf<E> = E extends Endpoint<infer P, Responses> ? { [K in keyof P]: P[K] extends z.ZodMiniType ? z.output<P[K]> : never } : never;

export const ok = <S extends z.ZodMiniType>(schema: S, description: string): { schema: S; description: string } => ({ schema, description });
export const failure = (description: string): ResponseContract => ({ description });

/**
 * The answers of a GET a client can revalidate (http/conditional.ts): the 200 with its ETag, and
 * the 304 answered when If-None-Match names the current one. Declaring the 304 is what turns the
 * conditional handling on for the route.
 */
export const revalidated = <S extends z.ZodMiniType>(schema: S, description: string) => ({
  200: {
    schema,
    description,
    headers: {
      ETag: "A strong validator of this answer as sent (its content coding included): send it back in If-None-Match to be answered 304 while it is unchanged",
    },
  },
  304: {
    description: "Not Modified: If-None-Match names the current answer's ETag, so the copy the client holds is current. No body",
    headers: { ETag: "The current answer's ETag" },
    empty: true as const,
  },
});

export const UNEXPECTED = failure(`Unexpected failure, or an answer that is over ${RESPONSE_PAYLOAD_BUDGET_BYTES} bytes even compressed`);
const NOT_ACCEPTABLE = failure(
  `The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip`,
);
const tooLarge = (limit: number) =>
  failure(`Request body over ${limit} bytes, whatever the method (the local gateway refuses bodies over ${API_GATEWAY_REQUEST_BYTES} bytes itself)`);

/** Statuses any route can answer (the wrapper of every handler checks sizes): the size refusals and unexpected failures. */
export const common = (unexpected: ResponseContract = UNEXPECTED, bodyLimit = MAX_REQUEST_BODY_BYTES) => ({
  406: NOT_ACCEPTABLE,
  413: tooLarge(bodyLimit),
  500: unexpected,
});

/**
 * Text that is one of `words` in any case, with spaces around, or blank. Spelled with character
 * classes: a JSON Schema pattern carries no flags, so /i would not reach the document.
 */
export function anyCaseWords(words: readonly string[]): RegExp {
  const spelled = words.map((word) => [...word].map((c) => (c.toLowerCase() === c.toUpperCase() ? c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : `[${c.toLowerCase()}${c.toUpperCase()}]`)).join(""));
  return new RegExp(`^\\s*(${spelled.join("|")})?\\s*$`);
}

/** format of the reports that also answer CSV. */
export const reportFormat = described(
  "json (the default) or csv, in any case. Without it, an Accept header that prefers text/csv to JSON answers CSV. Any other value is refused (400)",
  z.optional(z.string().check(z.maxLength(LIMITS.queryChars), z.regex(anyCaseWords(["json", "csv"]), { error: (issue) => issueText(explain("report_format", { got: String(issue.input).slice(0, 40) })) }))),
);

/** A strict body's unknown fields, named as its refusal says them ("Unknown field \"x\", \"y\""). */
export const unknownFields = (keys: readonly string[]): Explanation =>
  explain("unknown_fields", { fields: keys.map((key) => JSON.stringify(key.slice(0, 40))).join(", "), count: keys.length });

// ---------------------------------------------------------------------------
// Query values: always text on the wire; a client may write a number, which it sends as text.

/** A query value of any text: the rule that reads it (default, clamping) is the transform after it. */
export const anyQueryValue = () => z.optional(z.union([z.int32(), bounded(LIMITS.queryChars)]));

const WHOLE_OR_BLANK = /^\s*([+-]?\d+)?\s*$/;

/**
 * A whole number from `min` to `max`; absent or blank gives `fallback`, anything else is refused
 * (400) with one sentence naming the parameter.
 */
export function wholeNumberQuery(name: string, range: { min: number; max: number; fallback: number }, description: string) {
  const refusal = (input: unknown) => explain("whole_number_query", { name, min: range.min, max: range.max, got: String(input).slice(0, 40) });
  return described(
    `${description} (default ${range.fallback})`,
    z.pipe(
      z.optional(
        z.union([
          z.int().check(z.minimum(range.min), z.maximum(range.max)),
          z.string().check(z.maxLength(LIMITS.queryChars), z.regex(WHOLE_OR_BLANK, { error: (issue) => issueText(refusal(issue.input)) })),
        ]),
      ),
      z.transform((value): number => {
        if (value === undefined || String(value).trim() === "") return range.fallback;
        const number = Number(value);
        if (!(number >= range.min && number <= range.max)) throw new InvalidInputError(refusal(value));
        return number;
      }),
    ),
  );
}
