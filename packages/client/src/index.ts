/**
 * A typed client of the fulfillment API, built on openapi-fetch over the types generated from
 * docs/openapi.json (./openapi.ts): every path, parameter, body and answer is checked by the
 * TypeScript compiler against the document the service is generated with.
 */
import createClient, { type Client, type ClientOptions, type FetchResponse, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./openapi.js";

export type { components, operations, paths };

/** The schemas of the document by name: `Schema<"Tariff">`, `Schema<"RestockLine">`… */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

/** A media type of an answer, such as "application/json" or "text/csv". */
export type MediaType = `${string}/${string}`;

/**
 * A client of the API. `Media` narrows the answers' types to the media types the client accepts:
 * `FulfillmentClient<"application/json">` for a caller that only sends Accept: application/json,
 * so an endpoint that can also answer CSV is typed by its JSON body alone.
 */
export type FulfillmentClient<Media extends MediaType = MediaType> = Client<paths, Media>;

/**
 * What a call answers, `{ data, error, response }`, typed by its operation: for a caller that
 * hands a call's answer on, such as `CallResult<"/full/sync", "post">`.
 */
export type CallResult<
  Path extends keyof paths,
  Method extends "get" | "put" | "post" | "delete",
  Media extends MediaType = MediaType,
> = FetchResponse<NonNullable<paths[Path][Method]>, object, Media>;

/** Where a request's bearer token comes from (JWT sign-in); null sends none (IAM signing, local). */
export type TokenSource = () => Promise<string | null>;

export interface FulfillmentClientOptions {
  /** The API's URL: http://127.0.0.1:3000 for npm start, or the deployed stage's. */
  baseUrl: string;
  /** A bearer token for each request, when the API is deployed with AUTH_MODE=jwt. */
  token?: TokenSource;
  /** The fetch to use (a signing fetch for IAM, or a test's); the platform's by default. */
  fetch?: ClientOptions["fetch"];
  /** Headers sent on every request (Accept-Language: en for English texts, for example). */
  headers?: Record<string, string>;
}

const bearer = (token: TokenSource): Middleware => ({
  async onRequest({ request }) {
    const value = await token();
    if (value) request.headers.set("authorization", `Bearer ${value}`);
    return request;
  },
});

/**
 * A client of the API. Calls answer `{ data, error, response }`: `data` typed by the operation's
 * 2xx answer, `error` by its error envelope.
 *
 * ```ts
 * const api = fulfillmentClient({ baseUrl: "http://127.0.0.1:3000" });
 * const { data } = await api.GET("/full/restock-plan", { params: { query: { target_days: 30 } } });
 * ```
 */
export function fulfillmentClient<Media extends MediaType = MediaType>(options: FulfillmentClientOptions): FulfillmentClient<Media> {
  const client = createClient<paths, Media>({
    baseUrl: options.baseUrl,
    headers: { accept: "application/json", ...options.headers },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  if (options.token) client.use(bearer(options.token));
  return client;
}
