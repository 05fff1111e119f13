/**
 * `npm run users -- token <user> [--scope <scopes>] [--password <password>]`: an access token of a
 * person of the local OpenID provider (`AUTH_MODE=jwt npm start`), got from the terminal by the
 * console's own sign-in (authorization code with PKCE) so that curl can call every route the
 * person's group may, `settings/admin` ones included. Local only: a deployed stage's people sign in
 * through its console.
 */
import { parseArgs } from "node:util";
import { scopesOfGroups } from "@fulfillment/functions/access-groups";
import { SCOPES, type Scope } from "@fulfillment/functions/routes";
import { CONSOLE_PATH } from "../gateway/static.js";
import { localConfig } from "../config.js";
import { DirectoryUsageError } from "../directory/user-pool.js";
import { isUnreachable } from "../cli/load-failure.js";
import { CONSOLE_CLIENT_ID, LOCAL_USERS, type LocalUser } from "./identities.js";
import { signInWithPassword, SignInRefusedError } from "./sign-in.js";

export const TOKEN_USAGE = `Usage: npm run -s users -- token <${LOCAL_USERS.map((user) => user.username).join("|")}> [--scope "<scope> …"] [--password <password>]
       (AUTH_MODE=jwt npm start running; prints the access token alone, for TOKEN=$(…))`;

export interface TokenCommand {
  user: LocalUser;
  /** The API scopes asked for; by default every scope, narrowed by the provider to the person's group. */
  scopes: readonly Scope[];
  /** Whether the scopes were asked for by name: then a scope the group lacks is an error. */
  explicit: boolean;
  password: string;
}

const usage = (message: string): DirectoryUsageError => new DirectoryUsageError(message, TOKEN_USAGE);

/** Reads the arguments after `token`. */
export function parseTokenArgs(argv: readonly string[]): TokenCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { scope: { type: "string" }, password: { type: "string" }, stage: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.stage !== undefined) {
    throw usage("token signs in at the local provider of AUTH_MODE=jwt npm start; people of a deployed stage sign in through its console (Cognito).");
  }
  if (positionals.length !== 1) throw usage(positionals.length === 0 ? "token needs a user." : `Unexpected ${positionals.slice(1).join(" ")}.`);
  const user = LOCAL_USERS.find((candidate) => candidate.username === positionals[0]);
  if (!user) throw usage(`No local user ${JSON.stringify(positionals[0])}: one of ${LOCAL_USERS.map((candidate) => `${candidate.username} (${candidate.group})`).join(", ")}.`);
  const asked = values.scope?.split(/[\s,]+/).filter(Boolean);
  const unknown = asked?.find((scope) => !SCOPES.includes(scope as Scope));
  if (unknown) throw usage(`Unknown scope ${JSON.stringify(unknown)}: one of ${SCOPES.join(", ")}.`);
  return { user, scopes: (asked as Scope[] | undefined) ?? SCOPES, explicit: asked !== undefined, password: values.password ?? user.password };
}

/** The person's group may not hold a scope asked for by name. */
export class ScopeNotGrantedError extends Error {
  constructor(user: LocalUser, missing: readonly string[]) {
    super(
      `${user.username} (group ${user.group}) may not hold ${missing.join(" ")}: the group's scopes are ${scopesOfGroups([user.group]).join(" ")}. ` +
        `Use a user of a group that holds it (${LOCAL_USERS.filter((other) => missing.every((scope) => scopesOfGroups([other.group]).includes(scope as Scope))).map((other) => other.username).join(", ") || "none"}).`,
    );
    this.name = "ScopeNotGrantedError";
  }
}

/** Where the local provider and the console's sign-in are, from the same settings `npm start` reads. */
export function localSignIn(env: NodeJS.ProcessEnv = process.env): { issuer: string; redirectUri: string } {
  const config = localConfig(env);
  return { issuer: `http://127.0.0.1:${config.oidcPort}`, redirectUri: `http://127.0.0.1:${config.port}${CONSOLE_PATH}` };
}

/** Signs the person in; returns the access token and a line on what it holds. */
export async function issueToken(command: TokenCommand, env: NodeJS.ProcessEnv = process.env): Promise<{ token: string; note: string }> {
  const { issuer, redirectUri } = localSignIn(env);
  let answer;
  try {
    answer = await signInWithPassword({
      issuer,
      clientId: CONSOLE_CLIENT_ID,
      redirectUri,
      scope: `openid ${command.scopes.join(" ")}`,
      username: command.user.username,
      password: command.password,
    });
  } catch (error) {
    if (error instanceof SignInRefusedError) throw error;
    if (isUnreachable(error)) {
      throw new Error(`No local OpenID provider answers at ${issuer}: start the service with AUTH_MODE=jwt npm start (with the same PORT and OIDC_PORT).`);
    }
    throw error;
  }
  const granted = (answer.scope ?? "").split(" ").filter((scope) => SCOPES.includes(scope as Scope));
  const missing = command.scopes.filter((scope) => !granted.includes(scope));
  if (command.explicit && missing.length > 0) throw new ScopeNotGrantedError(command.user, missing);
  return { token: answer.access_token, note: `Access token of ${command.user.username} (group ${command.user.group}): scopes ${granted.join(" ") || "(none)"}, valid ${answer.expires_in} s` };
}
