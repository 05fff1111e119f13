/**
 * Tokens from an OpenID provider as its clients get them: a person through the authorization-code
 * flow with PKCE (the provider's own login form, followed redirect by redirect), a machine through
 * the client-credentials grant. `npm run users -- token` and the tests sign in through it.
 */
import { createHash, randomBytes } from "node:crypto";

export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  scope?: string;
}

/** The provider refused the user name or password. */
export class SignInRefusedError extends Error {
  constructor(readonly username: string) {
    super(`The provider refused the sign-in of ${username}: wrong user or password`);
    this.name = "SignInRefusedError";
  }
}

const base64url = (bytes: Buffer): string => bytes.toString("base64url");

/** Cookies of one browser-like session, kept across redirects. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      this.cookies.set(name!.trim(), value.join("="));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function follow(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: "manual", headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.take(response);
  return response;
}

/** Signs a person in at the provider (its login form) and exchanges the code for tokens. */
export async function signInWithPassword(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  username: string;
  password: string;
}): Promise<TokenAnswer> {
  const jar = new CookieJar();
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash("sha256").update(verifier).digest());
  const query = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: "code",
    scope: options.scope,
    state: base64url(randomBytes(8)),
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  let response = await follow(jar, `${options.issuer}/auth?${query}`);
  let location = new URL(response.headers.get("location")!, options.issuer).href;
  response = await follow(jar, location);
  const form = /action="([^"]+)"/.exec(await response.text());
  if (!form) throw new Error(`no login form at ${location}`);
  response = await follow(jar, new URL(form[1]!, options.issuer).href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: options.username, password: options.password }).toString(),
  });
  // The provider's redirects end at the client's redirect URI, carrying the code.
  for (let hop = 0; hop < 5 && response.status >= 300 && response.status < 400; hop++) {
    location = new URL(response.headers.get("location")!, options.issuer).href;
    if (location.startsWith(options.redirectUri)) break;
    response = await follow(jar, location);
  }
  const code = new URL(location).searchParams.get("code");
  if (!code) {
    const page = await response.text();
    // The provider answers a wrong user or password with its login form again, saying so.
    if (response.status === 200 && page.includes('role="alert"')) throw new SignInRefusedError(options.username);
    throw new Error(`sign-in of ${options.username} ended without a code: ${response.status} ${page}`);
  }
  return tokenRequest(options.issuer, {
    grant_type: "authorization_code",
    code,
    redirect_uri: options.redirectUri,
    client_id: options.clientId,
    code_verifier: verifier,
  });
}

/** A machine's token (client credentials, the secret in HTTP Basic). */
export function clientCredentialsToken(options: { issuer: string; clientId: string; clientSecret: string; scope: string; resource?: string }): Promise<TokenAnswer> {
  return tokenRequest(
    options.issuer,
    { grant_type: "client_credentials", scope: options.scope, ...(options.resource ? { resource: options.resource } : {}) },
    `Basic ${Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`).toString("base64")}`,
  );
}

/** The token endpoint's answer; its error as an Error. */
export async function tokenRequest(issuer: string, form: Record<string, string>, authorization?: string): Promise<TokenAnswer> {
  const response = await fetch(`${issuer}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(authorization ? { authorization } : {}) },
    body: new URLSearchParams(form).toString(),
  });
  const body = (await response.json()) as TokenAnswer & { error?: string; error_description?: string };
  if (!response.ok) throw new Error(`token endpoint: ${body.error}: ${body.error_description}`);
  return body;
}
