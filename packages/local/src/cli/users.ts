import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { localConfig } from "../config.js";
import { isGrantAction, parseGrantArgs, runGrant } from "../directory/grants.js";
import { runDirectoryCommand } from "../directory/run.js";
import { DirectoryUsageError } from "../directory/user-pool.js";
import { parseUsersArgs, runUsers, USERS_USAGE } from "../directory/users.js";
import { issueToken, parseTokenArgs } from "../identity/token-command.js";

const argv = process.argv.slice(2);

// `token` signs a person in at the local provider; `grant` and `revoke` give a seller, locally or
// in a stage's pool; the other commands manage a stage's user pool.
process.exitCode =
  argv[0] === "token"
    ? await runDirectoryCommand(
        () => parseTokenArgs(argv.slice(1)),
        async (command) => {
          const { token, note } = await issueToken(command);
          console.error(note);
          return [token];
        },
      )
    : isGrantAction(argv[0])
      ? await runDirectoryCommand(
          () => parseGrantArgs("users", argv, process.env, (message) => new DirectoryUsageError(message, USERS_USAGE)),
          (command) => runGrant(command, () => new CognitoIdentityProviderClient({}), localConfig().identityGrantsFile),
        )
      : await runDirectoryCommand(() => parseUsersArgs(argv), (command) => runUsers(new CognitoIdentityProviderClient({}), command));
