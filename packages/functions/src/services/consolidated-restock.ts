/**
 * The restock plan of several accounts sharing one local warehouse (core restock/allocation.ts):
 * each account's plan input read in its own scope, the shared local stock read once, each SKU's
 * local units allocated across the accounts by urgency.
 *
 * The default request's answers (the plan of every account, and each account's own plan within
 * its share) are stored at the end of a write path that rebuilt an account's restock view, in a
 * scope of their own, with a fingerprint of everything they were computed from: every account's
 * restock view (its pages), stock policy, planning parameters (by their counter) and the day. A
 * request whose reads give the same fingerprint is sent the stored pages as they are, as a single
 * account's stored plan is.
 */
import { Restock } from "@fulfillment/core";
import { countersOf, readStates } from "#storage/changes";
import type { TableRef } from "#storage/client";
import { listLocalStock } from "#storage/local-stock";
import { listPlanning } from "#storage/planning";
import { answerPages, answerPartitions, publishView, readAnswer, replaceCollection, viewAttribute } from "#storage/read-model";
import { withScope } from "#storage/scope";
import { cachedSellers, CONSOLIDATED_SCOPE, type Seller } from "#storage/sellers";
import { sellersGroupEntries } from "#storage/settings";
import type { StoredBody } from "../json-text.js";
import { businessToday } from "./business-time.js";
import { MAX_ITEM_BYTES } from "./read-model/build.js";
import { storedAnswer, storedAnswerEntry, type StoredAnswerEntry } from "./read-model/sku-views.js";
import { DEFAULT_RESTOCK_QUERY, isDefaultRestockQuery, readRestockInput, restockView, type RestockQuery } from "./read-model/restock-plan.js";
import { currentView } from "./read-model/view.js";

export interface ConsolidatedRestock extends Restock.ConsolidatedPlans {
  sellers: Seller[];
  /** today, target_days and horizon_days of every plan. */
  frame: Omit<Restock.RestockPlanBody, "items">;
}

/** Which stored answer: the plan of every account, or one account's own plan. */
export type ConsolidatedAnswer = { all: true } | { sellerId: string };

/** The settings group the plans are computed from (each account's stock policy). */
export const PLAN_SETTINGS_GROUP = "estoque";

/** The stored answers' entry on the consolidated scope's state item, and their names. */
const STORED = "restock_consolidated";
const answerName = (which: ConsolidatedAnswer): string => ("all" in which ? "restock_all" : `restock_of_${which.sellerId}`);

/** Each stored answer's entry, by name. */
interface StoredEntry {
  answers?: Record<string, StoredAnswerEntry>;
}

/**
 * In one round: every account's state (its view entries and counters) and stock policy (the
 * shared settings read once), the consolidated scope's state and, when asked for, a stored answer.
 */
async function readSellers(ref: TableRef, sellers: readonly Seller[], stored: ConsolidatedAnswer | undefined, now: Date) {
  const [states, today, answer, estoque] = await Promise.all([
    readStates(ref, [CONSOLIDATED_SCOPE, ...sellers.map((seller) => seller.scope)]),
    businessToday(ref, now),
    stored ? withScope(CONSOLIDATED_SCOPE, () => readAnswer(ref, answerName(stored))) : undefined,
    sellersGroupEntries(ref, PLAN_SETTINGS_GROUP, sellers.map((seller) => seller.scope)),
  ]);
  const [own, ...sellerStates] = states;
  const reads = sellers.map((seller, index) => ({ seller, state: sellerStates[index]!, estoque: estoque[index]! }));
  return { entry: (own![viewAttribute(STORED)] ?? {}) as StoredEntry, answer, today, reads };
}

type SellerReads = Awaited<ReturnType<typeof readSellers>>["reads"][number];

/**
 * What the plans were computed from, as their fingerprint holds it: each account's view entry (its
 * pages) as used, its stock policy, and its planning parameters by their counter (a write bumps it
 * once stored, and the parameters are read after the counter, so a counter never stands for older
 * parameters).
 */
const consolidatedInputs = (today: string, query: RestockQuery, used: readonly { reads: SellerReads; pages: unknown }[]) => ({
  today,
  query,
  sellers: used.map(({ reads, pages }) => ({ user_id: reads.seller.user_id, pages, estoque: reads.estoque, planning: countersOf(reads.state, ["planning"]) })),
});

/** The stored answer when every account's view is current and it was computed from what the reads give. */
function storedPlan(read: Awaited<ReturnType<typeof readSellers>>, query: RestockQuery, which: ConsolidatedAnswer): StoredBody<Restock.RestockPlanBody> | undefined {
  const used = [];
  for (const reads of read.reads) {
    // A view whose topics moved since its build may hold the same pages for other records.
    const view = currentView(reads.state, restockView) as { pages?: unknown } | undefined;
    if (!view?.pages) return undefined;
    used.push({ reads, pages: view.pages });
  }
  return storedAnswer<Restock.RestockPlanBody>(read.entry.answers?.[answerName(which)], read.answer, consolidatedInputs(read.today, query, used));
}

