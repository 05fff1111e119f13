/**
 * Content negotiation of every handler, through @middy/http-content-negotiation (RFC 9110
 * section 12): Accept picks JSON or CSV for the report endpoints, Accept-Encoding the codings a
 * large answer may be sent with (gzip, br), Accept-Language the language of the texts beside codes.
 * Nothing is refused for a header the service cannot satisfy: it answers JSON, uncompressed, in pt-BR.
 */
import httpContentNegotiation from "@middy/http-content-negotiation";
import { Messages } from "@fulfillment/core";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";

/** The content codings the handlers can answer with; equal weights keep the client's order. */
export const RESPONSE_ENCODINGS = ["gzip", "br"] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];

/** The media types a report endpoint answers in; a CSV range with parameters (charset) counts as CSV. */
const MEDIA_TYPES = ["application/json", "text/csv", "text/csv; charset=utf-8"];

/** What the negotiation put on the invocation context (the fields @middy/http-content-encoding reads too). */
export type NegotiatedContext = Context & {
  preferredEncoding?: string;
  preferredEncodings?: string[];
  preferredLanguage?: string;
  preferredMediaType?: string;
};

export interface Negotiated {
  /** The language of the answer's texts (pt-BR unless English is preferred). */
  locale: Messages.Locale;
  /** The codings the client accepts, best first; empty: the body is sent as it is. */
  encodings: ResponseEncoding[];
  /** json or csv: what Accept prefers (JSON when it names neither, or both equally with JSON first). */
  representation: "json" | "csv";
}

const negotiation = httpContentNegotiation({
  parseCharsets: false,
  availableEncodings: [...RESPONSE_ENCODINGS],
  availableLanguages: [...Messages.LOCALES],
  defaultToFirstLanguage: true,
  availableMediaTypes: MEDIA_TYPES,
  failOnMismatch: false,
});

type NegotiationRequest = { event: APIGatewayProxyEventV2; context: NegotiatedContext };

/** What the negotiation sets on the context. */
const NEGOTIATED_FIELDS = [
  "preferredEncoding",
  "preferredEncodings",
  "preferredLanguage",
  "preferredLanguages",
  "preferredMediaType",
  "preferredMediaTypes",
] as const;

/** Outcomes by the three Accept headers' values: clients send the same few, parsing them is most of the negotiation's cost. */
const outcomes = new Map<string, Partial<Record<(typeof NEGOTIATED_FIELDS)[number], unknown>>>();
const MAX_OUTCOMES = 256;
const ABSENT = "\u0000";

const headerKey = (headers: Record<string, string | undefined>): string =>
  `${headers["Accept-Encoding"] ?? headers["accept-encoding"] ?? ABSENT}\n${headers["Accept-Language"] ?? headers["accept-language"] ?? ABSENT}\n${headers.Accept ?? headers.accept ?? ABSENT}`;

/** @middy/http-content-negotiation, its outcome kept per set of Accept headers. */
export const contentNegotiation = {
  before: (request: NegotiationRequest): void => {
    const headers = request.event.headers as Record<string, string | undefined> | undefined;
    if (!headers) return;
    const key = headerKey(headers);
    let outcome = outcomes.get(key);
    if (!outcome) {
      const scratch = {} as NegotiatedContext;
      (negotiation.before as (request: NegotiationRequest) => void)({ event: request.event, context: scratch });
      outcome = Object.fromEntries(NEGOTIATED_FIELDS.filter((field) => field in scratch).map((field) => [field, scratch[field as keyof NegotiatedContext]]));
      if (outcomes.size >= MAX_OUTCOMES) outcomes.clear();
      outcomes.set(key, outcome);
    }
    Object.assign(request.context, outcome);
  },
};

const isEncoding = (value: string): value is ResponseEncoding => (RESPONSE_ENCODINGS as readonly string[]).includes(value);

/** The negotiation's outcome as the handlers use it. */
export function negotiatedOf(context: NegotiatedContext | undefined): Negotiated {
  const language = context?.preferredLanguage;
  return {
    locale: Messages.isLocale(language) ? language : Messages.DEFAULT_LOCALE,
    encodings: (context?.preferredEncodings ?? []).filter(isEncoding),
    representation: context?.preferredMediaType?.startsWith("text/csv") ? "csv" : "json",
  };
}

/** The negotiation of a set of request headers, outside a handler (size checks, tests). */
export function negotiate(headers: Record<string, string | undefined>): Negotiated {
  const context = {} as NegotiatedContext;
  contentNegotiation.before({ event: { headers } as unknown as APIGatewayProxyEventV2, context });
  return negotiatedOf(context);
}
