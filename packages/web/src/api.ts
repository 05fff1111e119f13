/**
 * The console's only way to the service: the public HTTP API, through the typed client generated
 * from docs/openapi.json (@fulfillment/client). Every POST that creates sends an Idempotency-Key;
 * tariff writes ask for strict handling (`Prefer: handling=strict`); with several marketplace
 * accounts connected, every call names the one shown (`X-Seller-Id`).
 */
import { fulfillmentClient, type FulfillmentClient, type TokenSource } from "@fulfillment/client";

export type { TokenSource };

/** A non-2xx answer, with the API's own error text when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** What to show for a failed call: the API's own text, or that it could not be reached. */
export const failureText = (failure: unknown): string =>
  failure instanceof ApiError ? failure.message : `Sem resposta da API: ${(failure as Error).message}`;

export const errorText = (status: number, body: unknown): string => {
  const record = body as Record<string, unknown> | null;
  // The gateway's own refusals ({"message": "Forbidden"}), said in words.
  if (status === 403 && typeof record?.error !== "string") return "Sem permissão para esta ação (HTTP 403): seu grupo de acesso não a permite.";
  if (status === 401 && typeof record?.error !== "string") return "Sessão expirada ou inválida (HTTP 401): entre novamente.";
  const text = record?.error ?? record?.message;
  if (typeof text === "string" && text !== "") return text;
  return `A API respondeu HTTP ${status}.`;
};

/** The If-None-Match header of a revalidating GET: none until an ETag is held. */
export const ifNoneMatch = (etag: string | undefined): { "If-None-Match": string } | undefined => (etag ? { "If-None-Match": etag } : undefined);

/** Headers of a create: a fresh Idempotency-Key. */
export const create = (): Record<string, string> => ({ "idempotency-key": crypto.randomUUID() });
/** Headers of a tariff write: strict handling. */
export const strict = (): Record<string, string> => ({ prefer: "handling=strict" });

/** What a typed call of `client` answers (openapi-fetch's `{ data, error, response }`). */
interface Result<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

export class Api {
  /** The typed client: paths, parameters, bodies and answers checked against the document. */
  readonly client: FulfillmentClient<"application/json">;

  /** `seller`: the account every call is about (X-Seller-Id), when several are connected; none with one. */
  constructor(baseUrl: string, token: TokenSource = async () => null, readonly seller?: string) {
    // It asks for JSON only (no CSV answers), so its answers are typed by their JSON bodies.
    this.client = fulfillmentClient<"application/json">({
      baseUrl,
      token,
      headers: { accept: "application/json", ...(seller === undefined ? {} : { "x-seller-id": seller }) },
      // Every screen shows the stored state as it is now, never a cached earlier answer.
      fetch: (request) => fetch(request, { cache: "no-store" }),
    });
  }

  /** The body of a typed call's 2xx answer; an ApiError with the API's text otherwise. */
  async data<Data>(call: Promise<Result<Data>>): Promise<Data> {
    const { data, error, response } = await call;
    if (!response.ok) throw new ApiError(response.status, errorText(response.status, error ?? null));
    return data as Data;
  }

  /**
   * A revalidating GET's answer (sent with ifNoneMatch): the new body and its ETag, or undefined on
   * 304, when the body the caller holds is still the current one.
   */
  async revalidated<Data>(call: Promise<Result<Data>>): Promise<{ data: Data; etag: string | undefined } | undefined> {
    const { data, error, response } = await call;
    if (response.status === 304) return undefined;
    if (!response.ok) throw new ApiError(response.status, errorText(response.status, error ?? null));
    return { data: data as Data, etag: response.headers.get("etag") ?? undefined };
  }
}
