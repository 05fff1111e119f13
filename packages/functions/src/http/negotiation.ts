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

export const contentNegotiation = httpContentNegotiation({
  parseCharsets: false,
  availableEncodings: [...RESPONSE_ENCODINGS],
  availableLanguages: [...Messages.LOCALES],
  defaultToFirstLanguage: true,
  availableMediaTypes: MEDIA_TYPES,
  failOnMismatch: false,
});

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
  const before = contentNegotiation.before as (request: { event: APIGatewayProxyEventV2; context: NegotiatedContext }) => void;
  before({ event: { headers } as unknown as APIGatewayProxyEventV2, context });
  return negotiatedOf(context);
}
