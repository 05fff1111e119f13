/**
 * The local OpenID Connect provider of `AUTH_MODE=jwt npm start` (oidc-provider): the console's
 * sign-in (authorization code with PKCE, refresh tokens), one person per access group and an ERP
 * client with the client-credentials grant. Access tokens are JWTs for the API's audience whose
 * `scope` holds the scopes of the person's group, as the deployed user pool issues them, and whose
 * `sellers` claim holds the sellers granted to the person or client (grants.ts).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import Provider, { errors, type Configuration } from "oidc-provider";
import { SELLERS_CLAIM, scopesOfGroups } from "@fulfillment/functions/access-groups";
import { SCOPES, type Scope } from "@fulfillment/functions/routes";
import { LOCAL_ERP_CLIENT, LOCAL_USERS, CONSOLE_CLIENT_ID, type LocalUser } from "./identities.js";
import { localSellersClaim, readLocalGrants } from "./grants.js";

export interface LocalIdentityProvider {
  /** The issuer (`iss` of every token), also the discovery base. */
  issuer: string;
  /** The audience the API's access tokens carry (`aud`). */
  audience: string;
  consoleClientId: string;
  stop: () => Promise<void>;
}

export interface LocalIdentityOptions {
  /** 0 picks a free port. */
  port: number;
  /** The API's URL: the access tokens' audience. */
  apiUrl: string;
  /** Where the console returns after sign-in and sign-out. */
  consoleUrl: string;
  /** A private RS256 key (JWK); a fresh one when absent. */
  signingKey?: JWK;
  /** Lifetime of an access token, in seconds. */
  accessTokenSeconds?: number;
  /** Another resource server the ERP client may ask tokens for (a token the API must refuse). */
  otherAudience?: string;
  /** The sellers granted to people and clients (grants.ts); without it, only a group's own (the administrators' every seller). */
  grantsFile?: string;
}

const userOf = (name: string | undefined): LocalUser | undefined => LOCAL_USERS.find((user) => user.username === name);

