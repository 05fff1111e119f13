import { DirectoryUsageError } from "./user-pool.js";

/** Parses, runs and prints; exit code 2 for a command line that cannot run, 1 for a failure at AWS. */
export async function runDirectoryCommand<C>(parse: () => C, run: (command: C) => Promise<string[]>): Promise<number> {
  let command: C;
  try {
    command = parse();
  } catch (error) {
    console.error((error as Error).message);
    return error instanceof DirectoryUsageError ? 2 : 1;
  }
  try {
    for (const line of await run(command)) console.log(line);
    return 0;
  } catch (error) {
    console.error(`${(error as Error).name}: ${(error as Error).message}`);
    return 1;
  }
}