/**
 * Every connected account's plan within its share of the local stock; undefined with fewer than
 * two accounts, whose plan is its own. All accounts share the warehouse whoever asks, so an
 * account's plan is the same whichever others the caller may see.
 *
 * With `stored` (the default query's text, in the default locale, is wanted), the stored answer
 * serves when it is current; else the plans are computed. A read never stores them: the read
 * routes' functions cannot write (storeConsolidatedRestock does, at the end of a write path).
 */
export async function consolidatedRestock(
  ref: TableRef,
  query: RestockQuery,
  { now = new Date(), stored }: { now?: Date; stored?: ConsolidatedAnswer } = {},
): Promise<ConsolidatedRestock | StoredBody<Restock.RestockPlanBody> | undefined> {
  const sellers = await cachedSellers(ref);
  if (sellers.length < 2) return undefined;
  const defaultQuery = isDefaultRestockQuery(query);
  const read = await readSellers(ref, sellers, defaultQuery ? stored : undefined, now);
  if (stored && defaultQuery) {
    const answer = storedPlan(read, query, stored);
    if (answer) return answer;
  }
  return (await computePlans(ref, sellers, read, query, now)).consolidated;
}

/**
 * Computes the default request's plans of every account and stores them with their fingerprint
 * (the end of a write path that rebuilt a restock view: services/read-model/refresh.ts). Nothing
 * is stored with fewer than two accounts, or when an account's view is stale (its plan then came
 * from the collections, which no fingerprint names). True when stored.
 */
export async function storeConsolidatedRestock(ref: TableRef, now = new Date()): Promise<boolean> {
  const sellers = await cachedSellers(ref);
  if (sellers.length < 2) return false;
  const read = await readSellers(ref, sellers, undefined, now);
  const { consolidated, computedFrom } = await computePlans(ref, sellers, read, DEFAULT_RESTOCK_QUERY, now);
  return computedFrom !== undefined && storeAnswers(ref, computedFrom, consolidated);
}

/** The plans from each account's input; `computedFrom`, what a stored copy records, when every input came from the account's current view. */
async function computePlans(ref: TableRef, sellers: readonly Seller[], read: Awaited<ReturnType<typeof readSellers>>, query: RestockQuery, now: Date) {
  // The planning parameters after the states: see consolidatedKey.
  const [localStock, ...inputs] = await Promise.all([
    listLocalStock(ref),
    ...read.reads.map((reads) =>
      withScope(reads.seller.scope, async () => {
        const planning = await listPlanning(ref, { consistent: true });
        return readRestockInput(ref, query, { state: reads.state, today: read.today, estoque: reads.estoque, planning }, now);
      }),
    ),
  ]);
  const plans = Restock.consolidatedPlans(
    sellers.map((seller, index) => {
      const { localStock: _own, allowance: _none, ...input } = inputs[index]!.input;
      return { seller_id: seller.user_id, input };
    }),
    localStock,
  );
  const first = inputs[0]!.input;
  const consolidated: ConsolidatedRestock = { ...plans, sellers: [...sellers], frame: { success: true, today: first.today, target_days: first.targetDays, horizon_days: first.horizonDays } };
  const pages = inputs.map((input) => (input.entry as { pages?: unknown } | undefined)?.pages);
  const computedFrom = pages.every((page) => page !== undefined) ? consolidatedInputs(read.today, query, read.reads.map((reads, index) => ({ reads, pages: pages[index] }))) : undefined;
  return { consolidated, computedFrom };
}

/**
 * Stores the plan of every account and each account's own plan, then the entry naming them with
 * their fingerprint. A concurrent store may replace pages before this entry lands: the pages'
 * digests then differ from the entry's, and readers compute the plans instead.
 */
async function storeAnswers(ref: TableRef, computedFrom: unknown, consolidated: ConsolidatedRestock): Promise<boolean> {
  const ids = consolidated.sellers.map((seller) => seller.user_id);
  const bodies: [ConsolidatedAnswer, Restock.RestockPlanBody][] = [
    [{ all: true }, Restock.mergedPlan(consolidated.plans, ids, consolidated.frame)],
    ...ids.map((sellerId): [ConsolidatedAnswer, Restock.RestockPlanBody] => [{ sellerId }, consolidated.plans.get(sellerId)!]),
  ];
  return withScope(CONSOLIDATED_SCOPE, async () => {
    const answers: NonNullable<StoredEntry["answers"]> = {};
    for (const [which, body] of bodies) {
      const name = answerName(which);
      const text = JSON.stringify(body);
      const pages = answerPages(name, text, MAX_ITEM_BYTES);
      if (!pages) return false;
      await replaceCollection(ref, answerPartitions(name), pages);
      answers[name] = storedAnswerEntry(pages, text, computedFrom);
    }
    return publishView(ref, STORED, {}, { answers });
  });
}

/** Whether the value is the consolidated plans, not a stored answer. */
export const isConsolidated = (value: ConsolidatedRestock | StoredBody<Restock.RestockPlanBody>): value is ConsolidatedRestock =>
  typeof value === "object" && value !== null && "plans" in value && "sellers" in value;
