/**
 * `npm run connect`: connecting the marketplace account from a terminal, for a stage without the
 * console. Asks the service for the authorization page, prints it, and waits until the service's
 * callback has stored the account (the seller approves in a browser; the marketplace sends the
 * browser to the service, not to this process).
 */
import type { AccountView } from "@fulfillment/functions/services/account";

/** Adds the API's authorization to a request (SigV4 or a bearer token), or nothing locally. */
export type Authorize = (request: { method: string; url: URL }) => Promise<Record<string, string>>;

export interface ConnectOptions {
  /** Base URL of the service's API. */
  api: string;
  authorize?: Authorize;
  print: (line: string) => void;
  /** How often the account is asked for while waiting. */
  pollMs?: number;
  /** How long to wait: the state of the authorization lasts 10 minutes. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
}

export class ConnectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectError";
  }
}

const STATE_LIFETIME_MS = 10 * 60 * 1000;

async function call(options: ConnectOptions, method: string, path: string): Promise<Response> {
  const url = new URL(path, options.api.endsWith("/") ? options.api : `${options.api}/`);
  const headers = { accept: "application/json", ...(await options.authorize?.({ method, url })) };
  const fetchImpl = options.fetch ?? globalThis.fetch;
  try {
    return await fetchImpl(url, { method, headers, redirect: "manual" });
  } catch (error) {
    throw new ConnectError(`The service at ${options.api} cannot be reached (${(error as Error).cause ?? (error as Error).message})`);
  }
}

async function answerText(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { error?: string; message?: string };
    return body.error ?? body.message ?? text;
  } catch {
    return text.slice(0, 200);
  }
}

/**
 * The account of `seller`, else of the only one. With several connected and none named the service
 * refuses (400) listing them: the first listed is read instead, for the list every answer carries.
 */
export async function readAccount(options: ConnectOptions, seller?: string): Promise<AccountView> {
  const response = await call(options, "GET", seller === undefined ? "marketplace/account" : `marketplace/account?seller_id=${encodeURIComponent(seller)}`);
  if (response.status === 400 && seller === undefined) {
    const text = await response.text();
    const first = (JSON.parse(text) as { sellers?: { id: string }[] }).sellers?.[0]?.id;
    if (first !== undefined) return readAccount(options, first);
    throw new ConnectError(`GET /marketplace/account answered 400: ${text.slice(0, 200)}`);
  }
  if (!response.ok) throw new ConnectError(`GET /marketplace/account answered ${response.status}: ${await answerText(response)}`);
  return (await response.json()) as AccountView;
}

/** When each connected account was last connected, by user_id. */
const connections = (account: AccountView): Map<string, string | null> => new Map((account.accounts ?? []).map((listed) => [listed.user_id, listed.connected_at]));

/** The authorization page GET /marketplace/connect redirects to. */
export async function authorizationPage(options: ConnectOptions): Promise<string> {
  const response = await call(options, "GET", "marketplace/connect");
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new ConnectError(`GET /marketplace/connect answered ${response.status}: ${await answerText(response)}`);
  return location;
}

/** Prints the page to open, then waits for an account to be connected (added, or connected again). */
export async function connectAccount(options: ConnectOptions): Promise<AccountView> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const before = await readAccount(options);
  const page = await authorizationPage(options);
  options.print("Open this page in a browser and approve the app (the link works for 10 minutes):");
  options.print(`  ${page}`);
  options.print("Waiting for the marketplace to send the browser back to the service...");
  const deadline = Date.now() + (options.timeoutMs ?? STATE_LIFETIME_MS);
  for (;;) {
    await sleep(options.pollMs ?? 2000);
    const account = await readAccount(options);
    // A new account, or one connected again: the one whose connection changed.
    const earlier = connections(before);
    const changed = [...connections(account)].find(([userId, at]) => earlier.get(userId) !== at);
    if (changed) return changed[0] === String(account.user_id) ? account : readAccount(options, changed[0]);
    if (account.connected && account.refreshed_at !== before.refreshed_at) return account;
    if (Date.now() > deadline) throw new ConnectError("No account was connected within 10 minutes; run npm run connect again");
  }
}
