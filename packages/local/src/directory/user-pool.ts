/**
 * The deployed user directory (AUTH_MODE=cognito) as the admin commands reach it: the stage's user
 * pool, found by name through the Cognito client, with the caller's AWS credentials.
 */
import { parseArgs } from "node:util";
import { CognitoIdentityProviderClient, DescribeUserPoolCommand, paginateListUserPools } from "@aws-sdk/client-cognito-identity-provider";

import { userPoolName } from "@fulfillment/stacks/names";

export { userPoolName };

/** A command line that cannot be run as given; the message says why and how. */
export class DirectoryUsageError extends Error {
  constructor(message: string, usage: string) {
    super(`${message}\n${usage}`);
    this.name = "DirectoryUsageError";
  }
}

export class UserPoolNotFoundError extends Error {
  constructor(stage: string) {
    super(`No user pool ${userPoolName(stage)} in this account and region: is stage "${stage}" deployed with AUTH_MODE=cognito (the default)?`);
    this.name = "UserPoolNotFoundError";
  }
}

export interface UserPool {
  id: string;
  /** The hosted sign-in domain's base URL, where the token endpoint lives. */
  signInUrl: string | undefined;
}

export async function findUserPool(client: CognitoIdentityProviderClient, stage: string): Promise<UserPool> {
  const name = userPoolName(stage);
  for await (const page of paginateListUserPools({ client }, { MaxResults: 60 })) {
    const pool = page.UserPools?.find((candidate) => candidate.Name === name);
    if (!pool?.Id) continue;
    const { UserPool: described } = await client.send(new DescribeUserPoolCommand({ UserPoolId: pool.Id }));
    const region = await client.config.region();
    const signInUrl = described?.Domain ? `https://${described.Domain}.auth.${region}.amazoncognito.com` : undefined;
    return { id: pool.Id, signInUrl };
  }
  throw new UserPoolNotFoundError(stage);
}

export const STAGE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

/** A directory command line as both commands read it: `<action> [subject]`, one option of its own, and the stage. */
export interface DirectoryArgs {
  action: string | undefined;
  subject: string | undefined;
  /** The command's own option (--group, --scopes), when given. */
  option: string | undefined;
  stage: string;
}

/** Reads `<action> [subject] [--<option> …] [--stage …]` (STAGE from the environment, else dev); a wrong line throws `usage`'s error. */
export function parseDirectoryArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  option: string,
  usage: (message: string) => DirectoryUsageError,
): DirectoryArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { [option]: { type: "string" }, stage: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  const stage = (values.stage as string | undefined) ?? env.STAGE ?? "dev";
  if (!STAGE_PATTERN.test(stage)) throw usage(`--stage ${JSON.stringify(stage)} is not a stage name (letters, digits and hyphens).`);
  const [action, subject, ...extra] = positionals;
  if (extra.length > 0) throw usage(`Unexpected ${extra.join(" ")}.`);
  return { action, subject, option: values[option] as string | undefined, stage };
}
