/**
 * The client's HTTP session with the marketplace: requests within the concurrency bound, retried
 * with backoff on 429, 5xx and no answer; the Bearer token loaded once and refreshed once per
 * rejection; error answers turned into MarketplaceErrors with every secret redacted.
 */
import pLimit from "p-limit";
import { MarketplaceAuthError, MarketplaceHttpError, MarketplaceNetworkError, MarketplacePayloadError, type NetworkFailure } from "./errors.js";
import { marketplaceTally } from "../observability/metrics.js";
import { failureOf, hostOf } from "./network.js";
import { backoffDelay, isRetryableStatus, retryAfterMs, sleep, type BackoffPolicy } from "./retry.js";
import { errorBodySchema, parsePayload, tokenResponseSchema, type TokenResponse } from "./schemas.js";

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  user_id?: string | number | null;
}

/** Where the `mercadolivre` credential lives; refresh tokens are single use, so `save` must finish before the new pair is used. */
export interface TokenStore {
  load(): Promise<TokenPair>;
  save(pair: { access_token: string; refresh_token: string; expires_at?: string; user_id?: string | number | null }): Promise<void>;
}

export interface MarketplaceClientOptions {
  baseUrl: string;
  tokens: TokenStore;
  clientId: string;
  clientSecret: string;
  /** Per request, body included. */
  timeoutMs?: number;
  /** Retries after the first attempt on 429, 5xx, network errors and timeouts. */
  maxRetries?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  fetch?: typeof globalThis.fetch;
  /** First backoff ceiling; doubles per retry up to `backoffMaxMs`. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Cap on a server-requested Retry-After wait. */
  retryAfterMaxMs?: number;
  random?: () => number;
  now?: () => number;
  /** Waits between attempts. */
  sleep?: (ms: number) => Promise<void>;
}

const MAX_DETAIL_CHARS = 200;

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

type Outcome = { response: RawResponse } | { failure: { reason: NetworkFailure; detail: string } };

export interface Session {
  /** GET with the Bearer token, the body parsed as JSON: on 401 one shared refresh and one more try. */
  get(endpoint: string, pathAndQuery: string): Promise<unknown>;
  /** POST /oauth/token with the app's credentials and one grant. */
  tokenGrant(grant: Record<string, string>): Promise<TokenResponse>;
  /** Text that came back from the API without anything secret, cut to a readable length. */
  redact(text: string): string;
  /** HTTP requests sent so far, retries and token refreshes included. */
  callCount(): number;
}

