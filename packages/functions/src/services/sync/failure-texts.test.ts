import { describe, expect, it } from "vitest";
import { explanationText } from "../../error-texts.js";
import { reasonExplanation } from "./failure-texts.js";

const inBoth = (reason: string) => {
  const explanation = reasonExplanation(reason);
  return { pt: explanationText(explanation, "pt-BR"), en: explanationText(explanation, "en") };
};

describe("a sync failure the marketplace caused, in the request's language", () => {
  it.each([
    [
      "marketplace unreachable at api.mercadolibre.com: connection refused (ECONNREFUSED)",
      "marketplace inacessível em api.mercadolibre.com: conexão recusada (ECONNREFUSED)",
    ],
    [
      "marketplace unreachable at 127.0.0.1:4010: timed out (no answer within 150 ms)",
      "marketplace inacessível em 127.0.0.1:4010: tempo esgotado (sem resposta em 150 ms)",
    ],
    [
      "no Full ad could be read (2 of 2 failed); MLB1: GET /inventories/{id}/stock/fulfillment: HTTP 500 internal_error: sandbox fault 500",
      "nenhum anúncio Full pôde ser lido (2 de 2 falharam); MLB1: GET /inventories/{id}/stock/fulfillment: HTTP 500 internal_error: sandbox fault 500",
    ],
    [
      "no Full ad could be read (16 of 16 failed); MLB7: shard 3 failed: GET /items: host name not found (DNS lookup failed) (ENOTFOUND)",
      "nenhum anúncio Full pôde ser lido (16 de 16 falharam); MLB7: a parte 3 da sincronização falhou: GET /items: nome do servidor não encontrado (falha na consulta DNS) (ENOTFOUND)",
    ],
    ['GET /items: unexpected payload at "results.0.id": expected string', 'GET /items: resposta em formato inesperado no campo "results.0.id": expected string'],
  ])("%s", (reason, portuguese) => {
    // The marketplace's own words (endpoint, status, code, detail) stay; the service's are translated.
    expect(inBoth(reason)).toEqual({ pt: portuguese, en: reason });
  });

  it("keeps a reason it has no words for as the marketplace wrote it", () => {
    expect(inBoth("invalid_grant: refresh token revoked")).toEqual({ pt: "invalid_grant: refresh token revoked", en: "invalid_grant: refresh token revoked" });
  });
});
