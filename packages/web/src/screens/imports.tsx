import { useState } from "preact/hooks";
import { failureText } from "../api.js";
import { useConsole, useWriteGuard } from "../app-context.js";
import { DataTable, ErrorNote, Loaded, PageHeader, Select, useResource } from "../components.js";
import { formatDateTime, formatNumber } from "../format.js";
import {
  decodeFile,
  IMPORT_KIND_KEYS,
  IMPORT_KINDS,
  importProblem,
  importSummary,
  isImportKind,
  sendImport,
  SOURCE_LABELS,
  unmatchedSummary,
  warehousesOf,
  type ImportKind,
  type ImportRecord,
} from "../imports-form.js";
import { routeHref, type Route } from "../router.js";

/** A large warehouse is listed in part: the page stays quick, the count says how many there are. */
const SHOWN_STOCK_ROWS = 500;

/** A warehouse's name, typed or picked from those already imported. */
function WarehouseInput({ name, list, value, warehouses, onInput }: { name: string; list: string; value: string; warehouses: string[]; onInput: (value: string) => void }) {
  return (
    <>
      <input name={name} list={list} value={value} onInput={(e) => onInput(e.currentTarget.value)} />
      <datalist id={list}>
        {warehouses.map((warehouse) => (
          <option key={warehouse} value={warehouse} />
        ))}
      </datalist>
    </>
  );
}

const KIND_OPTIONS = IMPORT_KIND_KEYS.map((key) => ({ value: key, label: IMPORT_KINDS[key].label }));

type Outcome = { record: ImportRecord } | { error: string };

function ImportForm({ kind, initialWarehouse, warehouses, onKind, onImported }: {
  kind: ImportKind;
  /** The warehouse whose stock is on screen: the likely one to import into. */
  initialWarehouse: string;
  warehouses: string[];
  onKind: (kind: ImportKind) => void;
  onImported: (record: ImportRecord) => void;
}) {
  const { api } = useConsole();
  const guard = useWriteGuard("fulfillment/write");
  const [warehouse, setWarehouse] = useState(initialWarehouse);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [pasted, setPasted] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const chooseFile = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0];
    setFile(chosen ? { name: chosen.name, content: decodeFile(new Uint8Array(await chosen.arrayBuffer())) } : null);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setOutcome(undefined);
    const content = file?.content ?? pasted;
    const problem = importProblem(kind, warehouse.trim(), content);
    if (problem) return setOutcome({ error: problem });
    setBusy(true);
    try {
      const record = await api.data(sendImport(api.client, kind, warehouse.trim(), content));
      setOutcome({ record });
      onImported(record);
    } catch (failure) {
      setOutcome({ error: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };

  const info = IMPORT_KINDS[kind];
  return (
    <form class="panel form-grid" onSubmit={submit} data-form="import" aria-label="Nova importação">
      <h2>Nova importação</h2>
      <label>
        O que importar
        <Select name="kind" value={kind} options={KIND_OPTIONS} onChange={onKind} />
      </label>
      {kind === "local_stock" ? (
        <label>
          Depósito
          <WarehouseInput name="warehouse" list="import-warehouses" value={warehouse} warehouses={warehouses} onInput={setWarehouse} />
        </label>
      ) : null}
      <label>
        Arquivo CSV
        <input type="file" name="file" accept=".csv,.txt,.json,text/csv,text/plain,application/json" onChange={(e) => void chooseFile(e.currentTarget)} />
      </label>
      <p class="muted wide">
        {info.hint} Cabeçalho: <code>{info.columns}</code> (separado por <code>;</code> ou <code>,</code>, decimais com vírgula aceitos). A importação é tudo ou nada: uma
        linha inválida não grava nada.
      </p>
      <label class="wide">
        {file ? `Conteúdo do arquivo ${file.name} (${formatNumber(file.content.length)} caracteres) será enviado` : "Ou cole o conteúdo"}
        <textarea name="content" rows={6} disabled={file !== null} placeholder={`${info.columns}\n...`} value={file ? "" : pasted} onInput={(e) => setPasted(e.currentTarget.value)} />
      </label>
      {outcome && "error" in outcome ? <ErrorNote message={outcome.error} /> : null}
      {outcome && "record" in outcome ? (
        <p class="notice wide" role="status" data-import-result={outcome.record.id}>
          {IMPORT_KINDS[outcome.record.kind].label}
          {outcome.record.warehouse ? ` de ${outcome.record.warehouse}` : ""} importado: <span data-import-summary>{importSummary(outcome.record)}</span>
          {unmatchedSummary(outcome.record) ? <span class="block">{unmatchedSummary(outcome.record)}</span> : null}
        </p>
      ) : null}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy || guard.disabled} title={guard.title} data-action="import">
          {busy ? "Importando…" : "Importar"}
        </button>
      </div>
    </form>
  );
}