export function createSession(options: MarketplaceClientOptions): Session {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const host = hostOf(baseUrl);
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxRetries = options.maxRetries ?? 4;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleep;
  const inFlight = pLimit(options.concurrency ?? 8);
  const backoff: BackoffPolicy = {
    baseMs: options.backoffBaseMs ?? 250,
    maxMs: options.backoffMaxMs ?? 8000,
    retryAfterMaxMs: options.retryAfterMaxMs ?? 30_000,
    random: options.random ?? Math.random,
    now,
  };
  let calls = 0;
  let current: TokenPair | undefined;
  let loading: Promise<TokenPair> | undefined;
  let refreshing: Promise<string> | undefined;

  /** Removes anything secret from text that came back from the API. */
  function redact(text: string): string {
    let clean = text;
    for (const secret of [options.clientSecret, current?.access_token, current?.refresh_token]) {
      if (secret && secret.length >= 4) clean = clean.split(secret).join("[redacted]");
    }
    return clean.length > MAX_DETAIL_CHARS ? `${clean.slice(0, MAX_DETAIL_CHARS)}…` : clean;
  }

  async function once(url: string, init: RequestInit): Promise<Outcome> {
    return inFlight(async () => {
      calls += 1;
      marketplaceTally.call();
      try {
        const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        return { response: { status: response.status, headers: response.headers, text: await response.text() } };
      } catch (error) {
        return { failure: failureOf(error, timeoutMs) };
      }
    });
  }

  /** Sends until the answer is final: not 429/5xx/no answer, or out of retries (then the last answer, or a network error). */
  async function withRetries(endpoint: string, url: string, init: RequestInit): Promise<RawResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await once(url, init);
      if ("response" in outcome && !isRetryableStatus(outcome.response.status)) return outcome.response;
      if ("response" in outcome && outcome.response.status === 429) marketplaceTally.throttled();
      if (attempt >= maxRetries) {
        if ("response" in outcome) return outcome.response;
        throw new MarketplaceNetworkError(endpoint, outcome.failure.reason, host, outcome.failure.detail);
      }
      const retryAfter = "response" in outcome ? outcome.response.headers.get("retry-after") : null;
      marketplaceTally.retry();
      await wait(backoffDelay(backoff, attempt, retryAfter));
    }
  }

  function httpError(endpoint: string, response: RawResponse, auth = false): MarketplaceHttpError {
    let code: string | null = null;
    let detail: string | undefined;
    try {
      const body = errorBodySchema.safeParse(JSON.parse(response.text));
      if (body.success) {
        code = body.data.error ?? null;
        const message = body.data.message ?? body.data.error_description;
        detail = message ? redact(message) : undefined;
      }
    } catch {
      // Not JSON: the status alone says enough.
    }
    if (code) code = redact(code);
    const wait = retryAfterMs(response.headers.get("retry-after"), now());
    return auth ? new MarketplaceAuthError(endpoint, response.status, code, detail, wait) : new MarketplaceHttpError(endpoint, response.status, code, detail, wait);
  }

  function json(endpoint: string, response: RawResponse): unknown {
    try {
      return JSON.parse(response.text);
    } catch {
      throw new MarketplacePayloadError(endpoint, "", "body is not JSON");
    }
  }

  async function accessToken(): Promise<string> {
    if (!current) {
      loading ??= options.tokens.load().finally(() => {
        loading = undefined;
      });
      current = await loading;
    }
    return current.access_token;
  }

  /** POST /oauth/token with the app's credentials and one grant. */
  async function tokenGrant(grant: Record<string, string>): Promise<TokenResponse> {
    const endpoint = "POST /oauth/token";
    const body = new URLSearchParams({ ...grant, client_id: options.clientId, client_secret: options.clientSecret }).toString();
    const response = await withRetries(endpoint, `${baseUrl}/oauth/token`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    if (response.status < 200 || response.status >= 300) throw httpError(endpoint, response, !isRetryableStatus(response.status));
    return parsePayload(tokenResponseSchema, json(endpoint, response), endpoint);
  }

  const requestNewPair = (refreshToken: string): Promise<TokenResponse> => tokenGrant({ grant_type: "refresh_token", refresh_token: refreshToken });

  /** One refresh for every request that saw `rejected` answered with 401 (refresh tokens are single use). */
  function refreshAfter(rejected: string): Promise<string> {
    if (refreshing) return refreshing;
    if (current && current.access_token !== rejected) return Promise.resolve(current.access_token);
    refreshing = (async () => {
      const stored = await options.tokens.load();
      // Another process may have refreshed already: its pair is the one to use.
      if (stored.access_token !== rejected) {
        current = stored;
        return stored.access_token;
      }
      const fresh = await requestNewPair(stored.refresh_token);
      const pair = {
        access_token: fresh.access_token,
        refresh_token: fresh.refresh_token,
        user_id: fresh.user_id ?? stored.user_id ?? null,
        ...(typeof fresh.expires_in === "number" ? { expires_at: new Date(now() + fresh.expires_in * 1000).toISOString() } : {}),
      };
      await options.tokens.save(pair);
      current = pair;
      return pair.access_token;
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /** GET with the Bearer token: on 401 one shared refresh and one more try. */
  async function get(endpoint: string, pathAndQuery: string): Promise<unknown> {
    const url = `${baseUrl}${pathAndQuery}`;
    let token = await accessToken();
    let refreshed = false;
    for (;;) {
      const response = await withRetries(endpoint, url, {
        method: "GET",
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      });
      if (response.status === 401) {
        if (refreshed) throw httpError(endpoint, response, true);
        token = await refreshAfter(token);
        refreshed = true;
        continue;
      }
      if (response.status < 200 || response.status >= 300) throw httpError(endpoint, response);
      return json(endpoint, response);
    }
  }

  return { get, tokenGrant, redact, callCount: () => calls };
}
