/**
 * The texts of the API's errors, by code, in every language (pt-BR by default, en on request). An
 * error carries its code and params (an `Explanation`); the http layer writes it in the request's
 * language. A param may itself be an explanation (a field's problem inside "Item 3: …"), written
 * in the same language. SPEC's literal texts ("Unknown group: <group>") read the same in both.
 * A data table: it grows with the errors, not with logic.
 */
import { Messages } from "@fulfillment/core";

const { plural } = Messages;
type Entry = Messages.Entry;

const quoted = (value: string): string => JSON.stringify(value);
/** The routes' `storageFailure` actions (routes.ts). */
const TARIFF_ACTIONS: Record<string, string> = { "create the tariff": "criar a tarifa", "update the tariff": "atualizar a tarifa", "delete the tariff": "excluir a tarifa" };

/** "Line 4" / "Item 2" / "The CSV" as an import refusal names a place, in Portuguese. */
const rowWhere = (where: string): string => where.replace(/^Line /, "Linha ").replace(/^Item /, "Item ").replace(/^The CSV$/, "O CSV");
const PT_JSON_KINDS: Record<string, string> = { "a list": "uma lista", null: "null", boolean: "um booleano", number: "um número", string: "um texto" };

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

function marketplaceReasonInPortuguese(reason: string): string {
  return PHRASES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), reason);
}

