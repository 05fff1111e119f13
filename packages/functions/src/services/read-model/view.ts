import { isCurrent, topicsOf, type ChangeTopic, type RecordKind, type StateItem } from "#storage/changes";
import { fingerprint, viewAttribute } from "#storage/read-model";
import type { Builder } from "./build.js";

/** A view of the read model: what it is built from, and how. */
export interface View<N extends string = string> {
  name: N;
  /** The record kinds it is built from. */
  kinds: readonly RecordKind[];
  /** The change topics of those kinds: the view is current while their counters equal the ones it recorded. */
  topics: readonly ChangeTopic[];
  build: Builder;
  /** Built from a few small reads of its own, not from the collections the other views share. */
  ownInputs: boolean;
}

export function defineView<const N extends string>(name: N, kinds: readonly RecordKind[], build: Builder, { ownInputs = false } = {}): View<N> {
  return { name, kinds, topics: topicsOf(kinds), build, ownInputs };
}

/** A view's entry on the state item: the counters it was built from (`deps`) and what the view keeps there. */
export type ViewEntry = Record<string, unknown>;

/** A view's entry on the state item when it is current, else undefined. */
export function currentView(state: StateItem, view: View): ViewEntry | undefined {
  const entry = state[viewAttribute(view.name)] as { deps?: Record<string, unknown> } | undefined;
  return entry && isCurrent(state, entry.deps, view.topics) ? (entry as ViewEntry) : undefined;
}

/**
 * The current view, else the live path: the answer `fromView` makes of the view's entry when the
 * view is current, else (stale, or `fromView` cannot serve this request: undefined) the answer
 * computed from the collections. Both say the same; the view is faster.
 */
export async function viewElseLive<A, L>(
  state: StateItem,
  view: View,
  fromView: (entry: ViewEntry) => A | undefined | Promise<A | undefined>,
  live: () => Promise<L>,
): Promise<A | L> {
  const entry = currentView(state, view);
  const answer = entry === undefined ? undefined : await fromView(entry);
  const paths = (readPaths[view.name] ??= { view: 0, live: 0 });
  if (answer === undefined) {
    paths.live++;
    return live();
  }
  paths.view++;
  return answer;
}

/** Reads answered by each view and by its live path since the process started (or the last reset): how often writes leave a view stale. */
export const readPaths: Record<string, { view: number; live: number }> = {};

export const resetReadPaths = (): void => {
  for (const name of Object.keys(readPaths)) delete readPaths[name];
};

/** A fingerprint of what a stored answer was computed with (beside the view's own inputs). */
export const answerKey = (inputs: unknown): string => fingerprint(JSON.stringify(inputs));
