/**
 * The console's only way to the service: the public HTTP API. Every POST that creates sends an
 * Idempotency-Key; tariff writes ask for strict handling (`Prefer: handling=strict`).
 */

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

export type TokenSource = () => Promise<string | null>;

const errorText = (status: number, body: unknown): string => {
  const record = body as Record<string, unknown> | null;
  // The gateway's own refusals ({"message": "Forbidden"}), said in words.
  if (status === 403 && typeof record?.error !== "string") return "Sem permissão para esta ação (HTTP 403): seu grupo de acesso não a permite.";
  if (status === 401 && typeof record?.error !== "string") return "Sessão expirada ou inválida (HTTP 401): entre novamente.";
  const text = record?.error ?? record?.message;
  if (typeof text === "string" && text !== "") return text;
  return `A API respondeu HTTP ${status}.`;
};

export class Api {
  constructor(
    private readonly baseUrl: string,
    private readonly token: TokenSource = async () => null,
  ) {}

  /** Any answer, whatever its status; throws only when the API cannot be reached. */
  async send<T = Record<string, unknown>>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    else if (options.text !== undefined) headers["content-type"] = options.text.type;
    if (options.create) headers["idempotency-key"] = crypto.randomUUID();
    if (options.strict) headers.prefer = "handling=strict";
    const token = await this.token();
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : options.text?.content,
      cache: "no-store",
    });
    let body: T | null = null;
    try {
      body = (await response.json()) as T;
    } catch {
      // A gateway page or an empty answer: the status says enough.
    }
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