export const ERROR_TEXTS = {
  // Written as it came (a text with no code yet, or a library's message already in the language).
  as_written: { "pt-BR": (p: { text: string }) => p.text, en: (p: { text: string }) => p.text },

  // Any route (http/).
  unexpected_failure: {
    "pt-BR": (p: { request_id: string | null }) => `Falha inesperada ao tratar a requisição${p.request_id ? ` (id da requisição ${p.request_id})` : ""}`,
    en: (p: { request_id: string | null }) => `Unexpected failure while handling the request${p.request_id ? ` (request id ${p.request_id})` : ""}`,
  },
  tariff_storage_failure: {
    "pt-BR": (p: { action: string }) => `Falha de armazenamento: não foi possível ${TARIFF_ACTIONS[p.action] ?? p.action}`,
    en: (p: { action: string }) => `Storage failure: could not ${p.action}`,
  },
  out_of_time: {
    "pt-BR": (p: { seconds: number }, f) => `A requisição falhou: não terminou dentro do limite de ${f.number(p.seconds)} s (o armazenamento ou o marketplace não responderam a tempo).`,
    en: (p: { seconds: number }) => `Request failed, it did not finish within its ${p.seconds} s time limit (storage or the marketplace did not answer in time).`,
  },
  storage_unreachable: {
    "pt-BR": () => "A requisição falhou: o armazenamento está inacessível, o banco de dados não pôde ser alcançado.",
    en: () => "Request failed, storage unreachable: the database could not be reached.",
  },
  storage_no_answer: {
    "pt-BR": (p: { seconds: number }, f) => `A requisição falhou: o armazenamento não respondeu em ${f.number(p.seconds, 3)} s.`,
    en: (p: { seconds: number }) => `Request failed, storage did not answer within ${p.seconds} s.`,
  },
  nothing_changed_retry: { "pt-BR": () => "Nada foi alterado; tente de novo em instantes.", en: () => "Nothing was changed; try again shortly." },
  change_may_be_stored: { "pt-BR": () => "A alteração pode ter sido gravada.", en: () => "The change may have been stored." },
  change_not_stored: { "pt-BR": () => "A alteração não foi gravada.", en: () => "The change was not stored." },
  retry_is_safe: { "pt-BR": () => "Reenviar a mesma requisição é seguro.", en: () => "Sending the same request again is safe." },
  retry_with_key_is_safe: {
    "pt-BR": () => "Repetir com a mesma Idempotency-Key é seguro: a alteração é aplicada no máximo uma vez.",
    en: () => "A retry with the same Idempotency-Key is safe: it applies the change at most once.",
  },
  retry_send_key: {
    "pt-BR": () => "Repetir com a mesma Idempotency-Key é seguro; envie o cabeçalho Idempotency-Key para que uma repetição não a aplique duas vezes.",
    en: () => "A retry with the same Idempotency-Key is safe; send the Idempotency-Key header so a retry cannot apply it twice.",
  },
  sentences: {
    "pt-BR": (p: { first: string; second: string; third: string | null }) => [p.first, p.second, p.third].filter(Boolean).join(" "),
    en: (p: { first: string; second: string; third: string | null }) => [p.first, p.second, p.third].filter(Boolean).join(" "),
  },
  payload_too_large: {
    "pt-BR": (p: { limit_bytes: number }) => `Corpo da requisição maior que ${p.limit_bytes} bytes`,
    en: (p: { limit_bytes: number }) => `Request body larger than ${p.limit_bytes} bytes`,
  },
  response_too_large_uncompressed: {
    "pt-BR": (p: { payload_bytes: number; limit_bytes: number }) =>
      `A resposta é grande demais para enviar sem compressão (${p.payload_bytes} bytes; o limite das respostas é ${p.limit_bytes} bytes); envie o cabeçalho "Accept-Encoding: gzip" (ou br) para recebê-la comprimida`,
    en: (p: { payload_bytes: number; limit_bytes: number }) =>
      `The response is too large to send uncompressed (${p.payload_bytes} bytes; responses are limited to ${p.limit_bytes} bytes); send the header "Accept-Encoding: gzip" (or br) to receive it compressed`,
  },
  response_too_large: {
    "pt-BR": (p: { payload_bytes: number; limit_bytes: number }) =>
      `A resposta é grande demais mesmo comprimida (${p.payload_bytes} bytes; o limite das respostas é ${p.limit_bytes} bytes)`,
    en: (p: { payload_bytes: number; limit_bytes: number }) => `The response is too large to return even compressed (${p.payload_bytes} bytes; responses are limited to ${p.limit_bytes} bytes)`,
  },
  cross_origin: {
    "pt-BR": (p: { origin: string | null }) =>
      `Requisição de outro site recusada: ${p.origin ? `uma página de ${p.origin}` : "uma página de outro site"} não pode alterar dados aqui. ` +
      "Envie a requisição da origem do próprio serviço ou do seu console, ou sem os cabeçalhos Origin e Sec-Fetch-Site do navegador",
    en: (p: { origin: string | null }) =>
      `Cross-site request refused: a ${p.origin ? `page of ${p.origin}` : "page of another site"} may not change data here. ` +
      "Send the request from the service's own origin or its console, or without the browser's Origin and Sec-Fetch-Site headers",
  },
  idempotency_key_invalid: {
    "pt-BR": (p: { max: number }) => `Idempotency-Key deve ter de 1 a ${p.max} caracteres ASCII visíveis (um UUID é uma boa escolha)`,
    en: (p: { max: number }) => `Idempotency-Key must be 1 to ${p.max} visible ASCII characters (a UUID is a good choice)`,
  },
  idempotency_key_reused: {
    "pt-BR": () => "Esta Idempotency-Key já foi usada com outro corpo; use uma chave nova para uma requisição diferente",
    en: () => "This Idempotency-Key was already used with a different body; use a new key for a different request",
  },
  idempotency_in_progress: {
    "pt-BR": () => "Uma requisição com esta Idempotency-Key ainda está em andamento; repita quando ela terminar para receber a resposta",
    en: () => "A request with this Idempotency-Key is still in progress; retry when it has finished to get its answer",
  },
  tariff_key_reused: {
    "pt-BR": () => "Esta Idempotency-Key já criou uma tarifa com outros valores; use uma chave nova para uma tarifa diferente",
    en: () => "This Idempotency-Key already created a tariff with other values; use a new key for a different tariff",
  },

  // The sync's failures (errors.ts, services/sync/failure-texts.ts). A reason the marketplace wrote stays as written.
  sync_failed: {
    "pt-BR": (p: { reason: string }) => `Falha na sincronização: ${p.reason}`,
    en: (p: { reason: string }) => `Sync failed: ${p.reason}`,
  },
  /** A failure the marketplace caused, as the run stores it: the service's words around the marketplace's (the phrase table above). */
  marketplace_reason: {
    "pt-BR": (p: { text: string }) => marketplaceReasonInPortuguese(p.text),
    en: (p: { text: string }) => p.text,
  },
  missing_credential: {
    "pt-BR": (p: { provider: string }) =>
      `Nenhuma credencial do marketplace gravada (nenhum registro de credencial "${p.provider}"): conecte primeiro a conta do vendedor (abra GET /marketplace/connect em um navegador, ou rode npm run connect)`,
    en: (p: { provider: string }) =>
      `No marketplace credential stored (no "${p.provider}" credential record): connect the seller's account first (open GET /marketplace/connect in a browser, or run npm run connect)`,
  },
  client_not_configured: {
    "pt-BR": (p: { names: string }) =>
      `${/ID/.test(p.names) && /SECRET/.test(p.names) ? "O client id e o client secret do marketplace não estão configurados" : /ID/.test(p.names) ? "O client id do marketplace não está configurado" : "O client secret do marketplace não está configurado"} (${p.names}): a sincronização não consegue renovar o token do marketplace`,
    en: (p: { names: string }) =>
      `The marketplace ${/ID/.test(p.names) && /SECRET/.test(p.names) ? "client id and client secret are" : /ID/.test(p.names) ? "client id is" : "client secret is"} not configured (${p.names}): the sync cannot refresh the marketplace token`,
  },
  seller_id_missing: {
    "pt-BR": (p: { provider: string }) =>
      `A credencial "${p.provider}" não tem id do vendedor (user_id): grave-o com o par de tokens, a sincronização precisa dele para buscar as operações de estoque`,
    en: (p: { provider: string }) =>
      `The "${p.provider}" credential has no seller id (user_id): store it with the token pair, the sync needs it to search the stock operations`,
  },
  // Selecting a seller (http/seller.ts); `sellers` lists them as "<id> (<nickname>)".
  seller_required: {
    "pt-BR": (p: { sellers: string }) => `Há várias contas do marketplace conectadas: informe qual no cabeçalho X-Seller-Id ou no parâmetro seller_id. Contas: ${p.sellers}`,
    en: (p: { sellers: string }) => `Several marketplace accounts are connected: name one in the X-Seller-Id header or the seller_id parameter. Accounts: ${p.sellers}`,
  },
  seller_unknown: {
    "pt-BR": (p: { seller: string; sellers: string }) => `Nenhuma conta do marketplace conectada com o id ${JSON.stringify(p.seller)}. Contas: ${p.sellers || "nenhuma"}`,
    en: (p: { seller: string; sellers: string }) => `No connected marketplace account has the id ${JSON.stringify(p.seller)}. Accounts: ${p.sellers || "none"}`,
  },
  seller_not_granted: {
    "pt-BR": (p: { seller: string; sellers: string }) => `Você não tem acesso à conta do marketplace ${JSON.stringify(p.seller)}. Contas liberadas para você: ${p.sellers || "nenhuma"}`,
    en: (p: { seller: string; sellers: string }) => `You have no access to the marketplace account ${JSON.stringify(p.seller)}. Accounts granted to you: ${p.sellers || "none"}`,
  },
  seller_none_granted: {
    "pt-BR": () => "Nenhuma das contas do marketplace conectadas foi liberada para você: peça a um administrador que lhe dê acesso a uma delas",
    en: () => "None of the connected marketplace accounts is granted to you: ask an administrator for access to one",
  },
  seller_all_unsupported: {
    "pt-BR": (p: { sellers: string }) => `Esta rota ainda não aceita seller_id=all: informe uma conta no cabeçalho X-Seller-Id ou no parâmetro seller_id. Contas: ${p.sellers || "nenhuma"}`,
    en: (p: { sellers: string }) => `This route does not take seller_id=all yet: name one account in the X-Seller-Id header or the seller_id parameter. Accounts: ${p.sellers || "none"}`,
  },
  site_without_authorization: {
    "pt-BR": (p: { site: string }) => `MARKETPLACE_SITE ${p.site} não tem página de autorização conhecida; defina MARKETPLACE_AUTH_URL`,
    en: (p: { site: string }) => `MARKETPLACE_SITE ${p.site} has no known authorization page; set MARKETPLACE_AUTH_URL`,
  },
  sync_lease_lost: {
    "pt-BR": (p: { seconds: number }) => `a execução perdeu sua concessão: nenhum sinal de vida foi gravado por ${p.seconds} s e outra execução assumiu`,
    en: (p: { seconds: number }) => `the run lost its lease: no heartbeat was stored for ${p.seconds} s and another run took over`,
  },
  sync_run_failed: { "pt-BR": () => "a execução falhou", en: () => "the run failed" },

  // The local gateway's own refusals (packages/local/src/gateway/server.ts).
  malformed_target: {
    "pt-BR": (p: { target: string }) => `Destino da requisição malformado ${p.target}`,
    en: (p: { target: string }) => `Malformed request target ${p.target}`,
  },
  no_route: {
    "pt-BR": (p: { method: string; path: string }) => `Nenhuma rota para ${p.method} ${p.path}`,
    en: (p: { method: string; path: string }) => `No route for ${p.method} ${p.path}`,
  },
  method_not_allowed: {
    "pt-BR": (p: { method: string; path: string }) => `Método ${p.method} não permitido em ${p.path}`,
    en: (p: { method: string; path: string }) => `Method ${p.method} not allowed on ${p.path}`,
  },
  too_many_requests: {
    "pt-BR": (p: { route: string; rate: number; burst: number; retry_after: string }) =>
      `Requisições demais para ${p.route}: no máximo ${p.rate} por segundo, ${p.burst} de uma vez; tente de novo em ${p.retry_after} s`,
    en: (p: { route: string; rate: number; burst: number; retry_after: string }) =>
      `Too many requests to ${p.route}: at most ${p.rate} a second, ${p.burst} at once; retry after ${p.retry_after} s`,
  },

  // Not found.
  inventory_not_found: {
    "pt-BR": (p: { ad_id: string }) => `Nenhum estoque Full para o anúncio ${p.ad_id}`,
    en: (p: { ad_id: string }) => `No fulfillment inventory for ad ${p.ad_id}`,
  },
  subscription_not_found: {
    "pt-BR": (p: { id: string }) => `Nenhuma assinatura de alertas ${p.id}`,
    en: (p: { id: string }) => `No alert subscription ${p.id}`,
  },
  settings_change_not_found: {
    "pt-BR": (p: { change_id: string; group: string }) => `Nenhuma alteração ${quoted(p.change_id)} no histórico de '${p.group}'`,
    en: (p: { change_id: string; group: string }) => `No change ${quoted(p.change_id)} in the history of '${p.group}'`,
  },

  // Work already under way.
  sync_running: {
    "pt-BR": (p: { run_id: string | null; heartbeat_at: string | null }) =>
      `Uma sincronização de estoque já está em andamento${p.run_id ? ` (execução ${p.run_id}, último sinal ${p.heartbeat_at})` : ""}; tente de novo quando terminar`,
    en: (p: { run_id: string | null; heartbeat_at: string | null }) =>
      `A stock sync is already running${p.run_id ? ` (run ${p.run_id}, last heartbeat ${p.heartbeat_at})` : ""}; try again when it finishes`,
  },
  import_running: {
    "pt-BR": (p: { what: string }) => `Outra importação de ${p.what} está em andamento; tente de novo quando terminar`,
    en: (p: { what: string }) => `Another import of ${p.what} is running; try again when it finishes`,
  },
  import_target_local_stock: {
    "pt-BR": (p: { warehouse: string }) => `estoque local do depósito ${p.warehouse}`,
    en: (p: { warehouse: string }) => `warehouse ${p.warehouse}'s local stock`,
  },
  // An import body that cannot be read as rows (services/imports/parse.ts, rows.ts, files.ts).
  import_empty_body: {
    "pt-BR": () => "O corpo está vazio: envie um array JSON de linhas, ou CSV com uma linha de cabeçalho",
    en: () => "The body is empty: send a JSON array of rows, or CSV with a header row",
  },
  import_not_json: {
    "pt-BR": () => "O corpo não é um JSON válido: envie um array JSON de objetos, ou CSV com o content type text/csv",
    en: () => "The body is not valid JSON: send a JSON array of objects, or CSV with the content type text/csv",
  },
  import_not_array: {
    "pt-BR": () => "O corpo JSON deve ser um array de objetos, um por linha",
    en: () => "The JSON body must be an array of objects, one per row",
  },
  import_item_not_object: {
    "pt-BR": (p: { where: string; got: "a list" | "null" | string }) => `${rowWhere(p.where)}: esperado um objeto, recebido ${PT_JSON_KINDS[p.got] ?? p.got}`,
    en: (p: { where: string; got: "a list" | "null" | string }) => `${p.where}: expected an object, got ${p.got}`,
  },
  import_column_twice: {
    "pt-BR": (p: { column: string }) => `Linha 1: a coluna ${p.column} aparece duas vezes no cabeçalho`,
    en: (p: { column: string }) => `Line 1: the column ${p.column} appears twice in the header`,
  },
  import_field_count: {
    "pt-BR": (p: { where: string; found: number | null; columns: number }) =>
      `${rowWhere(p.where)}: ${p.found ?? "um número diferente de"} campos onde o cabeçalho tem ${p.columns}`,
    en: (p: { where: string; found: number | null; columns: number }) => `${p.where}: ${p.found ?? "a different number of"} fields where the header has ${p.columns}`,
  },
  import_quote_not_closed: {
    "pt-BR": (p: { where: string }) => `${rowWhere(p.where)}: um campo entre aspas não foi fechado`,
    en: (p: { where: string }) => `${p.where}: a quoted field is not closed`,
  },
  import_stray_quote: {
    "pt-BR": (p: { where: string }) => `${rowWhere(p.where)}: aspas dentro de um campo que não está todo entre aspas`,
    en: (p: { where: string }) => `${p.where}: a quote inside a field that is not quoted as a whole`,
  },
  import_csv_unreadable: {
    "pt-BR": (p: { where: string; detail: string }) => `${rowWhere(p.where)}: CSV ilegível (${p.detail})`,
    en: (p: { where: string; detail: string }) => `${p.where}: ${p.detail}`,
  },
  import_header_missing: {
    "pt-BR": (p: { missing: string[]; names: string[] }) =>
      `Linha 1: o cabeçalho deve nomear ${p.missing.length > 1 ? "as colunas" : "a coluna"} ${p.missing.join(" e ")} (ele nomeia ${p.names.join(", ") || "nada"})`,
    en: (p: { missing: string[]; names: string[] }) =>
      `Line 1: the header must name the column${p.missing.length > 1 ? "s" : ""} ${p.missing.join(" and ")} (it names ${p.names.join(", ") || "nothing"})`,
  },
  import_header_both_keys: {
    "pt-BR": () => "Linha 1: o cabeçalho nomeia sku e ad_id; identifique os anúncios por apenas um deles",
    en: () => "Line 1: the header names both sku and ad_id; name the ads by one of them",
  },
  import_header_key_missing: {
    "pt-BR": (p: { value_column: string; names: string[] }) =>
      `Linha 1: o cabeçalho deve nomear as colunas sku (ou ad_id) e ${p.value_column} (ele nomeia ${p.names.join(", ") || "nada"})`,
    en: (p: { value_column: string; names: string[] }) =>
      `Line 1: the header must name the columns sku (or ad_id) and ${p.value_column} (it names ${p.names.join(", ") || "nothing"})`,
  },
  import_file_unknown: {
    "pt-BR": (p: { key: string }) => `${p.key} não corresponde a nenhuma importação: use costs.csv, sales.csv (ou sellers/<user_id>/costs.csv, sellers/<user_id>/sales.csv) ou local-stock/<depósito>.csv`,
    en: (p: { key: string }) => `${p.key} names no import: use costs.csv, sales.csv (or sellers/<user_id>/costs.csv, sellers/<user_id>/sales.csv) or local-stock/<warehouse>.csv`,
  },
  import_file_seller_unknown: {
    "pt-BR": (p: { seller: string; listed: string }) => `A conta ${p.seller} não está conectada (conectadas: ${p.listed}); nada foi importado`,
    en: (p: { seller: string; listed: string }) => `The seller ${p.seller} is not connected (connected: ${p.listed}); nothing was imported`,
  },
  import_file_seller_missing: {
    "pt-BR": (p: { kind: string; listed: string }) => `Várias contas estão conectadas (${p.listed}): envie o arquivo em sellers/<user_id>/${p.kind}.csv; nada foi importado`,
    en: (p: { kind: string; listed: string }) => `Several sellers are connected (${p.listed}): put the file under sellers/<user_id>/${p.kind}.csv; nothing was imported`,
  },
  import_target_costs: { "pt-BR": () => "custos", en: () => "costs" },
  import_target_sales: { "pt-BR": () => "vendas", en: () => "sales" },
  settings_key_shared: {
    "pt-BR": (p: { group: string; key: string }) => `A configuração ${p.group}.${p.key} é da implantação inteira, não de uma conta: nenhuma conta tem valor próprio dela`,
    en: (p: { group: string; key: string }) => `Setting ${p.group}.${p.key} belongs to the whole deployment, not to one account: no account has its own value of it`,
  },
  settings_changed_concurrently: {
    "pt-BR": () => "Não gravado: as configurações mudaram ao mesmo tempo, tente de novo. Outras atualizações deste grupo venceram; nada desta foi gravado",
    en: () => "Not stored: settings changed concurrently, retry. Other updates of this group kept winning; nothing of this one was stored",
  },

  // Validation (contract/).
  subscription_body_shape: { "pt-BR": () => "O corpo deve ser um objeto JSON com channel e target", en: () => "The body must be a JSON object with channel and target" },
  field_problem: { "pt-BR": (p: { path: string; problem: string }) => `${p.path}: ${p.problem}`, en: (p: { path: string; problem: string }) => `${p.path}: ${p.problem}` },
  unknown_fields: {
    "pt-BR": (p: { fields: string; count: number }) => `${plural(p.count, "Campo desconhecido", "Campos desconhecidos")} ${p.fields}`,
    en: (p: { fields: string; count: number }) => `Unknown field ${p.fields}`,
  },
  whole_number_query: {
    "pt-BR": (p: { name: string; min: number; max: number; got: string }) => `${p.name} deve ser um número inteiro de ${p.min} a ${p.max}, recebido ${quoted(p.got)}`,
    en: (p: { name: string; min: number; max: number; got: string }) => `${p.name} must be a whole number from ${p.min} to ${p.max}, got ${quoted(p.got)}`,
  },
  report_format: {
    "pt-BR": (p: { got: string }) => `format deve ser json ou csv, não ${quoted(p.got)}`,
    en: (p: { got: string }) => `format must be json or csv, not ${quoted(p.got)}`,
  },
  one_of: {
    "pt-BR": (p: { name: string; values: string }) => `${p.name} deve ser um de ${p.values}`,
    en: (p: { name: string; values: string }) => `${p.name} must be one of ${p.values}`,
  },
  one_of_got: {
    "pt-BR": (p: { name: string; values: string; got: string }) => `${p.name} deve ser um de ${p.values}, não ${quoted(p.got)}`,
    en: (p: { name: string; values: string; got: string }) => `${p.name} must be one of ${p.values}, not ${quoted(p.got)}`,
  },
  at_most_characters: {
    "pt-BR": (p: { name: string; max: number }) => `${p.name} deve ter no máximo ${p.max} caracteres`,
    en: (p: { name: string; max: number }) => `${p.name} must be at most ${p.max} characters`,
  },
  at_most_items: {
    "pt-BR": (p: { name: string; max: number }) => `${p.name} deve ter no máximo ${p.max} itens`,
    en: (p: { name: string; max: number }) => `${p.name} must have at most ${p.max} items`,
  },
  at_most_value: {
    "pt-BR": (p: { name: string; max: number }) => `${p.name} deve ser no máximo ${p.max}`,
    en: (p: { name: string; max: number }) => `${p.name} must be at most ${p.max}`,
  },
  at_least_value: {
    "pt-BR": (p: { name: string; min: number }) => `${p.name} deve ser no mínimo ${p.min}`,
    en: (p: { name: string; min: number }) => `${p.name} must be at least ${p.min}`,
  },
  key_too_long: {
    "pt-BR": (p: { name: string; max: number }) => `Os nomes de campo de ${p.name} devem ter no máximo ${p.max} caracteres`,
    en: (p: { name: string; max: number }) => `The field names of ${p.name} must be at most ${p.max} characters`,
  },
  path_id_unknown: {
    "pt-BR": (p: { what: string }) => `O id ${p.what === "subscription" ? "da assinatura" : p.what} no caminho não é um que este serviço fornece`,
    en: (p: { what: string }) => `The ${p.what} id in the path is not one this service gives`,
  },
  not_a_notification: {
    "pt-BR": (p: { path: string | null; problem: string }) => `Não é uma notificação do marketplace: ${p.path ? `${p.path}: ` : ""}${p.problem}`,
    en: (p: { path: string | null; problem: string }) => `Not a marketplace notification: ${p.path ? `${p.path}: ` : ""}${p.problem}`,
  },

  unknown_fields_of: {
    "pt-BR": (p: { unknown: string; fields: string }) => `${p.unknown}: os campos são ${p.fields}`,
    en: (p: { unknown: string; fields: string }) => `${p.unknown}: the fields are ${p.fields}`,
  },
  not_json_object_with_any: {
    "pt-BR": (p: { fields: string }) => `O corpo deve ser um objeto JSON com algum de ${p.fields}`,
    en: (p: { fields: string }) => `The body must be a JSON object with any of ${p.fields}`,
  },
  day_invalid: {
    "pt-BR": (p: { name: string; got: string }) => `${p.name} deve ser um dia AAAA-MM-DD, recebido ${quoted(p.got)}`,
    en: (p: { name: string; got: string }) => `${p.name} must be a day YYYY-MM-DD, got ${quoted(p.got)}`,
  },
  month_invalid: {
    "pt-BR": (p: { got: string }) => `month deve ser AAAA-MM, recebido ${quoted(p.got)}`,
    en: (p: { got: string }) => `month must be YYYY-MM, got ${quoted(p.got)}`,
  },
  day_after_today: {
    "pt-BR": (p: { from: string; today: string }) => `from ${p.from} é depois de hoje (${p.today}): não há dias gravados para recalcular`,
    en: (p: { from: string; today: string }) => `from ${p.from} is after today (${p.today}): there are no stored days to re-price`,
  },

  // Prefer: handling=strict on a tariff body (contract/tariffs.ts); the problem is the core's message.
  strict_refusal: { "pt-BR": (p: { problem: string }) => `${p.problem} (Prefer: handling=strict)`, en: (p: { problem: string }) => `${p.problem} (Prefer: handling=strict)` },
  strict_not_json: { "pt-BR": () => "O corpo não é JSON válido", en: () => "The body is not valid JSON" },

  // The marketplace callback (services/account.ts).
  callback_no_state: {
    "pt-BR": () => "O retorno não tem o parâmetro state; comece de novo em /marketplace/connect",
    en: () => "The callback has no state parameter; start again at /marketplace/connect",
  },
  callback_state_expired: {
    "pt-BR": () => "O state da autorização expirou (cada state vale 10 minutos); comece de novo em /marketplace/connect",
    en: () => "The authorization state expired (states last 10 minutes); start again at /marketplace/connect",
  },
  callback_state_unknown: {
    "pt-BR": () => "O state da autorização é desconhecido ou já foi usado; comece de novo em /marketplace/connect",
    en: () => "The authorization state is unknown or was already used; start again at /marketplace/connect",
  },
  callback_code_refused: {
    "pt-BR": (p: { reason: string }) => `O marketplace recusou o código de autorização (${p.reason}); comece de novo em /marketplace/connect`,
    en: (p: { reason: string }) => `The marketplace refused the authorization code (${p.reason}); start again at /marketplace/connect`,
  },
  callback_seller_refused: {
    "pt-BR": (p: { error: string }) => `O vendedor não autorizou o aplicativo (${p.error}); nada foi gravado`,
    en: (p: { error: string }) => `The seller did not authorize the app (${p.error}); nothing was stored`,
  },
  callback_no_code: {
    "pt-BR": () => "O retorno não tem código de autorização; comece de novo em /marketplace/connect",
    en: () => "The callback has no authorization code; start again at /marketplace/connect",
  },

  // SKU planning (contract/planning.ts).
  sku_blank: { "pt-BR": () => "O SKU no caminho não pode ser vazio", en: () => "The SKU in the path must not be blank" },
  sku_path_too_long: {
    "pt-BR": (p: { max: number }) => `O SKU no caminho tem mais de ${p.max} caracteres`,
    en: (p: { max: number }) => `The SKU in the path is longer than ${p.max} characters`,
  },
  case_pack_range: {
    "pt-BR": (p: { max: number }) => `case_pack deve ser um número inteiro de unidades de 1 a ${p.max}, ou null`,
    en: (p: { max: number }) => `case_pack must be a whole number of units from 1 to ${p.max}, or null`,
  },
  lead_time_range: {
    "pt-BR": (p: { max: number }) => `lead_time_days deve ser um número inteiro de dias de 0 a ${p.max}, ou null`,
    en: (p: { max: number }) => `lead_time_days must be a whole number of days from 0 to ${p.max}, or null`,
  },
  snooze_day: { "pt-BR": () => "snooze_until deve ser uma data escrita AAAA-MM-DD, ou null", en: () => "snooze_until must be a date written YYYY-MM-DD, or null" },
  nothing_to_change: {
    "pt-BR": (p: { fields: string }) => `Nada a alterar: informe algum de ${p.fields}`,
    en: (p: { fields: string }) => `Nothing to change: give any of ${p.fields}`,
  },

  // Settings history (contract/settings.ts).
  restore_shape: {
    "pt-BR": () => 'O corpo deve ser um objeto JSON: {"at": "<timestamp>"} ou {"change_id": "<id>"}',
    en: () => 'The body must be a JSON object: {"at": "<timestamp>"} or {"change_id": "<id>"}',
  },
  restore_one_of: {
    "pt-BR": () => 'Informe exatamente um de "at" (um timestamp) ou "change_id", e nenhum outro campo',
    en: () => 'Give exactly one of "at" (a timestamp) or "change_id", and no other field',
  },
  change_id_invalid: { "pt-BR": () => "change_id deve ser um id de alteração do histórico do grupo", en: () => "change_id must be a change id of the group's history" },
  at_not_timestamp: {
    "pt-BR": (p: { got: string }) => `at deve ser um timestamp ISO 8601, recebido ${quoted(p.got)}`,
    en: (p: { got: string }) => `at must be an ISO 8601 timestamp, got ${quoted(p.got)}`,
  },
  cursor_invalid: { "pt-BR": () => "cursor não é um next_cursor deste histórico", en: () => "cursor is not a next_cursor of this history" },

  // Alert subscriptions (services/alerts/).
  target_not_text: { "pt-BR": () => "target deve ser texto: uma URL https ou um endereço de e-mail", en: () => "target must be text: an https URL or an e-mail address" },
  kinds_empty: { "pt-BR": (p: { kinds: string }) => `kinds deve nomear ao menos um de ${p.kinds}`, en: (p: { kinds: string }) => `kinds must name at least one of ${p.kinds}` },
  digest_hour_range: { "pt-BR": () => "digest_hour deve ser uma hora inteira de 0 a 23", en: () => "digest_hour must be a whole hour from 0 to 23" },
  digest_hour_immediate: { "pt-BR": () => "digest_hour vale apenas para delivery digest", en: () => "digest_hour applies only to delivery digest" },
  slack_for_webhooks: { "pt-BR": () => "format slack vale apenas para o canal webhook", en: () => "format slack applies only to the webhook channel" },
  target_too_long: { "pt-BR": (p: { max: number }) => `target deve ter no máximo ${p.max} caracteres`, en: (p: { max: number }) => `target must be at most ${p.max} characters` },
  target_not_email: { "pt-BR": () => "target deve ser um endereço de e-mail no canal email", en: () => "target must be an e-mail address for the email channel" },
  target_not_url: { "pt-BR": () => "target deve ser uma URL https absoluta no canal webhook", en: () => "target must be an absolute https URL for the webhook channel" },
  target_with_credentials: { "pt-BR": () => "target não pode levar usuário nem senha", en: () => "target must not carry a user name or password" },
  target_not_https: { "pt-BR": () => "target deve ser uma URL https", en: () => "target must be an https URL" },
  target_not_https_or_loopback: {
    "pt-BR": () => "target deve ser uma URL https, ou http://127.0.0.1 (ou localhost) nesta máquina",
    en: () => "target must be an https URL, or http://127.0.0.1 (or localhost) on this machine",
  },
} satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERROR_TEXTS;

