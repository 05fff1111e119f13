/**
 * Additive-increase, multiplicative-decrease concurrency: how many units of work a sync shard keeps
 * in flight against storage. Each success adds one; a slowdown (a call out of its time budget,
 * throttling) divides the limit and starts a backoff that doubles with each slowdown in a row.
 * Pure: the caller passes the clock's reading in.
 */

export interface AimdSettings {
  initial: number;
  min: number;
  max: number;
  /** Added to the limit per success. */
  increase: number;
  /** The limit is multiplied by this on a slowdown (0 < factor < 1). */
  decrease: number;
  /** The first backoff after a slowdown; each further slowdown in a row doubles it, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Slowdowns in a row, with no success between them, after which the work gives up. */
  giveUpAfter: number;
}

export interface AimdState {
  /** Units allowed in flight (whole units: the floor of this). */
  limit: number;
  /** No new unit starts before this instant (ms). */
  backoffUntil: number;
  /** Slowdowns since the last success. */
  slowdowns: number;
}

export const DEFAULT_AIMD: AimdSettings = { initial: 2, min: 1, max: 4, increase: 1, decrease: 0.5, backoffBaseMs: 250, backoffMaxMs: 8_000, giveUpAfter: 10 };

export const aimdStart = (settings: AimdSettings = DEFAULT_AIMD): AimdState => ({ limit: clamp(settings.initial, settings), backoffUntil: 0, slowdowns: 0 });

/** A unit succeeded: one more allowed in flight, and the slowdowns in a row end. */
export const aimdSuccess = (state: AimdState, settings: AimdSettings = DEFAULT_AIMD): AimdState => ({
  limit: clamp(state.limit + settings.increase, settings),
  backoffUntil: state.backoffUntil,
  slowdowns: 0,
});

/**
 * Storage slowed down at `now`. A slowdown reported while a backoff is still running belongs to
 * the same episode (units started before it) and cuts nothing more; a new one cuts the limit and
 * backs off.
 */
export function aimdSlowdown(state: AimdState, now: number, settings: AimdSettings = DEFAULT_AIMD): AimdState {
  if (now < state.backoffUntil) return state;
  const slowdowns = state.slowdowns + 1;
  const backoff = Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** (slowdowns - 1));
  return { limit: clamp(Math.floor(state.limit * settings.decrease), settings), backoffUntil: now + backoff, slowdowns };
}

/** Whole units allowed in flight. */
export const aimdLimit = (state: AimdState): number => Math.floor(state.limit);

/** How long to wait at `now` before starting a unit: zero once the backoff has passed. */
export const aimdWait = (state: AimdState, now: number): number => Math.max(0, state.backoffUntil - now);

/** True when storage slowed down too many times in a row: retrying on would not mend it. */
export const aimdGaveUp = (state: AimdState, settings: AimdSettings = DEFAULT_AIMD): boolean => state.slowdowns >= settings.giveUpAfter;

const clamp = (limit: number, settings: AimdSettings): number => Math.min(settings.max, Math.max(settings.min, limit));
