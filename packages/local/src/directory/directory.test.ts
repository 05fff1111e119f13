/**
 * The admin commands of the user directory: their command lines, and the Cognito calls they make,
 * seen in the SDK client's own middleware stack (no request leaves the process).
 */
import { CognitoIdentityProviderClient, GroupExistsException } from "@aws-sdk/client-cognito-identity-provider";
import { describe, expect, it } from "vitest";
import { parseClientsArgs, runClients } from "./clients.js";
import { parseGrantArgs, runGrant } from "./grants.js";
import { DirectoryUsageError, UserPoolNotFoundError } from "./user-pool.js";
import { parseUsersArgs, runUsers } from "./users.js";

interface Call {
  command: string;
  input: Record<string, unknown>;
}

const POOL_ID = "us-east-1_Pool123";

/** A Cognito client whose calls are recorded and answered here, in the order they would be made. */
function recordingClient(answers: Record<string, (input: any) => unknown> = {}): { client: CognitoIdentityProviderClient; calls: Call[] } {
  const client = new CognitoIdentityProviderClient({ region: "us-east-1", credentials: { accessKeyId: "test", secretAccessKey: "test" } });
  const calls: Call[] = [];
  const defaults: Record<string, (input: any) => unknown> = {
    ListUserPoolsCommand: () => ({ UserPools: [{ Id: "us-east-1_Other", Name: "fulfillment-staging-users" }, { Id: POOL_ID, Name: "fulfillment-prod-users" }] }),
    DescribeUserPoolCommand: () => ({ UserPool: { Id: POOL_ID, Domain: "fulfillment-prod-123456789012" } }),
  };
  client.middlewareStack.add(
    (_next, context) => async (args) => {
      const command = context.commandName!;
      calls.push({ command, input: args.input as Record<string, unknown> });
      const answer = answers[command] ?? defaults[command];
      if (!answer) throw new Error(`unexpected ${command}`);
      return { output: { $metadata: {}, ...(answer(args.input) as object) }, response: {} };
    },
    { step: "initialize", name: "recordCalls" },
  );
  return { client, calls };
}

describe("npm run users: the command line", () => {
  it("reads add, list and remove, with the stage (default dev, or STAGE)", () => {
    expect(parseUsersArgs(["add", "Ana@Example.com", "--group", "leitura", "--stage", "prod"], {})).toEqual({
      action: "add",
      email: "ana@example.com",
      group: "leitura",
      stage: "prod",
    });
    expect(parseUsersArgs(["list"], {})).toEqual({ action: "list", stage: "dev" });
    expect(parseUsersArgs(["remove", "ana@example.com"], { STAGE: "staging" })).toEqual({ action: "remove", email: "ana@example.com", stage: "staging" });
  });

  it.each([
    [[], /No command given/],
    [["invite", "ana@example.com"], /Unknown command "invite"/],
    [["add", "ana@example.com"], /add needs --group \(operadores, leitura, administradores\)/],
    [["add", "ana@example.com", "--group", "gerentes"], /Unknown group "gerentes"/],
    [["add", "not-an-email", "--group", "leitura"], /"not-an-email" is not an email address/],
    [["add", "--group", "leitura"], /add needs an email/],
    [["remove", "ana@example.com", "--group", "leitura"], /remove takes no group/],
    [["list", "--stage", "prod; rm"], /is not a stage name/],
    [["add", "ana@example.com", "--grupo", "leitura"], /Unknown option/],
  ])("refuses %j with a reason and the usage", (argv, reason) => {
    const refuse = () => parseUsersArgs(argv as string[], {});
    expect(refuse).toThrow(DirectoryUsageError);
    expect(refuse).toThrow(reason as RegExp);
    expect(refuse).toThrow(/Usage: npm run users -- add <email> --group/);
  });
});

