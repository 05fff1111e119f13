import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { runDirectoryCommand } from "../directory/run.js";
import { parseClientsArgs, runClients } from "../directory/clients.js";

process.exitCode = await runDirectoryCommand(() => parseClientsArgs(process.argv.slice(2)), (command) => runClients(new CognitoIdentityProviderClient({}), command));
