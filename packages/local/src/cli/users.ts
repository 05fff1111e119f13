import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { runDirectoryCommand } from "../directory/run.js";
import { parseUsersArgs, runUsers } from "../directory/users.js";

process.exitCode = await runDirectoryCommand(() => parseUsersArgs(process.argv.slice(2)), (command) => runUsers(new CognitoIdentityProviderClient({}), command));
