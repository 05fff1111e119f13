// Installs the local sync state machine in every test file (test/support/sync.ts).
import "#test/sync";
