import { defineConfig } from "vitest/config";

// Most engines of a run live seconds (each npm start a test spawns, each file's own): without the
// optimising compiler one starts in half the CPU time, and the two cores go to the tests instead.
// The variable reaches every engine the run starts, the shared one included; set it to run them as npm start does.
process.env.DYNAMODB_JVM_OPTIONS ??= "-XX:TieredStopAtLevel=1";

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
