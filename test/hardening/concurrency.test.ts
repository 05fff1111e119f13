import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { Entities } from "#storage/keys";
import { getCredential } from "#storage/credentials";
import { listGroupEntries } from "#storage/settings";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { createTariff, deleteTariff, listTariffs, updateTariff } from "#test/tariffs";
import { HANDLERS } from "./endpoints.js";

/**
 * Mixed storms of concurrent writes, checked for a consistent end state. (Concurrent creates alone,
 * concurrent PUTs of different keys alone and concurrent syncs are pinned beside their handlers.)
 */

const db = useTestTable("concurrency");

const putSettings = (group: string, body: object) =>
  invoke(HANDLERS["PUT /settings/{group}"]!, { method: "PUT", path: `/settings/${group}`, pathParameters: { group }, body });

describe("concurrent writes", () => {
  it("a storm of tariff creates, updates and deletes ends consistent: distinct new ids, no deleted tariff back, every update kept", async () => {
    // Prepare: ten tariffs.
    const seeded: number[] = [];
    for (let i = 0; i < 10; i++) seeded.push((await createTariff({ name: `Seed ${i}`, min_volume_l: i })).body.tariff.id);
    const [deleted, kept] = [seeded.slice(0, 5), seeded.slice(5)];

    // Act: creates, updates of every seeded tariff, deletes of half of them, and reads, all at once.
    const work = [
      ...Array.from({ length: 15 }, (_, i) => createTariff({ name: `New ${i}`, daily_fee: i })),
      ...seeded.map((id) => updateTariff(id, { daily_fee: 100 + id, active: false })),
      ...deleted.map((id) => deleteTariff(id)),
      ...Array.from({ length: 5 }, () => listTariffs()),
    ];
    const answers = await Promise.all(work);

    // Assess
    const creates = answers.slice(0, 15);
    const updates = answers.slice(15, 25);
    const deletes = answers.slice(25, 30);
    expect(creates.map((r) => r.statusCode)).toEqual(Array(15).fill(201));
    const newIds = creates.map((r) => r.body.tariff.id as number);
    expect(new Set([...newIds, ...seeded]).size).toBe(25);
    expect(deletes.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    // An update racing its tariff's delete finds it (200) or not (404); updates of kept tariffs all land.
    updates.forEach((r, i) => expect(kept.includes(seeded[i]!) ? [200] : [200, 404]).toContain(r.statusCode));
    for (const read of answers.slice(30)) expect(read.statusCode).toBe(200);

    const listed = new Map<number, Record<string, unknown>>((await listTariffs()).body.tariffs.map((t: { id: number }) => [t.id, t]));
    expect([...listed.keys()].sort((a, b) => a - b)).toEqual([...kept, ...newIds].sort((a, b) => a - b));
    for (const id of kept) expect(listed.get(id)).toMatchObject({ daily_fee: 100 + id, active: false });
    newIds.forEach((id, i) => expect(listed.get(id)).toMatchObject({ name: `New ${i}`, daily_fee: i }));
    const counter = await db.ref.doc.send(new GetCommand({ TableName: db.ref.table, Key: Entities.counter.key({ name: "tariff" }), ConsistentRead: true }));
    expect(counter.Item?.value).toBe(Math.max(...newIds, ...seeded));
  });

  it("concurrent PUTs of one group keep every key, the last writer wins per key, and the ERP credential always matches its setting", async () => {
    // Act: each PUT writes its own key, a shared key and the ERP token.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => putSettings("integracoes", { [`own_${i}`]: i, weather_cidade: `City ${i}`, erp_api_token: `tok-${i}` })),
    );

    // Assess
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const stored = new Map((await listGroupEntries(db.ref, "integracoes")).map((e) => [e.key, e.value]));
    for (let i = 0; i < 12; i++) expect(stored.get(`own_${i}`)).toBe(String(i));
    const winner = stored.get("erp_api_token")!;
    expect(winner).toMatch(/^tok-\d+$/);
    // The shared keys and the credential come from one and the same PUT: the transaction's last commit.
    expect(stored.get("weather_cidade")).toBe(`City ${winner.slice(4)}`);
    expect((await getCredential(db.ref, "erp"))?.access_token).toBe(winner);
  });
});

describe("contention on one settings group", () => {
  it("40 parallel large PUTs answer 200 or 409 'settings changed concurrently, retry', never 500; the group holds exactly one 200's body", async () => {
    // Prepare: 40 bodies of the same 40 keys, about 100 KB each, every value naming its request.
    const keys = Array.from({ length: 40 }, (_, k) => `chave_${k}`);
    const bodies = Array.from({ length: 40 }, (_, i) => Object.fromEntries(keys.map((key) => [key, `${i}:${key}:${"x".repeat(2_500)}`])));

    // Act
    const answers = await Promise.all(bodies.map((body) => putSettings("catalogo", body)));

    // Assess
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.body).toEqual({ success: false, error: expect.stringContaining("as configurações mudaram ao mesmo tempo, tente de novo") });
    }
    const stored = Object.fromEntries((await listGroupEntries(db.ref, "catalogo")).map((entry) => [entry.key, entry.value]));
    const winner = Number(stored.chave_0!.split(":")[0]);
    expect(stored).toEqual(bodies[winner]);
    expect(statuses[winner]).toBe(200);
  });
});
