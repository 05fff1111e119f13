/**
 * `npm run users -- add <email> --group <group> | list | remove <email> [--stage <stage>]`: people
 * of the stage's user pool. Adding one makes Cognito mail the invitation (a temporary password).
 * `grant` and `revoke` give and take a seller (grants.ts).
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminListGroupsForUserCommand,
  paginateListUsers,
  type CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { GROUP_NAMES, isAccessGroup, type AccessGroup } from "@fulfillment/functions/access-groups";
import { DirectoryUsageError, findUserPool, parseDirectoryArgs } from "./user-pool.js";

export const USERS_USAGE = `Usage: npm run users -- add <email> --group <${GROUP_NAMES.join("|")}> [--stage <stage>]
       npm run users -- list [--stage <stage>]
       npm run users -- remove <email> [--stage <stage>]
       npm run users -- grant|revoke <email> <seller user_id> [--stage <stage>]
       npm run users -- grant|revoke <local user> <seller user_id>   (AUTH_MODE=jwt npm start)
       npm run -s users -- token <local user> [--scope "<scope> …"]   (AUTH_MODE=jwt npm start: a token for curl)`;

export type UsersCommand =
  | { action: "add"; email: string; group: AccessGroup; stage: string }
  | { action: "list"; stage: string }
  | { action: "remove"; email: string; stage: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const usage = (message: string): DirectoryUsageError => new DirectoryUsageError(message, USERS_USAGE);

export function parseUsersArgs(argv: readonly string[], env: Record<string, string | undefined> = process.env): UsersCommand {
  const { action, subject: email, option: group, stage } = parseDirectoryArgs(argv, env, "group", usage);
  if (action === "list") {
    if (email !== undefined || group !== undefined) throw usage("list takes no email and no group.");
    return { action, stage };
  }
  if (action !== "add" && action !== "remove") throw usage(action === undefined ? "No command given." : `Unknown command ${JSON.stringify(action)}.`);
  if (email === undefined || !EMAIL.test(email)) throw usage(email === undefined ? `${action} needs an email.` : `${JSON.stringify(email)} is not an email address.`);
  if (action === "remove") {
    if (group !== undefined) throw usage("remove takes no group.");
    return { action, email: email.toLowerCase(), stage };
  }
  if (group === undefined) throw usage(`add needs --group (${GROUP_NAMES.join(", ")}).`);
  if (!isAccessGroup(group)) throw usage(`Unknown group ${JSON.stringify(group)}: one of ${GROUP_NAMES.join(", ")}.`);
  return { action, email: email.toLowerCase(), group, stage };
}

/** Runs the command; returns the lines to print. */
export async function runUsers(client: CognitoIdentityProviderClient, command: UsersCommand): Promise<string[]> {
  const pool = await findUserPool(client, command.stage);
  if (command.action === "add") {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.id,
        Username: command.email,
        UserAttributes: [
          { Name: "email", Value: command.email },
          { Name: "email_verified", Value: "true" },
        ],
        DesiredDeliveryMediums: ["EMAIL"],
      }),
    );
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.id, Username: command.email, GroupName: command.group }));
    return [`Invited ${command.email} to group ${command.group} (stage ${command.stage}): Cognito mails a temporary password, changed at the first sign-in.`];
  }
  if (command.action === "remove") {
    await client.send(new AdminDeleteUserCommand({ UserPoolId: pool.id, Username: command.email }));
    return [`Removed ${command.email} (stage ${command.stage}).`];
  }
  const lines: string[] = [];
  for await (const page of paginateListUsers({ client }, { UserPoolId: pool.id })) {
    for (const user of page.Users ?? []) {
      const email = user.Attributes?.find((attribute) => attribute.Name === "email")?.Value ?? user.Username!;
      const { Groups } = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: pool.id, Username: user.Username! }));
      lines.push(`${email}\t${(Groups ?? []).map((group) => group.GroupName).join(",") || "(no group)"}\t${user.UserStatus ?? ""}${user.Enabled === false ? " disabled" : ""}`);
    }
  }
  return lines.length > 0 ? lines : [`No users in stage ${command.stage}.`];
}
