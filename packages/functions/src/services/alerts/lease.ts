/**
 * One alert derivation at a time, for the catalogue (after a sync or an import) or for the SKUs a
 * stock operation changed. Both read the stored open alerts, diff and write: two at once could
 * record the same change twice, or a derivation that read the stock before an operation could
 * reopen an alert the operation's derivation had just cleared. So both hold the same lease.
 *
 * Nothing waits on a SKU's derivation: an operation marks its SKU pending (storage/alerts/pending.ts)
 * and its consumer then tries the lease; whoever holds it looks for marks again after releasing it,
 * so a mark written while the lease was held is taken by the holder or by the writer itself. A catalogue
 * derivation that finds SKU derivations holding the lease raises a flag and waits for them (they
 * are short and stop at the flag); it takes the marks left once it is done.
 */
import { randomUUID } from "node:crypto";
import type { TableRef } from "#storage/client";
import { acquireLease, isLive, readLease, releaseLease } from "#storage/lease";
import { pause } from "../../backoff.js";

export const ALERT_LEASE = "alerts";
/** Raised by a catalogue derivation waiting for the lease: SKU derivations take no new pass meanwhile. */
export const CATALOGUE_WAITING = "alerts-catalogue-waiting";
const SKU_OWNER = "sku:";

/** A catalogue derivation waits this long at most for the SKU derivations holding the lease. */
const CATALOGUE_WAIT_MS = 60_000;
const POLL_MS = 200;

export interface AlertLease {
  owner: string;
  release: () => Promise<void>;
}

const held = (ref: TableRef, owner: string): AlertLease => ({ owner, release: () => releaseLease(ref, ALERT_LEASE, owner) });

/** The lease for a pass over pending SKUs; null when anyone holds it or a catalogue derivation waits for it. */
export async function acquireSkuLease(ref: TableRef, ttlMs: number): Promise<AlertLease | null> {
  if (isLive(await readLease(ref, CATALOGUE_WAITING), Date.now())) return null;
  const owner = `${SKU_OWNER}${randomUUID()}`;
  return (await acquireLease(ref, ALERT_LEASE, owner, ttlMs)) ? held(ref, owner) : null;
}

/**
 * The lease for a catalogue derivation. Null when another catalogue derivation holds it (it reads
 * the stock after this one's change was stored, so it records what this one would).
 */
export async function acquireCatalogueLease(ref: TableRef, ttlMs: number): Promise<AlertLease | null> {
  const owner = randomUUID();
  const until = Date.now() + CATALOGUE_WAIT_MS;
  let waiting = false;
  try {
    for (;;) {
      if (await acquireLease(ref, ALERT_LEASE, owner, ttlMs)) return held(ref, owner);
      const holder = await readLease(ref, ALERT_LEASE);
      if (holder && !holder.owner.startsWith(SKU_OWNER) && isLive(holder, Date.now())) return null;
      if (Date.now() > until) return null;
      if (!waiting) waiting = await acquireLease(ref, CATALOGUE_WAITING, owner, CATALOGUE_WAIT_MS);
      await pause(POLL_MS);
    }
  } finally {
    if (waiting) await releaseLease(ref, CATALOGUE_WAITING, owner);
  }
}
