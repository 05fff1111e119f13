/**
 * Who exists at the local OpenID provider (`AUTH_MODE=jwt npm start`): one person per access group
 * and one ERP client. Local only, on loopback: the passwords are printed at start.
 */
import type { AccessGroup } from "@fulfillment/functions/access-groups";
import { SCOPES, type Scope } from "@fulfillment/functions/routes";

export interface LocalUser {
  username: string;
  email: string;
  group: AccessGroup;
  password: string;
}

export const LOCAL_USERS: readonly LocalUser[] = [
  { username: "operador", email: "operador@example.com", group: "operadores", password: "operador-local" },
  { username: "leitura", email: "leitura@example.com", group: "leitura", password: "leitura-local" },
  { username: "admin", email: "admin@example.com", group: "administradores", password: "admin-local" },
];

export const CONSOLE_CLIENT_ID = "console";

/** What the console asks for: who the person is, a refresh token, and every API scope (the group narrows them). */
export const CONSOLE_SCOPE = `openid email profile offline_access ${SCOPES.join(" ")}`;

/** A machine client: client credentials, limited to the scopes it was given. */
export const LOCAL_ERP_CLIENT: { clientId: string; clientSecret: string; scopes: readonly Scope[] } = {
  clientId: "erp",
  clientSecret: "erp-local-secret",
  scopes: ["fulfillment/read", "fulfillment/write"],
};