describe("npm run users: the Cognito calls", () => {
  it("add: invites the person by email in the stage's pool, then puts them in the group", async () => {
    const { client, calls } = recordingClient({ AdminCreateUserCommand: () => ({ User: { Username: "ana@example.com" } }), AdminAddUserToGroupCommand: () => ({}) });

    const lines = await runUsers(client, { action: "add", email: "ana@example.com", group: "operadores", stage: "prod" });

    expect(calls.map((call) => call.command)).toEqual(["ListUserPoolsCommand", "DescribeUserPoolCommand", "AdminCreateUserCommand", "AdminAddUserToGroupCommand"]);
    expect(calls[2]!.input).toEqual({
      UserPoolId: POOL_ID,
      Username: "ana@example.com",
      UserAttributes: [
        { Name: "email", Value: "ana@example.com" },
        { Name: "email_verified", Value: "true" },
      ],
      DesiredDeliveryMediums: ["EMAIL"],
    });
    // No MessageAction: Cognito sends the invitation itself.
    expect(calls[2]!.input.MessageAction).toBeUndefined();
    expect(calls[3]!.input).toEqual({ UserPoolId: POOL_ID, Username: "ana@example.com", GroupName: "operadores" });
    expect(lines.join("\n")).toContain("Invited ana@example.com to group operadores");
  });

  it("list: every person with their groups and status", async () => {
    const { client, calls } = recordingClient({
      ListUsersCommand: () => ({
        Users: [
          { Username: "u-1", Attributes: [{ Name: "email", Value: "ana@example.com" }], UserStatus: "CONFIRMED", Enabled: true },
          { Username: "u-2", Attributes: [{ Name: "email", Value: "bia@example.com" }], UserStatus: "FORCE_CHANGE_PASSWORD", Enabled: true },
        ],
      }),
      AdminListGroupsForUserCommand: (input) => ({ Groups: input.Username === "u-1" ? [{ GroupName: "administradores" }] : [{ GroupName: "leitura" }] }),
    });

    const lines = await runUsers(client, { action: "list", stage: "prod" });

    expect(lines).toEqual(["ana@example.com\tadministradores\tCONFIRMED", "bia@example.com\tleitura\tFORCE_CHANGE_PASSWORD"]);
    expect(calls.filter((call) => call.command === "ListUsersCommand").map((call) => call.input.UserPoolId)).toEqual([POOL_ID]);
  });

  it("remove: deletes the person from the stage's pool", async () => {
    const { client, calls } = recordingClient({ AdminDeleteUserCommand: () => ({}) });

    await runUsers(client, { action: "remove", email: "ana@example.com", stage: "prod" });

    expect(calls.at(-1)).toEqual({ command: "AdminDeleteUserCommand", input: { UserPoolId: POOL_ID, Username: "ana@example.com" } });
  });

  it("names the stage when it has no user pool, and calls nothing else", async () => {
    const { client, calls } = recordingClient();

    await expect(runUsers(client, { action: "list", stage: "qa" })).rejects.toThrow(UserPoolNotFoundError);
    await expect(runUsers(client, { action: "list", stage: "qa" })).rejects.toThrow(/No user pool fulfillment-qa-users/);
    expect(new Set(calls.map((call) => call.command))).toEqual(new Set(["ListUserPoolsCommand"]));
  });
});

