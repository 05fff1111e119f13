/**
 * Connecting the seller's marketplace account (OAuth 2.0 authorization code, marketplace-api
 * section 7): a single-use state sent with the seller to the authorization page, and the callback
 * that consumes it, trades the code for tokens and stores the `mercadolivre` credential.
 */
import { randomBytes } from "node:crypto";
import type * as z from "zod/mini";
import type { Credential } from "@fulfillment/core";
import type { AccountResponse } from "../contract/marketplace.js";
import { InvalidInputError } from "../errors.js";
import { authorizationPageUrl, configuredRedirectUri, marketplaceConfig } from "../config/marketplace.js";
import { createMarketplaceClient, MarketplaceHttpError, type TokenResponse } from "../marketplace/index.js";
import { explain } from "../error-texts.js";
import { MissingCredentialError } from "../errors.js";
import type { TableRef } from "#storage/client";
import { deleteCredentialRecorded, getCredential, putCredential, type DisconnectStamp } from "#storage/credentials";
import { currentScope, withScope } from "#storage/scope";
import { connectedSellers, registerSeller, removeSeller, type Seller } from "#storage/sellers";
import { consumeOAuthState, saveOAuthState, type ConsumedState, type StateStamp } from "#storage/oauth-states";

/** A state is good for this long after GET /marketplace/connect. */
export const STATE_TTL_MS = 10 * 60 * 1000;
export const CALLBACK_PATH = "/marketplace/callback";

/** The callback cannot be trusted: no state, or one that is unknown, used or expired. */
export class InvalidAuthorizationStateError extends InvalidInputError {}

/** The seller refused, or the marketplace refused the code: nothing was stored. */
export class AuthorizationRefusedError extends InvalidInputError {}

/** GET /marketplace/account's body: never a token. */
export type AccountView = z.output<typeof AccountResponse>;

/**
 * The service's callback URL: MARKETPLACE_REDIRECT_URI when set (it must equal the URL
 * registered for the app), else this request's own host — behind API Gateway the API's domain
 * over https (X-Forwarded-Proto), locally http on the host the browser used.
 */
export function callbackUrl(headers: Readonly<Record<string, string>>, domainName?: string): string {
  const configured = configuredRedirectUri();
  if (configured) return configured;
  const host = headers["x-forwarded-host"] ?? headers.host ?? domainName;
  if (!host) throw new InvalidInputError("The request names no host, so the callback URL is unknown: set MARKETPLACE_REDIRECT_URI");
  const proto = headers["x-forwarded-proto"]?.split(",")[0]?.trim() || "http";
  return `${proto}://${host}${CALLBACK_PATH}`;
}

/** Stores a new single-use state (with who started the connection) and gives the authorization page's URL the seller is sent to. */
export async function startConnection(ref: TableRef, redirectUri: string, now = new Date(), stamp?: StateStamp): Promise<string> {
  const { clientId } = await marketplaceConfig();
  const state = randomBytes(24).toString("base64url");
  await saveOAuthState(ref, state, redirectUri, now, STATE_TTL_MS, stamp);
  const page = new URL(authorizationPageUrl());
  page.searchParams.set("response_type", "code");
  page.searchParams.set("client_id", clientId);
  page.searchParams.set("redirect_uri", redirectUri);
  page.searchParams.set("state", state);
  return page.toString();
}

export interface CallbackInput {
  code?: string;
  state?: string;
  /** The page's refusal (`access_denied`) when the seller did not approve. */
  error?: string;
}

/** Checks and consumes the state first: without a good one nothing else is looked at. */
async function validState(ref: TableRef, state: string | undefined, now: Date): Promise<Extract<ConsumedState, { status: "valid" }>> {
  if (!state) throw new InvalidAuthorizationStateError(explain("callback_no_state"));
  const consumed = await consumeOAuthState(ref, state, now);
  if (consumed.status === "expired") throw new InvalidAuthorizationStateError(explain("callback_state_expired"));
  if (consumed.status === "unknown") throw new InvalidAuthorizationStateError(explain("callback_state_unknown"));
  return consumed;
}

