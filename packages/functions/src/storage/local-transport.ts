import type { Pool } from "undici";
import type { HttpHandlerOptions, HttpRequest, HttpResponse } from "@smithy/types";

/** The limits a local engine's calls keep: those the SDK's own handler is given for AWS. */
export interface LocalTransportOptions {
  /** Connecting gives up after this long: the SDK's `connectionTimeout`. */
  connectMs: number;
  /** An attempt with no answer (headers, or the body going silent) gives up after this long. */
  attemptMs: number;
  /** Connections open at most; further calls wait for one. */
  maxSockets?: number;
}

/** The SDK's default handler keeps up to 50 sockets an origin. */
const DEFAULT_CONNECTIONS = 50;

/**
 * How calls reach a local engine (DynamoDB Local on plain HTTP): undici's connection pool instead
 * of Node's `http` client, which the SDK's default handler drives: on a one-item read the pool
 * spends about 0.06 ms less CPU a call. Calls to AWS keep the SDK's own handler. undici is loaded on the first call, so a
 * Lambda function that never talks to a local engine does not pay for importing it.
 */
export class LocalEngineTransport {
  readonly metadata = { handlerProtocol: "http/1.1" };
  private pool?: Promise<Pool>;

  constructor(
    private readonly endpoint: string,
    private readonly options: LocalTransportOptions,
  ) {}

  async handle(request: HttpRequest, { abortSignal }: HttpHandlerOptions = {}): Promise<{ response: HttpResponse }> {
    const pool = await this.openPool();
    const query = request.query && Object.keys(request.query).length > 0 ? `?${queryText(request.query)}` : "";
    try {
      const answer = await pool.request({
        method: request.method as "POST",
        path: `${request.path}${query}`,
        headers: request.headers,
        body: request.body as string | Uint8Array | undefined,
        signal: abortSignal as AbortSignal | undefined,
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      const response: HttpResponse = { statusCode: answer.statusCode, headers, body: answer.body };
      return { response };
    } catch (error) {
      throw asSdkFailure(error, this.options);
    }
  }

  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }

  destroy(): void {
    void this.pool?.then((pool) => pool.destroy());
  }

  private openPool(): Promise<Pool> {
    this.pool ??= import("undici").then(
      ({ Pool }) =>
        new Pool(this.endpoint, {
          connections: this.options.maxSockets ?? DEFAULT_CONNECTIONS,
          connectTimeout: this.options.connectMs,
          headersTimeout: this.options.attemptMs,
          bodyTimeout: this.options.attemptMs,
        }),
    );
    return this.pool;
  }
}

const queryText = (query: NonNullable<HttpRequest["query"]>): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== null) params.append(name, one);
  }
  return params.toString();
};

/**
 * undici's failures in the terms the SDK's retry strategy and storage/unavailable.ts read, the
 * same as from the SDK's own handler: a connection not made in time is a TimeoutError that says
 * it never connected, an attempt left unanswered a TimeoutError, a dropped connection ECONNRESET.
 * Refused connections keep their system code (ECONNREFUSED).
 */
export function asSdkFailure(error: unknown, options: LocalTransportOptions): unknown {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === "UND_ERR_CONNECT_TIMEOUT") {
    return named("TimeoutError", `Socket timed out without establishing a connection within ${options.connectMs} ms`, error);
  }
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    return named("TimeoutError", `Connection timed out after ${options.attemptMs} ms`, error);
  }
  if (code === "UND_ERR_SOCKET") {
    return Object.assign(named("Error", `The connection to the engine closed: ${(error as Error).message}`, error), { code: "ECONNRESET" });
  }
  return error;
}

function named(name: string, message: string, cause: unknown): Error {
  const error = new Error(message, { cause });
  error.name = name;
  return error;
}
