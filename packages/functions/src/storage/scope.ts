import { AsyncLocalStorage } from "node:async_hooks";

// The scope of the running request or run, set once where it starts so no call between passes it on; "" (no scope) outside any.
const current = new AsyncLocalStorage<string>();

/** The scope the partition keys of scoped record kinds are prefixed with now (storage/keys.ts). */
export const currentScope = (): string => current.getStore() ?? "";

/** Runs `work` with `scope` as the current scope, for every key it builds, reads or parses. */
export const withScope = <T>(scope: string, work: () => T): T => current.run(scope, work);

/** The scope a caller set with `withScope`, or undefined when none is set (not even the empty one). */
export const explicitScope = (): string | undefined => current.getStore();