describe("npm run clients", () => {
  it("reads add with its scopes (commas or spaces), list and remove", () => {
    expect(parseClientsArgs(["add", "erp", "--scopes", "fulfillment/read,fulfillment/write", "--stage", "prod"], {})).toEqual({
      action: "add",
      name: "erp",
      scopes: ["fulfillment/read", "fulfillment/write"],
      stage: "prod",
    });
    expect(parseClientsArgs(["add", "erp", "--scopes", "fulfillment/read fulfillment/write"], {})).toMatchObject({ scopes: ["fulfillment/read", "fulfillment/write"] });
    expect(parseClientsArgs(["list"], {})).toEqual({ action: "list", stage: "dev" });
    expect(parseClientsArgs(["remove", "abc123"], {})).toEqual({ action: "remove", clientId: "abc123", stage: "dev" });
  });

  it.each([
    [["add", "erp"], /add needs --scopes/],
    [["add", "erp", "--scopes", "fulfillment/read,admin"], /Unknown scope "admin"/],
    [["add", "--scopes", "fulfillment/read"], /add needs a client name/],
    [["add", "console", "--scopes", "fulfillment/read"], /the console's own client/],
    [["remove"], /remove needs the client id/],
  ])("refuses %j", (argv, reason) => {
    const refuse = () => parseClientsArgs(argv as string[], {});
    expect(refuse).toThrow(DirectoryUsageError);
    expect(refuse).toThrow(reason as RegExp);
  });

  it("add: a client-credentials client with a secret and only the scopes given, its id and secret printed", async () => {
    const { client, calls } = recordingClient({
      CreateUserPoolClientCommand: (input) => ({ UserPoolClient: { ClientId: "client-id-1", ClientSecret: "client-secret-1", ClientName: input.ClientName } }),
    });

    const lines = await runClients(client, { action: "add", name: "erp", scopes: ["fulfillment/read"], stage: "prod" });

    expect(calls.at(-1)!.command).toBe("CreateUserPoolClientCommand");
    expect(calls.at(-1)!.input).toMatchObject({
      UserPoolId: POOL_ID,
      ClientName: "erp",
      GenerateSecret: true,
      AllowedOAuthFlows: ["client_credentials"],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ["fulfillment/read"],
    });
    const text = lines.join("\n");
    expect(text).toContain("client id:     client-id-1");
    expect(text).toContain("client secret: client-secret-1");
    expect(text).toContain("https://fulfillment-prod-123456789012.auth.us-east-1.amazoncognito.com/oauth2/token");
    expect(text).toContain("API_MACHINE_CLIENT_IDS");
  });

  it("list leaves out the console's client; remove deletes by id", async () => {
    const { client, calls } = recordingClient({
      ListUserPoolClientsCommand: () => ({ UserPoolClients: [{ ClientId: "c-console", ClientName: "console" }, { ClientId: "c-erp", ClientName: "erp" }] }),
      DeleteUserPoolClientCommand: () => ({}),
    });

    expect(await runClients(client, { action: "list", stage: "prod" })).toEqual(["c-erp\terp"]);
    await runClients(client, { action: "remove", clientId: "c-erp", stage: "prod" });
    expect(calls.at(-1)).toEqual({ command: "DeleteUserPoolClientCommand", input: { UserPoolId: POOL_ID, ClientId: "c-erp" } });
  });
});

describe("npm run users -- grant|revoke: a seller for a person of the stage's pool", () => {
  const usage = (message: string) => new DirectoryUsageError(message, "usage");
  const NO_FILE = "/nonexistent/identity-grants.json";

  it("grant: makes the seller's group when it is new, then puts the person in it", async () => {
    const { client, calls } = recordingClient({ CreateGroupCommand: () => ({}), AdminAddUserToGroupCommand: () => ({}) });
    const command = parseGrantArgs("users", ["grant", "Ana@Example.com", "111111", "--stage", "prod"], {}, usage);

    const lines = await runGrant(command, () => client, NO_FILE);

    expect(command).toEqual({ action: "grant", where: "stage", email: "ana@example.com", userId: "111111", stage: "prod" });
    expect(calls.slice(2)).toEqual([
      { command: "CreateGroupCommand", input: { UserPoolId: POOL_ID, GroupName: "seller-111111", Description: "The marketplace account 111111" } },
      { command: "AdminAddUserToGroupCommand", input: { UserPoolId: POOL_ID, Username: "ana@example.com", GroupName: "seller-111111" } },
    ]);
    expect(lines.join("\n")).toContain("Granted seller 111111 to ana@example.com (stage prod, group seller-111111)");
  });

  it("grant: a group that exists already is used as it is", async () => {
    const { client, calls } = recordingClient({
      CreateGroupCommand: () => {
        throw new GroupExistsException({ message: "exists", $metadata: {} });
      },
      AdminAddUserToGroupCommand: () => ({}),
    });

    await runGrant(parseGrantArgs("users", ["grant", "ana@example.com", "111111"], { STAGE: "prod" }, usage), () => client, NO_FILE);

    expect(calls.at(-1)).toEqual({ command: "AdminAddUserToGroupCommand", input: { UserPoolId: POOL_ID, Username: "ana@example.com", GroupName: "seller-111111" } });
  });

  it("revoke: takes the person out of the seller's group", async () => {
    const { client, calls } = recordingClient({ AdminRemoveUserFromGroupCommand: () => ({}) });

    await runGrant(parseGrantArgs("users", ["revoke", "ana@example.com", "111111", "--stage", "prod"], {}, usage), () => client, NO_FILE);

    expect(calls.slice(2)).toEqual([{ command: "AdminRemoveUserFromGroupCommand", input: { UserPoolId: POOL_ID, Username: "ana@example.com", GroupName: "seller-111111" } }]);
  });
});
