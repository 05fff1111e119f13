import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { runDirectoryCommand } from "../directory/run.js";
import { parseUsersArgs, runUsers } from "../directory/users.js";
import { issueToken, parseTokenArgs } from "../identity/token-command.js";

const argv = process.argv.slice(2);

// `token` signs a person in at the local provider; the other commands manage a stage's user pool.
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
    : await runDirectoryCommand(() => parseUsersArgs(argv), (command) => runUsers(new CognitoIdentityProviderClient({}), command));