function LocalStock({ warehouse, warehouses, onWarehouse, version }: { warehouse: string; warehouses: string[]; onWarehouse: (name: string) => void; version: number }) {
  const { api } = useConsole();
  const [draft, setDraft] = useState(warehouse);
  const stock = useResource(
    () => api.data(api.client.GET("/full/local-stock", { params: { query: warehouse ? { warehouse } : {} } })),
    [warehouse, version],
  );
  return (
    <section class="panel">
      <h2>Estoque local</h2>
      <form
        class="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          onWarehouse(draft.trim());
        }}
      >
        <label class="grow">
          Depósito (vazio para todos)
          <WarehouseInput name="deposito" list="stock-warehouses" value={draft} warehouses={warehouses} onInput={setDraft} />
        </label>
        <button type="submit">Ver estoque</button>
      </form>
      <Loaded resource={stock}>
        {(data) => (
          <>
            <p class="muted" data-stock-count={data.count} data-stock-warehouse={data.warehouse ?? ""}>
              {data.warehouse ? `Depósito ${data.warehouse}` : "Todos os depósitos"}: {formatNumber(data.count)} {data.count === 1 ? "SKU" : "SKUs"}
              {data.count > SHOWN_STOCK_ROWS ? ` (mostrando os primeiros ${formatNumber(SHOWN_STOCK_ROWS)})` : ""}
            </p>
            {data.count > 0 ? (
              <DataTable
                label="Estoque local"
                name="local-stock"
                class="compact"
                rows={data.items.slice(0, SHOWN_STOCK_ROWS)}
                head={
                  <>
                    <th>Depósito</th>
                    <th>SKU</th>
                    <th class="num">Disponível</th>
                  </>
                }
                row={(row) => (
                  <tr key={`${row.warehouse ?? ""}\u0000${row.sku}`} data-sku={row.sku}>
                    <td data-col="warehouse">{row.warehouse ?? "(sem depósito)"}</td>
                    <td data-col="sku">{row.sku}</td>
                    <td class="num" data-col="available">
                      {formatNumber(row.available)}
                    </td>
                  </tr>
                )}
              />
            ) : null}
          </>
        )}
      </Loaded>
    </section>
  );
}

/** Costs, 30-day sales and local stock brought in from a spreadsheet or ERP export, and what came in before. */
export function ImportsScreen({ route, navigate }: { route: Route; navigate: (href: string) => void }) {
  const { api, prefs } = useConsole();
  const requested = route.query.get("tipo");
  const kind: ImportKind = isImportKind(requested) ? requested : "local_stock";
  const warehouse = route.query.get("deposito") ?? "";
  const [version, setVersion] = useState(0);
  const history = useResource(() => api.data(api.client.GET("/full/imports")), [version]);
  const warehouses = warehousesOf(history.data?.imports ?? []);
  const go = (query: { tipo?: string; deposito?: string }) => navigate(routeHref("importacoes", [], { tipo: kind, deposito: warehouse, ...query }));

  const imported = (record: ImportRecord) => {
    setVersion((v) => v + 1);
    if (record.kind === "local_stock" && record.warehouse !== null) go({ deposito: record.warehouse });
  };

  return (
    <>
      <PageHeader title="Importações" />
      <ImportForm kind={kind} initialWarehouse={warehouse} warehouses={warehouses} onKind={(next) => go({ tipo: next })} onImported={imported} />
      <LocalStock key={warehouse} warehouse={warehouse} warehouses={warehouses} onWarehouse={(name) => go({ deposito: name })} version={version} />
      <section class="panel">
        <h2>Histórico de importações</h2>
        <Loaded resource={history}>
          {(data) => (
            <DataTable
              label="Histórico de importações"
              name="imports"
              class="compact"
              empty="Nenhuma importação ainda."
              rows={data.imports}
              head={
                <>
                  <th>Quando</th>
                  <th>Tipo</th>
                  <th>Depósito</th>
                  <th>Origem</th>
                  <th>Por</th>
                  <th class="num">Linhas</th>
                  <th class="num">Adicionadas</th>
                  <th class="num">Alteradas</th>
                  <th class="num">Removidas</th>
                  <th class="num">Sem anúncio</th>
                  <th>Erro</th>
                </>
              }
              row={(record) => (
                <tr key={record.id} data-import-id={record.id}>
                  <td data-col="at">{formatDateTime(record.at, prefs)}</td>
                  <td data-col="kind">{IMPORT_KINDS[record.kind]?.label ?? record.kind}</td>
                  <td data-col="warehouse">{record.warehouse ?? "—"}</td>
                  <td data-col="source" title={record.file ?? undefined}>
                    {SOURCE_LABELS[record.source] ?? record.source}
                    {record.file ? <small class="muted block">{record.file}</small> : null}
                  </td>
                  <td data-col="actor">{record.actor ?? "—"}</td>
                  <td class="num" data-col="rows">{formatNumber(record.rows)}</td>
                  <td class="num" data-col="added">{formatNumber(record.added)}</td>
                  <td class="num" data-col="changed">{formatNumber(record.changed)}</td>
                  <td class="num" data-col="removed">{formatNumber(record.removed)}</td>
                  <td class="num" data-col="unmatched" title={record.unmatched_keys.join(", ") || undefined}>
                    {formatNumber(record.unmatched)}
                  </td>
                  <td class="error" data-col="error">
                    {record.error ?? ""}
                  </td>
                </tr>
              )}
            />
          )}
        </Loaded>
      </section>
    </>
  );
}
