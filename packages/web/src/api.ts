/**
 * The console's only way to the service: the public HTTP API, through the typed client generated
 * from docs/openapi.json (@fulfillment/client). Every POST that creates sends an Idempotency-Key;
 * tariff writes ask for strict handling (`Prefer: handling=strict`).
 */
import { fulfillmentClient, type FulfillmentClient, type TokenSource } from "@fulfillment/client";

export type { TokenSource };

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T | null;
}

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

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own content type (a CSV file to import). */
  text?: { content: string; type: string };
  /** A create: sent with a fresh Idempotency-Key. */
  create?: boolean;
  /** Asks the API to refuse what it would otherwise assume (tariff writes). */
  strict?: boolean;
}

export const errorText = (status: number, body: unknown): string => {
  const record = body as Record<string, unknown> | null;
  // The gateway's own refusals ({"message": "Forbidden"}), said in words.
  if (status === 403 && typeof record?.error !== "string") return "Sem permissão para esta ação (HTTP 403): seu grupo de acesso não a permite.";
  if (status === 401 && typeof record?.error !== "string") return "Sessão expirada ou inválida (HTTP 401): entre novamente.";
  const text = record?.error ?? record?.message;
  if (typeof text === "string" && text !== "") return text;
  return `A API respondeu HTTP ${status}.`;
};

/** Headers of a create: a fresh Idempotency-Key. */
export const create = (): Record<string, string> => ({ "idempotency-key": crypto.randomUUID() });
/** Headers of a tariff write: strict handling. */
export const strict = (): Record<string, string> => ({ prefer: "handling=strict" });

/** What a typed call answers (openapi-fetch's `{ data, error, response }`). */
interface Result<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

export class Api {
  /** The typed client: paths, parameters, bodies and answers checked against the document. */
  readonly client: FulfillmentClient;

  constructor(baseUrl: string, token: TokenSource = async () => null) {
    this.client = fulfillmentClient({ baseUrl, token, headers: { accept: "application/json" } });
  }

  /** The body of a typed call's 2xx answer; an ApiError with the API's text otherwise. */
  async data<Data>(call: Promise<Result<Data>>): Promise<Data> {
    const { data, error, response } = await call;
    if (!response.ok) throw new ApiError(response.status, errorText(response.status, error ?? null));
    return data as Data;
  }

  /** Any answer, whatever its status; throws only when the API cannot be reached. */
  async send<T = Record<string, unknown>>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (options.text !== undefined) headers["content-type"] = options.text.type;
    if (options.create) Object.assign(headers, create());
    if (options.strict) Object.assign(headers, strict());
    const init = {
      headers,
      cache: "no-store" as const,
      ...(options.body !== undefined ? { body: options.body } : {}),
      ...(options.text !== undefined ? { body: options.text.content, bodySerializer: (content: string) => content } : {}),
      parseAs: "text" as const,
    };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const { data, error, response } = await (this.client.request as any)(method, path, init);
    let body: T | null = null;
    if (response.ok) {
      try {
        body = JSON.parse(data as string) as T;
      } catch {
        // An empty answer: the status says enough.
      }
    } else if (typeof error === "object" && error !== null) body = error as T; // not a gateway page
    return { status: response.status, body };
  }

  /** The body of a 2xx answer; an ApiError with the API's text otherwise. */
  async call<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const answer = await this.send<T>(method, path, options);
    if (answer.status < 200 || answer.status > 299) throw new ApiError(answer.status, errorText(answer.status, answer.body));
    return answer.body as T;
  }

  get<T>(path: string): Promise<T> {
    return this.call<T>("GET", path);
  }
}
