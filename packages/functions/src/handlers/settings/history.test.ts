import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { dumpTable } from "#test/dump";
import { logger } from "#logging/logger";
import { handler as getGroup } from "./get-group.js";
import { handler as putGroup } from "./put-group.js";
import { handler as history } from "./history.js";
import { handler as restore } from "./restore.js";
import { logAt } from "#test/log-level";

/**
 * Issue 28, settings with history and restore: every PUT records per changed key the old and new
 * value, the actor, the time and the request id; secrets only as changed; a restore puts the whole
 * group back as it was, as one new change.
 */

const db = useTestTable("settings-history", "test");

const put = (group: string, body: unknown) =>
  invoke(putGroup, { method: "PUT", path: `/settings/${group}`, pathParameters: { group }, body: body as object });
const read = (group: string) => invoke(getGroup, { path: `/settings/${group}`, pathParameters: { group } });
const changesOf = (group: string, query: Record<string, string> = {}) =>
  invoke(history, { path: `/settings/${group}/history`, pathParameters: { group }, query });
const restoreTo = (group: string, body: unknown) =>
  invoke(restore, { method: "POST", path: `/settings/${group}/restore`, pathParameters: { group }, body: body as object });

/** Only Date is faked: each change gets the instant the test gives it, the engine's clients keep real timers. */
const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("PUT /settings/{group} records what changed", () => {
  it("records per changed key the old and new text, the actor, the time and the request id; unchanged keys are left out", async () => {
    // Prepare
    at("2026-11-20T10:00:00.000Z");
    await put("estoque", { lead_time_padrao: 15, multi_deposito: false });

    // Act
    at("2026-11-21T09:30:00.000Z");
    const response = await put("estoque", { lead_time_padrao: 20, multi_deposito: false, multiplicador_seguranca: 1.8 });
    const page = await changesOf("estoque");

    // Assess: the PUT answer is SPEC's; the newest change holds only the keys whose value changed.
    expect(response.body).toEqual({ success: true, message: "Settings for 'estoque' updated" });
    expect(page.statusCode).toBe(200);
    const [newest, first] = page.body.changes;
    expect(newest).toEqual({
      change_id: expect.stringMatching(/^2026-11-21T09:30:00\.000Z-/),
      group: "estoque",
      at: "2026-11-21T09:30:00.000Z",
      actor: "local",
      request_id: expect.any(String),
      action: "update",
      changes: [
        { key: "lead_time_padrao", change: "changed", secret: false, old_value: "15", new_value: "20" },
        { key: "multiplicador_seguranca", change: "created", secret: false, old_value: null, new_value: "1.8" },
      ],
    });
    expect(first.changes).toEqual([
      { key: "lead_time_padrao", change: "created", secret: false, old_value: null, new_value: "15" },
      { key: "multi_deposito", change: "created", secret: false, old_value: null, new_value: "false" },
    ]);
  });

  it("records nothing for a PUT that changes no value", async () => {
    await put("catalogo", { titulo_max_chars: 70 });

    await put("catalogo", { titulo_max_chars: 70 });

    expect((await changesOf("catalogo")).body.changes).toHaveLength(1);
  });

  it("lists newest first, a page at a time, the cursor leading to the older changes", async () => {
    // Prepare: five changes, a minute apart.
    for (let i = 1; i <= 5; i++) {
      at(`2026-11-21T10:0${i}:00.000Z`);
      await put("financeiro", { margem_minima: 20 + i });
    }

    // Act
    const first = await changesOf("financeiro", { limit: "2" });
    const second = await changesOf("financeiro", { limit: "2", cursor: first.body.next_cursor });
    const third = await changesOf("financeiro", { limit: "2", cursor: second.body.next_cursor });

    // Assess
    const values = (page: typeof first) => page.body.changes.map((c: { changes: { new_value: string }[] }) => c.changes[0]!.new_value);
    expect([values(first), values(second), values(third)]).toEqual([["25", "24"], ["23", "22"], ["21"]]);
    expect(third.body.next_cursor).toBeNull();
  });

  it.each([["0"], ["101"], ["dez"]])("refuses limit=%s with 400", async (limit) => {
    const response = await changesOf("geral", { limit });

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.stringContaining("limit") });
  });

  it("answers 400 for an unknown group", async () => {
    const response = await changesOf("vendas");

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: "Unknown group: vendas" });
  });
});

