import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "stacks/**/*.test.ts", "test/**/*.test.ts"],
    // One DynamoDB Local engine for the whole run; each test file makes its own table.
    globalSetup: ["test/global-setup.ts"],
    // Syncs run through the sync state machine's definition in a local interpreter.
    setupFiles: ["test/sync-machine-setup.ts"],
    testTimeout: 30_000,
    // Handler logs are asserted by the tests that capture them, not printed.
    env: { POWERTOOLS_LOG_LEVEL: "SILENT", POWERTOOLS_DEV: "false" },
    hookTimeout: 120_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 3, minForks: 1 } },
  },
});
