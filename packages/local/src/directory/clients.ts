/**
 * `npm run clients -- add <name> --scopes <scope,...> | list | remove <client id> [--stage <stage>]`:
 * machine clients (an ERP) of the stage's user pool, with the client-credentials grant and only the
 * scopes given. The secret is printed once, when the client is made.
 */
import {
  CreateUserPoolClientCommand,
  DeleteUserPoolClientCommand,
  paginateListUserPoolClients,
  type CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { SCOPES, type Scope } from "@fulfillment/functions/routes";
import { LOCAL_ERP_CLIENT } from "../identity/identities.js";
import { DirectoryUsageError, findUserPool, parseDirectoryArgs } from "./user-pool.js";

export const CLIENTS_USAGE = `Usage: npm run clients -- add <name> --scopes <${SCOPES.join(",")}> [--stage <stage>]
       npm run clients -- list [--stage <stage>]
       npm run clients -- remove <client id> [--stage <stage>]
       npm run clients -- grant|revoke ${LOCAL_ERP_CLIENT.clientId} <seller user_id>   (AUTH_MODE=jwt npm start)`;

export type ClientsCommand =
  | { action: "add"; name: string; scopes: Scope[]; stage: string }
  | { action: "list"; stage: string }
  | { action: "remove"; clientId: string; stage: string };

const usage = (message: string): DirectoryUsageError => new DirectoryUsageError(message, CLIENTS_USAGE);

const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);

/** The console's client, made by the stack: never listed or removed here. */
const CONSOLE_CLIENT_NAME = "console";

export function parseClientsArgs(argv: readonly string[], env: Record<string, string | undefined> = process.env): ClientsCommand {
  const { action, subject, option: scopeList, stage } = parseDirectoryArgs(argv, env, "scopes", usage);
  if (action === "list") {
    if (subject !== undefined || scopeList !== undefined) throw usage("list takes no name and no scopes.");
    return { action, stage };
  }
  if (action === "remove") {
    if (subject === undefined) throw usage("remove needs the client id.");
    return { action, clientId: subject, stage };
  }
  if (action !== "add") throw usage(action === undefined ? "No command given." : `Unknown command ${JSON.stringify(action)}.`);
  if (subject === undefined || !/^[\w.-]{1,128}$/.test(subject)) throw usage(subject === undefined ? "add needs a client name." : `${JSON.stringify(subject)} is not a client name (letters, digits, . _ -).`);
  if (subject === CONSOLE_CLIENT_NAME) throw usage(`"${CONSOLE_CLIENT_NAME}" is the console's own client.`);
  const scopes = (scopeList ?? "").split(/[\s,]+/).filter(Boolean);
  if (scopes.length === 0) throw usage(`add needs --scopes (${SCOPES.join(", ")}).`);
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length > 0) throw usage(`Unknown scope ${unknown.map((scope) => JSON.stringify(scope)).join(", ")}: one of ${SCOPES.join(", ")}.`);
  return { action, name: subject, scopes: [...new Set(scopes)] as Scope[], stage };
}

export async function runClients(client: CognitoIdentityProviderClient, command: ClientsCommand): Promise<string[]> {
  const pool = await findUserPool(client, command.stage);
  if (command.action === "add") {
    const { UserPoolClient: made } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: pool.id,
        ClientName: command.name,
        GenerateSecret: true,
        AllowedOAuthFlows: ["client_credentials"],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: command.scopes,
        SupportedIdentityProviders: ["COGNITO"],
        EnableTokenRevocation: true,
        PreventUserExistenceErrors: "ENABLED",
      }),
    );
    return [
      `Client ${command.name} (stage ${command.stage}), scopes ${command.scopes.join(" ")}:`,
      `  client id:     ${made?.ClientId}`,
      `  client secret: ${made?.ClientSecret}   (shown this once; store it now)`,
      ...(pool.signInUrl ? [`  token URL:     ${pool.signInUrl}/oauth2/token (grant_type=client_credentials)`] : []),
      `The API accepts its tokens once its id is in the authorizer's audience: add it to API_MACHINE_CLIENT_IDS`,
      `(.env.${command.stage}, comma-separated) and deploy again (npx sst deploy --stage ${command.stage}).`,
    ];
  }
  if (command.action === "remove") {
    await client.send(new DeleteUserPoolClientCommand({ UserPoolId: pool.id, ClientId: command.clientId }));
    return [`Removed client ${command.clientId} (stage ${command.stage}); take it out of API_MACHINE_CLIENT_IDS too.`];
  }
  const lines: string[] = [];
  for await (const page of paginateListUserPoolClients({ client }, { UserPoolId: pool.id, MaxResults: 60 })) {
    for (const found of page.UserPoolClients ?? []) {
      if (found.ClientName !== CONSOLE_CLIENT_NAME) lines.push(`${found.ClientId}\t${found.ClientName}`);
    }
  }
  return lines.length > 0 ? lines : [`No machine clients in stage ${command.stage}.`];
}