describe("secrets in the history", () => {
  let lines: string[] = [];
  const capture = (stream: NodeJS.WriteStream) => {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
      lines.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write);
  };
  let logsOff: () => void;
  beforeAll(() => void (logsOff = logAt("DEBUG")));
  afterAll(() => logsOff());

  it("records a token or API key only as changed: no value in any history or restore answer, nor in a log line", async () => {
    // Prepare
    lines = [];
    capture(process.stdout);
    capture(process.stderr);
    at("2026-11-21T10:00:00.000Z");
    await put("integracoes", { weather_api_key: "KEY-OLD-1234", erp_api_token: "TOKEN-OLD-5678", weather_cidade: "Campinas,BR" });
    at("2026-11-21T11:00:00.000Z");
    await put("integracoes", { weather_api_key: "KEY-NEW-9999", erp_api_token: "TOKEN-NEW-0000", weather_cidade: "Santos,BR" });

    // Act
    const page = await changesOf("integracoes");
    const restored = await restoreTo("integracoes", { at: "2026-11-21T10:30:00Z" });

    // Assess
    expect(page.body.changes[0].changes).toEqual([
      { key: "erp_api_token", change: "changed", secret: true },
      { key: "weather_api_key", change: "changed", secret: true },
      { key: "weather_cidade", change: "changed", secret: false, old_value: "Campinas,BR", new_value: "Santos,BR" },
    ]);
    // Secrets keep their values: theirs were never recorded.
    expect(restored.body.secrets_kept).toEqual(["erp_api_token", "weather_api_key"]);
    expect(restored.body.data).toMatchObject({ weather_cidade: "Campinas,BR", weather_api_key: "KEY-NEW-9999" });
    const historyAfter = await changesOf("integracoes");
    const stored = JSON.stringify((await dumpTable(db.ref)).filter((item) => String(item.pk).startsWith("SETTINGSCHANGE#")));
    const { data: _restoredGroup, ...restoreAnswerWithoutGroup } = restored.body;
    for (const secret of ["KEY-OLD-1234", "TOKEN-OLD-5678", "KEY-NEW-9999", "TOKEN-NEW-0000"]) {
      for (const text of [JSON.stringify(page.body), JSON.stringify(historyAfter.body), JSON.stringify(restoreAnswerWithoutGroup), stored, ...lines]) {
        expect(text).not.toContain(secret);
      }
    }
    vi.restoreAllMocks();
  });
});

