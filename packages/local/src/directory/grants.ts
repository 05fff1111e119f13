/**
 * `npm run users -- grant|revoke <user> <user_id>` and `npm run clients -- grant|revoke <client>
 * <user_id>`: which sellers (connected marketplace accounts) a person or machine client may use.
 * A person of a stage's user pool (an email) is granted by the seller's group, `seller-<user_id>`,
 * made on first use; the pool's token trigger turns the groups into the token's sellers claim. The
 * local provider's people and its ERP client (`AUTH_MODE=jwt npm start`) are granted in the local
 * grants file, read at the next sign-in or refresh.
 */
import { parseArgs } from "node:util";
import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  CreateGroupCommand,
  GroupExistsException,
  type CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { isSellerId, sellerGroup } from "@fulfillment/functions/access-groups";
import { changeLocalGrant, type GrantHolder } from "../identity/grants.js";
import { LOCAL_ERP_CLIENT, LOCAL_USERS } from "../identity/identities.js";
import { findUserPool, STAGE_PATTERN, type DirectoryUsageError } from "./user-pool.js";

export type GrantAction = "grant" | "revoke";

export const isGrantAction = (action: string | undefined): action is GrantAction => action === "grant" || action === "revoke";

export type GrantCommand =
  | { action: GrantAction; where: "local"; kind: GrantHolder; holder: string; userId: string }
  | { action: GrantAction; where: "stage"; email: string; userId: string; stage: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads `grant|revoke <holder> <user_id> [--stage …]`. A local user name or the local ERP client
 * is the local provider's; an email is a person of the stage's pool.
 */
export function parseGrantArgs(kind: GrantHolder, argv: readonly string[], env: Record<string, string | undefined>, usage: (message: string) => DirectoryUsageError): GrantCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { stage: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw usage((error as Error).message);
  }
  const [action, holder, userId, ...extra] = parsed.positionals;
  if (!isGrantAction(action)) throw usage(`Unknown command ${JSON.stringify(action)}.`);
  if (holder === undefined || userId === undefined) throw usage(`${action} needs a ${kind === "users" ? "user" : "client"} and a seller's user_id.`);
  if (extra.length > 0) throw usage(`Unexpected ${extra.join(" ")}.`);
  if (!isSellerId(userId)) throw usage(`${JSON.stringify(userId)} is not a seller's user_id (listed by GET /marketplace/account).`);
  const stage = parsed.values.stage ?? env.STAGE ?? "dev";
  if (!STAGE_PATTERN.test(stage)) throw usage(`--stage ${JSON.stringify(stage)} is not a stage name (letters, digits and hyphens).`);
  const local = kind === "users" ? LOCAL_USERS.some((user) => user.username === holder) : holder === LOCAL_ERP_CLIENT.clientId;
  if (local) {
    if (parsed.values.stage !== undefined) throw usage(`${JSON.stringify(holder)} is of the local provider (AUTH_MODE=jwt npm start), not of a stage.`);
    return { action, where: "local", kind, holder, userId };
  }
  if (kind === "clients") {
    throw usage(
      `A stage's machine client is granted sellers by its deployment: add ${holder}=${userId} to API_MACHINE_CLIENT_SELLERS (.env.<stage>, comma-separated, user_ids space-separated) and deploy again.`,
    );
  }
  if (!EMAIL.test(holder)) {
    throw usage(`${JSON.stringify(holder)} is neither a local user (${LOCAL_USERS.map((user) => user.username).join(", ")}) nor an email of the stage's pool.`);
  }
  return { action, where: "stage", email: holder.toLowerCase(), userId, stage };
}

/** Runs the command; returns the lines to print. */
export async function runGrant(command: GrantCommand, cognito: () => CognitoIdentityProviderClient, grantsFile: string): Promise<string[]> {
  const granting = command.action === "grant";
  if (command.where === "local") {
    const now = changeLocalGrant(grantsFile, command.kind, command.holder, command.userId, granting);
    return [
      `${granting ? "Granted" : "Revoked"} seller ${command.userId} ${granting ? "to" : "from"} ${command.holder} (local provider): now ${now.join(" ") || "no seller"}.`,
      "It holds from the next sign-in or token refresh.",
    ];
  }
  const client = cognito();
  const pool = await findUserPool(client, command.stage);
  const group = sellerGroup(command.userId);
  if (granting) {
    try {
      await client.send(new CreateGroupCommand({ UserPoolId: pool.id, GroupName: group, Description: `The marketplace account ${command.userId}` }));
    } catch (error) {
      if (!(error instanceof GroupExistsException)) throw error;
    }
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.id, Username: command.email, GroupName: group }));
  } else {
    await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: pool.id, Username: command.email, GroupName: group }));
  }
  return [
    `${granting ? "Granted" : "Revoked"} seller ${command.userId} ${granting ? "to" : "from"} ${command.email} (stage ${command.stage}, group ${group}).`,
    "It holds from their next sign-in or token refresh.",
  ];
}
