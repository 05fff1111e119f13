/**
 * Sign-in for a deployed API that checks JWTs: the OpenID Connect authorization-code flow with PKCE
 * against the stack's JWT issuer (oidc-client-ts, loaded only in that mode). Tokens stay in the
 * tab's session storage.
 */
import type { AuthConfig } from "./config.js";

export interface Session {
  /** The bearer token for the API, null when signed out. */
  token: () => Promise<string | null>;
  /** Who is signed in, for the header; null when no sign-in is needed or nobody is. */
  userName: string | null;
  signIn: () => Promise<void>;
  signOut: () => Promise<void>;
  /** The API scopes the signed-in person's token carries; null when no sign-in is needed (every action allowed). */
  scopes: readonly string[] | null;
}

/** The `scope` claim of an access token (a JWT), read without checking it: the API checks it, this only greys out buttons. */
export function scopesOfToken(token: string): string[] {
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { scope?: unknown; scp?: unknown };
    const raw = payload.scope ?? payload.scp;
    return Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? raw.split(" ").filter(Boolean) : [];
  } catch {
    return [];
  }
}

const NO_SIGN_IN: Session = {
  token: async () => null,
  userName: null,
  signIn: async () => undefined,
  signOut: async () => undefined,
  scopes: null,
};

export async function openSession(auth: AuthConfig): Promise<Session> {
  if (auth.mode !== "jwt") return NO_SIGN_IN;
  const { UserManager, WebStorageStateStore } = await import("oidc-client-ts");
  const returnTo = `${location.origin}${location.pathname}`;
  const manager = new UserManager({
    authority: auth.issuer,
    client_id: auth.clientId,
    redirect_uri: returnTo,
    post_logout_redirect_uri: returnTo,
    response_type: "code",
    scope: auth.scope,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
  const query = new URLSearchParams(location.search);
  if (query.has("code") && query.has("state")) {
    await manager.signinRedirectCallback();
    history.replaceState(null, "", `${location.pathname}${location.hash}`);
  }
  const user = await manager.getUser();
  const live = user && !user.expired ? user : null;
  return {
    token: async () => {
      const current = await manager.getUser();
      return current && !current.expired ? current.access_token : null;
    },
    userName: live ? String(live.profile.email ?? live.profile.preferred_username ?? live.profile.sub) : null,
    scopes: live ? scopesOfToken(live.access_token) : [],
    signIn: () => manager.signinRedirect(),
    signOut: async () => {
      const idToken = (await manager.getUser())?.id_token;
      await manager.removeUser();
      // The user pool's hosted logout is not in its discovery document: it takes client_id and logout_uri.
      if (auth.signOutUrl) {
        location.assign(`${auth.signOutUrl}?${new URLSearchParams({ client_id: auth.clientId, logout_uri: returnTo })}`);
        return;
      }
      await manager.signoutRedirect({ id_token_hint: idToken }).catch(() => location.reload());
    },
  };
}