describe("POST /settings/{group}/restore", () => {
  /** Three changes of estoque: 10:00, 11:00 and 12:00 on 2026-11-21. */
  async function threeChanges() {
    at("2026-11-21T10:00:00.000Z");
    await put("estoque", { lead_time_padrao: 15, multiplicador_seguranca: 1.5 });
    at("2026-11-21T11:00:00.000Z");
    await put("estoque", { multiplicador_seguranca: 2.2, nivel_critico: 5 });
    const afterSecond = (await read("estoque")).body.data;
    at("2026-11-21T12:00:00.000Z");
    await put("estoque", { lead_time_padrao: 30, metodo_seguranca: "manual" });
    return afterSecond;
  }

  it("gives back the group's values as they were at a moment, and records the restore as one new change", async () => {
    // Prepare
    const afterSecond = await threeChanges();
    at("2026-11-21T13:00:00.000Z");

    // Act
    const response = await restoreTo("estoque", { at: "2026-11-21T11:30:00Z" });

    // Assess: the answer and a fresh read are the group as it was; keys stored later read as defaults again.
    expect(response.statusCode).toBe(200);
    expect(response.body.data).toEqual(afterSecond);
    expect((await read("estoque")).body.data).toEqual(afterSecond);
    expect(afterSecond.metodo_seguranca).toBe("auto");
    const [newest, ...older] = (await changesOf("estoque")).body.changes;
    expect(older).toHaveLength(3);
    expect(newest).toMatchObject({
      action: "restore",
      actor: "local",
      at: "2026-11-21T13:00:00.000Z",
      restored_to: { at: "2026-11-21T11:30:00.000Z" },
      changes: [
        { key: "lead_time_padrao", change: "changed", old_value: "30", new_value: "15" },
        { key: "metodo_seguranca", change: "removed", old_value: "manual", new_value: null },
      ],
    });
    expect(response.body.change).toEqual(newest);
  });

  it("goes back to just after a change named by change_id; a timestamp without offset is business-zone wall clock", async () => {
    await threeChanges();
    const changes = (await changesOf("estoque")).body.changes;
    const first = changes[changes.length - 1];

    at("2026-11-21T13:00:00.000Z");
    const byId = await restoreTo("estoque", { change_id: first.change_id });
    const afterFirst = (await read("estoque")).body.data;
    // 08:30 in São Paulo is 11:30 UTC: after the second change.
    await restoreTo("estoque", { at: "2026-11-21T08:30:00" });
    const afterWallClock = (await read("estoque")).body.data;

    expect(byId.statusCode).toBe(200);
    expect(afterFirst).toMatchObject({ lead_time_padrao: 15, multiplicador_seguranca: 1.5, nivel_critico: 3, metodo_seguranca: "auto" });
    expect(afterWallClock).toMatchObject({ lead_time_padrao: 15, multiplicador_seguranca: 2.2, nivel_critico: 5 });
  });

  it("undoes a restore with another restore: the history goes forward", async () => {
    await threeChanges();
    const latest = (await read("estoque")).body.data;
    at("2026-11-21T13:00:00.000Z");
    await restoreTo("estoque", { at: "2026-11-21T10:30:00Z" });
    at("2026-11-21T14:00:00.000Z");

    await restoreTo("estoque", { at: "2026-11-21T12:30:00Z" });

    expect((await read("estoque")).body.data).toEqual(latest);
    expect((await changesOf("estoque")).body.changes.map((c: { action: string }) => c.action)).toEqual(["restore", "restore", "update", "update", "update"]);
  });

  it.each([
    ["no body", undefined],
    ["not JSON", "{at:"],
    ["both fields", { at: "2026-11-21T10:00:00Z", change_id: "x" }],
    ["neither field", {}],
    ["an unknown field", { when: "2026-11-21T10:00:00Z" }],
    ["a timestamp that is not one", { at: "ontem" }],
    ["a change_id that is not text", { change_id: 12 }],
  ])("answers 400 for %s and changes nothing", async (_case, body) => {
    await threeChanges();
    const before = await dumpTable(db.ref);

    const response = await invoke(restore, {
      method: "POST",
      path: "/settings/estoque/restore",
      pathParameters: { group: "estoque" },
      body: body as string | undefined,
    });

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.any(String) });
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("answers 404 for a change_id the group's history lacks, and 400 for an unknown group; nothing changes", async () => {
    await threeChanges();
    const before = await dumpTable(db.ref);

    const unknownChange = await restoreTo("estoque", { change_id: "2026-11-21T10:00:00.000Z-00000000" });
    const unknownGroup = await restoreTo("vendas", { at: "2026-11-21T10:00:00Z" });

    expect(unknownChange.statusCode).toBe(404);
    expect(unknownGroup.statusCode).toBe(400);
    expect(await dumpTable(db.ref)).toEqual(before);
  });
});
