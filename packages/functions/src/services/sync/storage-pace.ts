/**
 * A shard's pace against storage (core sync/aimd.ts): parts of the shard in flight at once, fewer
 * and later while storage slows down, more again as it answers. A slowdown backs off and the
 * storage work runs again; only other errors, or storage slow for too long, fail the shard.
 */
import { Sync } from "@fulfillment/core";
import { logger } from "#logging/logger";
import { pause } from "../../backoff.js";
import { errorText, isStorageSlowdown } from "./errors.js";

export interface PaceClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const REAL_CLOCK: PaceClock = { now: Date.now, sleep: pause };

export class StoragePace {
  private state: Sync.AimdState;

  constructor(
    private readonly settings: Sync.AimdSettings = Sync.DEFAULT_AIMD,
    private readonly clock: PaceClock = REAL_CLOCK,
    private readonly context: Record<string, unknown> = {},
  ) {
    this.state = Sync.aimdStart(settings);
  }

  /** Parts allowed in flight now. */
  get limit(): number {
    return Sync.aimdLimit(this.state);
  }

  /** Runs storage work after any backoff, again while storage slows down. Safe only for work that may run twice (keyed writes, reads). */
  async storing<T>(work: () => Promise<T>): Promise<T> {
    for (;;) {
      await this.backoff();
      try {
        const done = await work();
        this.state = Sync.aimdSuccess(this.state, this.settings);
        return done;
      } catch (error) {
        if (!isStorageSlowdown(error)) throw error;
        this.state = Sync.aimdSlowdown(this.state, this.clock.now(), this.settings);
        if (Sync.aimdGaveUp(this.state, this.settings)) throw error;
        logger.info("Storage slowed down; the sync shard backs off and stores again", {
          ...this.context,
          in_flight: this.limit,
          wait_ms: Sync.aimdWait(this.state, this.clock.now()),
          reason: errorText(error),
        });
      }
    }
  }

  /**
   * Runs `work` on every unit in order, at most `limit` at once. After a failure no unit starts;
   * those in flight settle and the first failure is thrown.
   */
  async forEach<T>(units: readonly T[], work: (unit: T) => Promise<void>): Promise<void> {
    const running = new Set<Promise<void>>();
    let failure: { error: unknown } | undefined;
    for (const unit of units) {
      while (!failure && running.size >= this.limit) await Promise.race(running);
      if (!failure) await this.backoff();
      if (failure) break;
      const run: Promise<void> = work(unit)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => running.delete(run));
      running.add(run);
    }
    await Promise.all(running);
    if (failure) throw failure.error;
  }

  private async backoff(): Promise<void> {
    for (let wait = Sync.aimdWait(this.state, this.clock.now()); wait > 0; wait = Sync.aimdWait(this.state, this.clock.now())) await this.clock.sleep(wait);
  }
}
