import { afterEach, describe, expect, it, vi } from "vitest";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { useTestTable } from "#test/table";
import { Entities } from "#storage/keys";
import { SETTINGS_CACHE_MS, writeGroupEntries } from "#storage/settings";
import { businessTimeZone } from "#services/business-time";

const db = useTestTable("business-time", "test");

/** The group item as another container's write leaves it: nothing in this process hears of it. */
const storeElsewhere = (zone: string) =>
  db.ref.doc.send(
    new PutCommand({
      TableName: db.ref.table,
      Item: { ...Entities.settings.key({ group: "geral", page: 0 }), group: "geral", entries: { fuso_horario: { value: zone, description: null } }, version: 99, kind: "settings" },
    }),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe("the business time zone read on every call", () => {
  it("comes from the container's copy for SETTINGS_CACHE_MS, then from the table again", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-10T12:00:00Z") });
    expect(await businessTimeZone(db.ref)).toBe("America/Sao_Paulo");

    await storeElsewhere("Asia/Tokyo");
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_MS - 1);
    const withinLifetime = await businessTimeZone(db.ref);
    vi.setSystemTime(Date.now() + 1);
    const afterLifetime = await businessTimeZone(db.ref);

    expect(withinLifetime).toBe("America/Sao_Paulo");
    expect(afterLifetime).toBe("Asia/Tokyo");
    expect(await businessTimeZone(db.ref, { fresh: true })).toBe("Asia/Tokyo");
  });

  it("follows a write made in the same container at once", async () => {
    expect(await businessTimeZone(db.ref)).toBe("America/Sao_Paulo");

    await writeGroupEntries(db.ref, "geral", { entries: { fuso_horario: { value: "Europe/Lisbon", description: null } } });

    expect(await businessTimeZone(db.ref)).toBe("Europe/Lisbon");
  });
});