const page = (title: string, body: string): string =>
  `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  response.end(html);
}

const loginPage = (uid: string, error?: string): string =>
  page(
    "Entrar (provedor local)",
    `${error ? `<p role="alert">${escape(error)}</p>` : ""}<form method="post" action="/interaction/${uid}/login">` +
      '<label>Usuário <input name="username" autocomplete="username" required autofocus></label>' +
      '<label>Senha <input name="password" type="password" autocomplete="current-password" required></label>' +
      '<button type="submit">Entrar</button></form>' +
      `<p>Usuários locais: ${LOCAL_USERS.map((user) => `${user.username} (${user.group})`).join(", ")}.</p>`,
  );

export async function startLocalIdentityProvider(options: LocalIdentityOptions): Promise<LocalIdentityProvider> {
  const signingKey = options.signingKey ?? { ...(await exportJWK((await generateKeyPair("RS256", { extractable: true })).privateKey)), alg: "RS256", use: "sig" };
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const audience = options.apiUrl;
  const consoleOrigin = new URL(options.consoleUrl).origin;

  /** The scopes a client may hold at a resource server: the ERP its own, the console every scope (narrowed per person at sign-in). */
  const scopesFor = (clientId: string | undefined): readonly Scope[] => (clientId === LOCAL_ERP_CLIENT.clientId ? LOCAL_ERP_CLIENT.scopes : SCOPES);

  const configuration: Configuration = {
    clients: [
      {
        client_id: CONSOLE_CLIENT_ID,
        client_name: "Console de operações",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: [options.consoleUrl],
        post_logout_redirect_uris: [options.consoleUrl],
      },
      {
        client_id: LOCAL_ERP_CLIENT.clientId,
        client_secret: LOCAL_ERP_CLIENT.clientSecret,
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    claims: { openid: ["sub"], email: ["email"], profile: ["preferred_username", "groups"] },
    scopes: ["openid", "offline_access", "email", "profile"],
    async findAccount(_ctx, sub) {
      const user = userOf(sub);
      if (!user) return undefined;
      return { accountId: user.username, claims: () => ({ sub: user.username, email: user.email, preferred_username: user.username, groups: [user.group] }) };
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // One button, no question: the console asked for the sign-out.
        logoutSource: async (ctx, form) => {
          ctx.body = page("Sair", `${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sair</button><script>document.forms[0].requestSubmit?.(document.querySelector('button[name="logout"]'))</script>`);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = page("Você saiu", "");
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (ctx, indicator, client) => {
          const known = indicator === audience || (options.otherAudience !== undefined && indicator === options.otherAudience);
          if (!known) throw new errors.InvalidTarget();
          // A machine asking for a scope it was not given is refused (invalid_scope), as at the user pool.
          const asked = String(ctx.oidc.params?.scope ?? "").split(" ");
          const notGiven = asked.find((scope) => SCOPES.includes(scope as Scope) && !scopesFor(client.clientId).includes(scope as Scope));
          if (notGiven) throw new errors.InvalidScope("requested scope is not allowed for this client", notGiven);
          return {
            scope: scopesFor(client.clientId).join(" "),
            audience: indicator,
            accessTokenTTL: options.accessTokenSeconds ?? 3600,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    // Like the deployed pool: the person's name, email, groups and sellers in the access token (its trigger adds the email and sellers).
    extraTokenClaims: async (_ctx, token) => {
      const grants = options.grantsFile ? readLocalGrants(options.grantsFile) : { users: {}, clients: {} };
      const claim = (sellers: string) => (sellers ? { [SELLERS_CLAIM]: sellers } : {});
      const user = "accountId" in token ? userOf(token.accountId as string) : undefined;
      if (user) return { username: user.username, email: user.email, groups: [user.group], ...claim(localSellersClaim(user.group, grants.users[user.username] ?? [])) };
      const clientId = "clientId" in token ? String(token.clientId) : undefined;
      return clientId === LOCAL_ERP_CLIENT.clientId ? claim(localSellersClaim(undefined, grants.clients[clientId] ?? [])) : undefined;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    clientBasedCORS: (_ctx, origin) => origin === consoleOrigin,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: options.accessTokenSeconds ?? 3600,
      ClientCredentials: options.accessTokenSeconds ?? 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
      AuthorizationCode: 60,
    },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = page("Erro de entrada", `<p>${escape(String(out.error_description ?? out.error))}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  // The local server speaks plain HTTP on loopback only.
  provider.proxy = false;

  /** Grants the person's group scopes at the API and rejects the rest: the token carries only what the group may do. */
  async function grantFor(user: LocalUser, clientId: string, params: Record<string, unknown>): Promise<string> {
    const grant = new provider.Grant({ accountId: user.username, clientId });
    const requested = String(params.scope ?? "").split(" ").filter(Boolean);
    grant.addOIDCScope(requested.filter((scope) => !SCOPES.includes(scope as Scope)).join(" "));
    const allowed = scopesOfGroups([user.group]);
    const resource = typeof params.resource === "string" ? params.resource : audience;
    grant.addResourceScope(resource, requested.filter((scope) => allowed.includes(scope as Scope)).join(" "));
    const refused = requested.filter((scope) => SCOPES.includes(scope as Scope) && !allowed.includes(scope as Scope));
    if (refused.length > 0) grant.rejectResourceScope(resource, refused.join(" "));
    return grant.save();
  }

  async function interaction(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    const clientId = String(details.params.client_id);
    if (request.method === "POST" && path.endsWith("/login")) {
      const form = await readForm(request);
      const user = userOf(form.get("username") ?? undefined);
      if (!user || form.get("password") !== user.password) return sendHtml(response, 200, loginPage(details.uid, "Usuário ou senha incorretos."));
      const grantId = await grantFor(user, clientId, details.params);
      return provider.interactionFinished(request, response, { login: { accountId: user.username }, consent: { grantId } }, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === "consent" && details.session?.accountId) {
      const user = userOf(details.session.accountId);
      if (user) return provider.interactionFinished(request, response, { consent: { grantId: await grantFor(user, clientId, details.params) } }, { mergeWithLastSubmission: true });
    }
    sendHtml(response, 200, loginPage(details.uid));
  }

  const callback = provider.callback();
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", issuer).pathname;
    if (!path.startsWith("/interaction/")) return void callback(request, response);
    interaction(request, response, path).catch((error: Error) => {
      if (!response.headersSent) sendHtml(response, 400, page("Erro de entrada", `<p>${escape(error.message)}</p>`));
    });
  });

  return {
    issuer,
    audience,
    consoleClientId: CONSOLE_CLIENT_ID,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
