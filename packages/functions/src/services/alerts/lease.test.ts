import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { acquireLease, isLive, readLease, releaseLease } from "#storage/lease";
import { pause } from "../../backoff.js";
import { acquireCatalogueLease, acquireSkuLease, ALERT_LEASE, CATALOGUE_WAITING } from "./lease.js";

const db = useTestTable("alerts-lease", "test");

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await pause(20);
}

describe("the alert derivations' lease", () => {
  it("has a catalogue derivation wait for a SKU derivation, which takes no new pass meanwhile", async () => {
    // Prepare: a pass over pending SKUs holds the lease.
    const pass = await acquireSkuLease(db.ref, 60_000);
    expect(pass).not.toBeNull();

    // Act
    const catalogue = acquireCatalogueLease(db.ref, 60_000);
    await until(async () => isLive(await readLease(db.ref, CATALOGUE_WAITING), Date.now()));

    // Assess: no SKU pass starts while it waits; it gets the lease once the pass ends.
    expect(await acquireSkuLease(db.ref, 60_000)).toBeNull();
    await pass!.release();
    const lease = await catalogue;
    expect(lease).not.toBeNull();
    expect((await readLease(db.ref, ALERT_LEASE))?.owner).toBe(lease!.owner);
    expect(await readLease(db.ref, CATALOGUE_WAITING)).toBeUndefined();
    await lease!.release();
    expect(await acquireSkuLease(db.ref, 60_000)).not.toBeNull();
  });

  it("leaves the work to a catalogue derivation already holding the lease, and no SKU pass starts under it", async () => {
    expect(await acquireLease(db.ref, ALERT_LEASE, "another-catalogue-derivation", 60_000)).toBe(true);

    expect(await acquireCatalogueLease(db.ref, 60_000)).toBeNull();
    expect(await acquireSkuLease(db.ref, 60_000)).toBeNull();

    await releaseLease(db.ref, ALERT_LEASE, "another-catalogue-derivation");
    expect(await acquireCatalogueLease(db.ref, 60_000)).not.toBeNull();
  });
});