/** What an error says, as data: a code of this table (or of the core's catalogue) and its params. */
export interface Explanation {
  code: ErrorCode | Messages.MessageCode;
  params: Record<string, Messages.ParamValue | Explanation>;
}

type TextParams<C extends ErrorCode> = Parameters<(typeof ERROR_TEXTS)[C]["pt-BR"]>[0];
/** A text param may also be an explanation, written in the same language. */
type Accepting<P> = { [K in keyof P]: Exclude<P[K], null> extends string ? P[K] | Explanation : P[K] };
export type ExplainArguments<C extends ErrorCode> = TextParams<C> extends undefined ? [] : [params: Accepting<TextParams<C>>];

/** An explanation of `code`: the typecheck holds its params to what its texts read. */
export const explain = <C extends ErrorCode>(code: C, ...params: ExplainArguments<C>): Explanation => ({ code, params: (params[0] ?? {}) as Explanation["params"] });

const isExplanation = (value: unknown): value is Explanation => typeof value === "object" && value !== null && "code" in value;

/** The explanation's sentence in `locale`. */
export function explanationText(explanation: Explanation, locale: Messages.Locale): string {
  const params = Object.fromEntries(Object.entries(explanation.params).map(([key, value]) => [key, isExplanation(value) ? explanationText(value, locale) : value]));
  const entry = (ERROR_TEXTS as Record<string, Entry>)[explanation.code];
  return entry ? entry[locale](params, Messages.FIGURES[locale]) : Messages.render({ code: explanation.code as Messages.MessageCode, params }, locale);
}

// A zod issue's message is text: an explanation travels in it behind this mark (contract/ writes it, errors.ts reads it).
const MARK = "\u0000explained:";

/** An explanation as a schema's custom issue message. */
export const issueText = (explanation: Explanation): string => `${MARK}${JSON.stringify(explanation)}`;

/** The explanation an issue message (or any text) carries; text without one is kept as written. */
export function explanationOf(text: string): Explanation {
  if (text.startsWith(MARK)) return JSON.parse(text.slice(MARK.length)) as Explanation;
  return explain("as_written", { text });
}
