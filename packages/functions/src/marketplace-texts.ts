/**
 * A sync failure's reason in Portuguese. The run stores it in English: the service's own words
 * around what the marketplace answered ("marketplace unreachable at HOST: connection refused
 * (ECONNREFUSED)"). Those words are put into Portuguese; what the marketplace wrote (its error
 * code and detail, an endpoint, a system error code) stays as written.
 */
const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^marketplace unreachable at (\S+): /, "marketplace inacessível em $1: "],
  [/^no Full ad could be read \((\d+) of (\d+) failed\)/, "nenhum anúncio Full pôde ser lido ($1 de $2 falharam)"],
  [/^token refresh rejected: /, "renovação do token recusada: "],
  [/^the marketplace refused the access token even after a refresh \(/, "o marketplace recusou o token de acesso mesmo depois de renovado ("],
  [/^unexpected failure: /, "falha inesperada: "],
  [/^Reading sales from the fulfillment ledger failed: /, "a leitura das vendas no extrato do Full falhou: "],
  [/^Listing the seller's Full items failed: /, "a listagem dos anúncios Full do vendedor falhou: "],
  [/\bshard (\d+) failed: /g, "a parte $1 da sincronização falhou: "],
  [/\bconnection refused \(/g, "conexão recusada ("],
  [/\bconnection reset \(/g, "conexão interrompida ("],
  [/\bhost name not found \(DNS lookup failed\)/g, "nome do servidor não encontrado (falha na consulta DNS)"],
  [/\bTLS handshake failed \(/g, "falha no handshake TLS ("],
  [/\btimed out \(no answer within (\d+) ms\)/g, "tempo esgotado (sem resposta em $1 ms)"],
  [/\bnetwork error \(/g, "erro de rede ("],
  [/\bunexpected payload at "([^"]*)": /g, 'resposta em formato inesperado no campo "$1": '],
  [/\bunexpected payload: /g, "resposta em formato inesperado: "],
];

export function marketplaceReasonInPortuguese(reason: string): string {
  return PHRASES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), reason);
}
