import { afterEach, describe, expect, it } from "vitest";
import { fieldColumns, sellerColumns, toCsv } from "./csv.js";
import { linkSeller, parseRoute, routeHref } from "./router.js";
import { chooseSelection, hashWithSeller, sellerName, sellersOfAnswer, takesAllSellers } from "./sellers.js";

const SELLERS = [
  { id: "101", nickname: "LOJA_AAA" },
  { id: "90909", nickname: null },
];

describe("the accounts to choose from", () => {
  it("are the ones a 400 lists when several are connected and none was named", () => {
    const body = { error: "Several sellers are connected", sellers: [{ id: "101", nickname: "LOJA_AAA" }, { id: "90909", nickname: null }, { nickname: "no id" }] };
    expect(sellersOfAnswer(400, body)).toEqual(SELLERS);
  });

  it("are none when the account answered (one account, or none) or the answer lists none", () => {
    expect(sellersOfAnswer(200, { connected: true, accounts: [{ user_id: "101" }, { user_id: "90909" }] })).toEqual([]);
    expect(sellersOfAnswer(400, { error: "bad" })).toEqual([]);
    expect(sellersOfAnswer(403, null)).toEqual([]);
  });

  it("are named by nickname, else by id", () => {
    expect(sellerName(SELLERS, "101")).toBe("LOJA_AAA");
    expect(sellerName(SELLERS, "90909")).toBe("90909");
    expect(sellerName(SELLERS, "555")).toBe("555");
  });
});

describe("the account shown", () => {
  it("is none with fewer than two accounts, whatever the address says", () => {
    expect(chooseSelection([], "101", null)).toBeUndefined();
    expect(chooseSelection([SELLERS[0]!], "101", "101")).toBeUndefined();
  });

  it("is the one the address names, all accounts included, else the last chosen, else the first", () => {
    expect(chooseSelection(SELLERS, "90909", "101")).toBe("90909");
    expect(chooseSelection(SELLERS, "all", "101", false)).toBe("all");
    expect(chooseSelection(SELLERS, null, "90909")).toBe("90909");
    expect(chooseSelection(SELLERS, "555", "gone")).toBe("101");
    expect(chooseSelection(SELLERS, null, null)).toBe("101");
  });

  it("remembers all accounts only for a screen that shows them", () => {
    expect(chooseSelection(SELLERS, null, "all", true)).toBe("all");
    expect(chooseSelection(SELLERS, null, "all", false)).toBe("101");
  });

  it("is offered as all accounts on the six consolidated screens and those of shared data only", () => {
    const consolidated = ["visao-geral", "estoque", "plano-reposicao", "estoque-envelhecido", "custos-armazenagem", "alertas"];
    expect([...consolidated, "tarifas", "configuracoes", "historico"].every((s) => takesAllSellers(s as never))).toBe(true);
    expect(["reposicao", "anuncio", "importacoes", "conta"].some((s) => takesAllSellers(s as never))).toBe(false);
  });
});

describe("the address and the links", () => {
  afterEach(() => linkSeller(undefined));

  it("sets, replaces or drops seller_id, keeping the rest of the address", () => {
    expect(hashWithSeller("#/estoque?alerta=parado", "101")).toBe("#/estoque?alerta=parado&seller_id=101");
    expect(hashWithSeller("#/estoque?seller_id=101&q=x", "all")).toBe("#/estoque?seller_id=all&q=x");
    expect(hashWithSeller("", "101")).toBe("#/?seller_id=101");
    expect(hashWithSeller("#/anuncio/MLB1?seller_id=101", undefined)).toBe("#/anuncio/MLB1");
  });

  it("carry the account shown on every link, unless a link names its own", () => {
    expect(routeHref("estoque", [], { alerta: "parado" })).toBe("#/estoque?alerta=parado");
    linkSeller("90909");
    expect(routeHref("estoque", [], { alerta: "parado" })).toBe("#/estoque?alerta=parado&seller_id=90909");
    expect(parseRoute(routeHref("reposicao")).query.get("seller_id")).toBe("90909");
    expect(routeHref("anuncio", ["MLB1"], { seller_id: "101" })).toBe("#/anuncio/MLB1?seller_id=101");
    expect(routeHref("anuncio", ["MLB1"], { seller_id: undefined })).toBe("#/anuncio/MLB1?seller_id=90909");
  });
});

describe("a CSV of all accounts", () => {
  const columns = fieldColumns<{ sku: string; seller_id?: string }>(["sku"]);
  const rows = [{ sku: "A", seller_id: "101" }, { sku: "B", seller_id: "90909" }];

  it("starts each row with its account's id and name", () => {
    const csv = toCsv(sellerColumns((id) => sellerName(SELLERS, id), (row) => row.seller_id, columns), rows);
    expect(csv).toBe("\uFEFFseller_id;seller_nickname;sku\r\n101;LOJA_AAA;A\r\n90909;90909;B\r\n");
  });

  it("is as before when one account is shown", () => {
    expect(sellerColumns(undefined, (row) => row.seller_id, columns)).toBe(columns);
  });
});
