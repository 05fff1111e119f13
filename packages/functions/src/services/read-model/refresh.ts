/**
 * Rebuilds the stale views at the end of a write path (the sync, the loader, `npm start`, each
 * import, a tariff write), under a lease, and publishes each view only if its topics did not move
 * meanwhile. Whatever it leaves stale is still answered correctly, by the live path.
 */
import { randomUUID } from "node:crypto";
import type { TableRef } from "#storage/client";
import { countersOf, readState, type StateItem } from "#storage/changes";
import { acquireLease, releaseLease } from "#storage/lease";
import { publishView } from "#storage/read-model";
import { currentScope, withScope } from "#storage/scope";
import { cachedSellers } from "#storage/sellers";
import { logger } from "#logging/logger";
import { once, readInputs } from "./build.js";
import { viewsNamed, type ViewName } from "./index.js";
import { currentView } from "./view.js";
import { storeConsolidatedRestock } from "../consolidated-restock.js";

/** One rebuild at a time; a holder that dies lets go at expiry, and readers meanwhile use the live path. */
export const READ_MODEL_LEASE = "read-model";
const LEASE_MS = 10 * 60 * 1000;
/** Rounds of rebuilding when writes keep landing during a build: afterwards the views stay stale (correct, slower). */
const MAX_ROUNDS = 3;

export interface RefreshOptions {
  /** Epoch milliseconds after which no further step starts (a write path's time budget). */
  deadline?: number;
  now?: Date;
  /** Only these views (a write that changed only what they read); default every stale one. */
  views?: readonly ViewName[];
  /**
   * Whether a rebuilt restock view also stores the plans of every account anew (several accounts
   * sharing the warehouse: services/consolidated-restock.ts); default true. refreshScopes stores
   * them once, after every scope's views.
   */
  consolidated?: boolean;
}

export interface RefreshOutcome {
  /** Views rebuilt and published by this call. */
  built: ViewName[];
  /** Views still stale when it returned: their reads take the live path until the next refresh. */
  stale: ViewName[];
  /** Another refresh held the lease: it rebuilds what it finds stale before it lets go; the rest is read live. */
  busy?: boolean;
}

const staleViews = (state: StateItem, names?: readonly ViewName[]) => viewsNamed(names).filter((view) => currentView(state, view) === undefined);
const namesOf = (views: readonly { name: ViewName }[]): ViewName[] => views.map((view) => view.name);

/**
 * Rebuilds the stale views, each from collections read after the counters it records, and
 * publishes a view only if none of its topics moved during the build. Write paths call it at
 * their end (after markChanged). Never throws: a failure is logged and leaves views stale.
 */
export async function refreshReadModel(ref: TableRef, options: RefreshOptions = {}): Promise<RefreshOutcome> {
  const now = options.now ?? new Date();
  const outcome: RefreshOutcome = { built: [], stale: [] };
  const pastDeadline = (): boolean => options.deadline !== undefined && Date.now() >= options.deadline;
  let owner: string | undefined;
  try {
    const before = await readState(ref);
    if (staleViews(before, options.views).length === 0) return outcome;
    const lease = randomUUID();
    if (!(await acquireLease(ref, READ_MODEL_LEASE, lease, LEASE_MS))) {
      return { ...outcome, stale: namesOf(staleViews(before, options.views)), busy: true };
    }
    owner = lease;
    for (let round = 0; round < MAX_ROUNDS && !pastDeadline(); round++) {
      const state = await readState(ref);
      const stale = staleViews(state, options.views);
      if (stale.length === 0) break;
      // The collections the stale views share, read once, after the counters of this round.
      const topics = [...new Set(stale.filter((view) => !view.ownInputs).flatMap((view) => view.topics))];
      const inputs = once(() => readInputs(ref, topics, state, now));
      for (const view of stale) {
        if (pastDeadline()) break;
        const counters = countersOf(state, view.topics);
        const publish = (fields?: Record<string, unknown>): Promise<boolean> => publishView(ref, view.name, counters, fields);
        if (await view.build({ ref, now, name: view.name, counters, inputs, publish })) outcome.built.push(view.name);
      }
    }
    outcome.stale = namesOf(staleViews(await readState(ref), options.views));
  } catch (error) {
    logger.warn("Read model not refreshed; reads use the live path until the next refresh", { reason: (error as Error).message });
    outcome.stale = namesOf(viewsNamed(options.views));
  } finally {
    if (owner) {
      await releaseLease(ref, READ_MODEL_LEASE, owner).catch((error: Error) =>
        // Not silent: until the lease lapses no other refresh starts, and changed views are read live.
        logger.warn("Read model lease not released; views changed meanwhile are read through the live path until it lapses", {
          reason: error.message,
          lapses_in_s: LEASE_MS / 1000,
        }),
      );
    }
  }
  if (options.consolidated !== false && outcome.built.includes("restock")) await storeConsolidated(ref, now);
  return outcome;
}

/**
 * The plans of every account stored anew; a failure is logged, and the plans are computed per
 * request meanwhile. Also the end of a write that changes what they are computed from without a
 * rebuild: a SKU's planning parameters, the stock settings.
 */
export async function storeConsolidated(ref: TableRef, now = new Date()): Promise<void> {
  await storeConsolidatedRestock(ref, now).catch((error: Error) =>
    logger.warn("Restock plans of every account not stored; they are computed per request until the next refresh", { reason: error.message }),
  );
}

/**
 * Refreshes the views of each scope in turn (`refreshReadModel` in each), then stores the plans of
 * every account once if a restock view was rebuilt: the loader's scopes, or every seller's.
 */
export async function refreshScopes(ref: TableRef, scopes: readonly string[], options: RefreshOptions = {}): Promise<RefreshOutcome[]> {
  const each = { ...options, consolidated: false };
  const outcomes: RefreshOutcome[] = [];
  for (const scope of scopes) outcomes.push(await withScope(scope, () => refreshReadModel(ref, each)));
  if (options.consolidated !== false && outcomes.some((outcome) => outcome.built.includes("restock"))) await storeConsolidated(ref, options.now ?? new Date());
  return outcomes;
}

/**
 * After a write of records every seller's views read (local stock, tariffs: SHARED_TOPICS), each
 * seller's stale views are rebuilt, the writer's scope first, within the same deadline.
 */
export async function refreshEverySeller(ref: TableRef, options: RefreshOptions = {}): Promise<void> {
  const here = currentScope();
  const others = (await cachedSellers(ref).catch(() => [])).map((seller) => seller.scope).filter((scope) => scope !== here);
  await refreshScopes(ref, [here, ...others], options);
}