/** Trades the code for a token pair; a code the marketplace refuses is the caller's problem (400), an outage is not. */
async function exchange(code: string, redirectUri: string): Promise<TokenResponse> {
  const config = await marketplaceConfig();
  const noTokenYet = { load: () => Promise.reject(new MissingCredentialError("mercadolivre")), save: async () => undefined };
  try {
    return await createMarketplaceClient({ ...config, tokens: noTokenYet }).exchangeAuthorizationCode(code, redirectUri);
  } catch (error) {
    if (error instanceof MarketplaceHttpError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      throw new AuthorizationRefusedError(explain("callback_code_refused", { reason: error.code ?? `HTTP ${error.status}` }));
    }
    throw error;
  }
}

/**
 * The callback: consumes the state, trades the code, reads the seller (GET /users/me) and stores
 * the `mercadolivre` credential with who connected it (the actor who started the connection: the
 * callback itself is followed by a browser, unauthenticated) and the ids of both requests.
 * Anything refused stores nothing.
 */
export async function completeConnection(ref: TableRef, input: CallbackInput, now = new Date(), requestId: string | null = null): Promise<Credential> {
  const { redirectUri, actor, requestId: connectRequestId } = await validState(ref, input.state, now);
  if (input.error) throw new AuthorizationRefusedError(explain("callback_seller_refused", { error: input.error.slice(0, 100) }));
  if (!input.code) throw new AuthorizationRefusedError(explain("callback_no_code"));
  const pair = await exchange(input.code, redirectUri);
  const config = await marketplaceConfig();
  const tokens = { load: async () => pair, save: async () => undefined };
  const seller = await createMarketplaceClient({ ...config, tokens }).getSeller();
  const credential: Credential = {
    provider: "mercadolivre",
    access_token: pair.access_token,
    refresh_token: pair.refresh_token,
    user_id: seller.id ?? pair.user_id ?? null,
    expires_at: typeof pair.expires_in === "number" ? new Date(now.getTime() + pair.expires_in * 1000).toISOString() : null,
    updated_at: now.toISOString(),
    nickname: seller.nickname ?? null,
    site_id: seller.site_id ?? null,
    connected_by: actor,
    connect_request_id: connectRequestId,
    request_id: requestId,
  };
  // Another account adds a seller; the same account renews its tokens in its own scope.
  const userId = credential.user_id === null || credential.user_id === undefined ? "" : String(credential.user_id);
  if (userId === "") {
    await putCredential(ref, credential);
    return credential;
  }
  const registered = await registerSeller(ref, { user_id: userId, nickname: credential.nickname ?? null, site_id: credential.site_id ?? null }, now);
  await withScope(registered.scope, () => putCredential(ref, credential));
  return credential;
}

/** Each connected account as GET /marketplace/account lists it. */
const listed = (seller: Seller) => ({ user_id: seller.user_id, nickname: seller.nickname, connected_at: seller.connected_at });

/** What GET /marketplace/account shows of the stored credential, and every connected account. */
export function accountView(credential: Credential | undefined, sellers: readonly Seller[] = []): AccountView {
  return {
    connected: Boolean(credential?.refresh_token),
    user_id: credential?.user_id ?? null,
    nickname: credential?.nickname ?? null,
    site_id: credential?.site_id ?? null,
    token_expires_at: credential?.expires_at ?? null,
    refreshed_at: credential?.updated_at ?? null,
    accounts: sellers.map(listed),
  };
}

/** The selected seller's account (the request's scope, http/seller.ts), with every connected one. */
export const readAccount = async (ref: TableRef): Promise<AccountView> => {
  const [credential, sellers] = await Promise.all([getCredential(ref, "mercadolivre"), connectedSellers(ref)]);
  return accountView(credential, sellers);
};

/**
 * Forgets the selected seller's credential, recording who did it: its syncs cannot run until the
 * account is connected again. The other sellers stay connected.
 */
export async function forgetAccount(ref: TableRef, stamp: DisconnectStamp, now = new Date()): Promise<void> {
  const scope = currentScope();
  const seller = (await connectedSellers(ref)).find((candidate) => candidate.scope === scope);
  if (seller) await removeSeller(ref, seller.user_id, stamp, now);
  else await deleteCredentialRecorded(ref, "mercadolivre", stamp, now);
}
