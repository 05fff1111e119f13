// Installs the local sync state machine in every test file that may sync in this process
// (test/support/sync.ts). The pure packages', the stacks' and the console's tests, and the
// end-to-end ones (which sync in a service process of their own), skip loading it.
import { expect } from "vitest";

const NEVER_SYNCS_IN_PROCESS = /\/(packages\/(core|web|client)|stacks|test\/(console|e2e|docs))\//;

if (!NEVER_SYNCS_IN_PROCESS.test(expect.getState().testPath ?? "")) await import("#test/sync");
