import { describe, expect, it } from "vitest";
import { parseRoute, routeHref } from "./router.js";

describe("hash routes", () => {
  it("reads the screen, its parameters and the query", () => {
    const route = parseRoute("#/anuncio/MLB%20123?x=1");
    expect(route.screen).toBe("anuncio");
    expect(route.params).toEqual(["MLB 123"]);
    expect(route.query.get("x")).toBe("1");
  });

  it("opens the overview for an empty or unknown hash", () => {
    expect(parseRoute("").screen).toBe("visao-geral");
    expect(parseRoute("#/nada").screen).toBe("visao-geral");
    expect(parseRoute("#/anuncio/%E0%A4%A").params).toEqual(["%E0%A4%A"]);
  });

  it("writes links that read back the same", () => {
    const href = routeHref("estoque", [], { alerta: "parado", q: "", ordem: "aged" });
    expect(href).toBe("#/estoque?alerta=parado&ordem=aged");
    expect(parseRoute(href).query.get("alerta")).toBe("parado");
    expect(routeHref("anuncio", ["MLB/1"])).toBe("#/anuncio/MLB%2F1");
  });

  it("opens the imports, restock plan and aged stock screens", () => {
    expect(parseRoute("#/importacoes?deposito=CD%20S%C3%A3o%20Paulo").query.get("deposito")).toBe("CD São Paulo");
    expect(parseRoute(routeHref("plano-reposicao", [], { alvo: "45", horizonte: "21" })).screen).toBe("plano-reposicao");
    expect(parseRoute("#/estoque-envelhecido").screen).toBe("estoque-envelhecido");
  });
});
