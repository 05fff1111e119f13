/** The HTTP contract of the marketplace account endpoints: the request schema each handler parses with, and its answers. */
import * as z from "zod/mini";
import { explain, issueText } from "../error-texts.js";
import { common, described, endpoint, failure, id, list, named, nullableText, ok, succeeded, text, bounded, whole } from "./schema.js";
import { LIMITS } from "./limits.js";

// ---------------------------------------------------------------------------
// Marketplace account

export const ConnectResponse = named(
  "ConnectResponse",
  "The authorization page: sent with the 302 (the Location header names it), or alone with ?redirect=0",
  succeeded({
    authorization_url: text("The marketplace's authorization page with response_type=code, client_id, redirect_uri and a single-use state (10 minutes)", LIMITS.urlChars),
  }),
);

/** An authorization code, a state or an OAuth error code: tens of characters; far more names none. */
const OAUTH_VALUE_CHARS = 512;

export const ConnectQuery = z.object({
  redirect: described("0 answers 200 with the authorization URL instead of the 302 (for a page that signs its requests and opens the URL itself)", z.optional(z.union([z.enum(["0", "1"]), bounded(LIMITS.queryChars)]))),
});

export const CallbackQuery = z.object({
  code: described("The authorization code the marketplace sent back (single use)", z.optional(bounded(OAUTH_VALUE_CHARS))),
  state: described("The state GET /marketplace/connect issued: required, single use, valid 10 minutes", z.optional(z.string().check(z.maxLength(OAUTH_VALUE_CHARS, { error: issueText(explain("callback_state_unknown")) })))),
  error: described("Sent by the marketplace instead of a code when the seller did not approve", z.optional(bounded(OAUTH_VALUE_CHARS))),
});

export const ConnectedAccount = named(
  "ConnectedAccount",
  "A connected marketplace account: a seller of the deployment",
  z.object({
    user_id: id("The seller's marketplace id: the value of X-Seller-Id or seller_id that selects it"),
    nickname: nullableText("The seller's nickname", LIMITS.nameChars),
    connected_at: nullableText("When the account was last connected (ISO 8601)", LIMITS.dateTimeChars),
  }),
);

export const AccountResponse = named(
  "AccountResponse",
  "The connected marketplace account; never a token",
  z.object({
    connected: described("True when a mercadolivre credential with a refresh token is stored", z.boolean()),
    user_id: described("The seller's marketplace id", z.nullable(z.union([bounded(LIMITS.idChars), whole(0, LIMITS.safeIntegerMax)]))),
    nickname: nullableText("The seller's nickname (read when the account was connected)", LIMITS.nameChars),
    site_id: nullableText("The seller's site, such as MLB", LIMITS.idChars),
    token_expires_at: nullableText("When the current access token expires (ISO 8601); the sync renews it", LIMITS.dateTimeChars),
    refreshed_at: nullableText("When the tokens were last obtained or renewed (ISO 8601)", LIMITS.dateTimeChars),
    accounts: described(
      "Every connected account of the deployment (the fields above describe the selected one, or the only one); name one with X-Seller-Id or seller_id",
      list(ConnectedAccount, LIMITS.shortList),
    ),
  }),
);

export const DisconnectResponse = named("DisconnectResponse", "The credential is forgotten", succeeded({}));

// ---------------------------------------------------------------------------
// Endpoints

export const connectMarketplaceAccount = endpoint(
  "connectMarketplaceAccount",
  { query: ConnectQuery },
  {
    tag: "Marketplace account",
    summary: "Connect the seller's account",
    description:
      "Answers 302 to the marketplace's authorization page (response_type=code, the app's client id, the service's callback URL as redirect_uri, and a new single-use state valid 10 minutes). Open it in a browser: after the seller approves, the marketplace sends the browser to GET /marketplace/callback. The callback URL is MARKETPLACE_REDIRECT_URI when configured, else this request's host with /marketplace/callback. With ?redirect=0 it answers 200 with the same URL, for a page that signs its requests (the console behind the JWT sign-in) and opens the URL itself.",
    responses: {
      200: ok(ConnectResponse, "The authorization page, for ?redirect=0"),
      302: { schema: ConnectResponse, description: "To the authorization page", headers: { Location: "The authorization page" } },
      400: failure("The request names no host and MARKETPLACE_REDIRECT_URI is not set, so the callback URL is unknown"),
      ...common(failure("The marketplace app is not configured (client id), or an unexpected failure")),
    },
  },
);

export const marketplaceCallback = endpoint(
  "marketplaceCallback",
  { query: CallbackQuery },
  {
    tag: "Marketplace account",
    summary: "Where the marketplace sends the seller back",
    description:
      "Checks and consumes the state, trades the code for tokens (grant_type=authorization_code), reads the seller (GET /users/me) and stores the mercadolivre credential, then answers a small page saying the account is connected. Carries no API authorization (a browser follows it from the marketplace): the single-use state is its protection. A missing, unknown, expired or reused state answers 400 and stores nothing.",
    responses: {
      200: { html: true, description: "The account is connected (an HTML page)" },
      400: failure("No state, or one unknown, expired or already used; the seller did not approve; or the marketplace refused the code. Nothing was stored"),
      ...common(failure("The marketplace could not be reached, or an unexpected failure; nothing was stored")),
    },
  },
);

export const getMarketplaceAccount = endpoint(
  "getMarketplaceAccount",
  {},
  {
    tag: "Marketplace account",
    summary: "The connected account",
    description: "Whether a marketplace account is connected, whose, and when its access token expires. Never shows a token.",
    responses: { 200: ok(AccountResponse, "The account (connected false and nulls when none)"), ...common() },
  },
);

export const forgetMarketplaceAccount = endpoint(
  "forgetMarketplaceAccount",
  {},
  {
    tag: "Marketplace account",
    summary: "Forget the connected account",
    description: "Deletes the stored mercadolivre credential; syncs fail until an account is connected again. Nothing is sent to the marketplace.",
    responses: { 200: ok(DisconnectResponse, "Forgotten (also when none was stored)"), ...common() },
  },
);
