import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { localConfig } from "../config.js";
import { runDirectoryCommand } from "../directory/run.js";
import { CLIENTS_USAGE, parseClientsArgs, runClients } from "../directory/clients.js";
import { isGrantAction, parseGrantArgs, runGrant } from "../directory/grants.js";
import { DirectoryUsageError } from "../directory/user-pool.js";

const argv = process.argv.slice(2);

process.exitCode = isGrantAction(argv[0])
  ? await runDirectoryCommand(
      () => parseGrantArgs("clients", argv, process.env, (message) => new DirectoryUsageError(message, CLIENTS_USAGE)),
      (command) => runGrant(command, () => new CognitoIdentityProviderClient({}), localConfig().identityGrantsFile),
    )
  : await runDirectoryCommand(() => parseClientsArgs(argv), (command) => runClients(new CognitoIdentityProviderClient({}), command));
