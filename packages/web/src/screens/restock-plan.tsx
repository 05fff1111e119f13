import { Fragment } from "preact";
import { useState } from "preact/hooks";
import { failureText } from "../api.js";
import { useConsole, useRowSeller, useWriteGuard } from "../app-context.js";
import { Badge, DataTable, downloadText, ErrorNote, Loaded, PageHeader, SubmitOrCancel, useResource } from "../components.js";
import { sellerColumns, toCsv } from "../csv.js";
import { formatDay, formatDays, formatNumber } from "../format.js";
import { PLANNING_LABELS, planningBody, planningDraft, type PlanningDraft } from "../planning-form.js";
import { RESTOCK_CSV_COLUMNS, RESTOCK_STATUSES, restockShipmentRows, STATUS_BADGES, statusCounts, type RestockLine } from "../restock-view.js";
import { messageTexts } from "../messages.js";
import { useQueryForm } from "../query-form.js";
import { routeHref, type Route } from "../router.js";

const COLUMNS = 13;

/** A line's key: its SKU, and its account in the consolidated plan (two accounts may sell one SKU). */
const lineKey = (line: Pick<RestockLine, "sku" | "seller_id">): string => `${line.seller_id ?? ""}|${line.sku}`;

/** PUT /full/skus/{sku}/planning from a plan line: case pack, lead time, snooze. */
function PlanningForm({ line, onDone, onCancel }: { line: RestockLine; onDone: () => void; onCancel: () => void }) {
  const { api } = useConsole();
  const guard = useWriteGuard("fulfillment/write");
  const original = planningDraft(line);
  const [draft, setDraft] = useState<PlanningDraft>(original);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const body = planningBody(draft, original);
    if (Object.keys(body).length === 0) return onCancel();
    setBusy(true);
    setError(undefined);
    try {
      // A line of the consolidated plan (Todas as contas) is planned for its own account.
      const header = line.seller_id === undefined ? undefined : { "X-Seller-Id": line.seller_id };
      await api.data(api.client.PUT("/full/skus/{sku}/planning", { params: { path: { sku: line.sku }, header }, body }));
      onDone();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  const set = (name: keyof PlanningDraft) => (event: { currentTarget: HTMLInputElement }) => setDraft({ ...draft, [name]: event.currentTarget.value });
  return (
    <form class="form-grid" onSubmit={submit} data-form="planning" aria-label={`Planejamento de ${line.sku}`}>
      <label>
        {PLANNING_LABELS.case_pack}
        <input name="case_pack" inputMode="numeric" value={draft.case_pack} onInput={set("case_pack")} />
      </label>
      <label>
        {PLANNING_LABELS.lead_time_days}
        <input name="lead_time_days" inputMode="numeric" value={draft.lead_time_days} onInput={set("lead_time_days")} />
      </label>
      <label>
        {PLANNING_LABELS.snooze_until}
        <input name="snooze_until" type="date" value={draft.snooze_until} onInput={set("snooze_until")} />
      </label>
      <p class="muted wide">Campo vazio volta ao padrão: sem caixa, o prazo de estoque.lead_time_padrao, sem adiamento.</p>
      <ErrorNote message={error} />
      <SubmitOrCancel label="Salvar planejamento" disabled={busy || guard.disabled} title={guard.title} onCancel={onCancel} />
    </form>
  );
}

/** GET /full/restock-plan: what to send to Full, from which warehouse, by when. */
export function RestockPlanScreen({ route, navigate }: { route: Route; navigate: (href: string) => void }) {
  const { api, prefs } = useConsole();
  const rowSeller = useRowSeller();
  const form = useQueryForm(route, "plano-reposicao", { target: "alvo", horizon: "horizonte" });
  const { target, horizon } = form.applied;
  const [editing, setEditing] = useState<string>();
  const plan = useResource(() => {
    const query = { ...(target ? { target_days: target } : {}), ...(horizon ? { horizon_days: horizon } : {}) };
    return api.data(api.client.GET("/full/restock-plan", { params: { query } }));
  }, [target, horizon]);
  const apply = (event: Event) => {
    event.preventDefault();
    navigate(form.href());
  };
  const result = plan.data;
  const exportCsv = () => {
    if (!result) return;
    const columns = sellerColumns(rowSeller, (row) => row.line.seller_id, RESTOCK_CSV_COLUMNS);
    downloadText(`plano-de-reposicao-${result.today}.csv`, toCsv(columns, restockShipmentRows(result.items)));
  };
  return (
    <>
      <PageHeader title="Plano de reposição">
        <button type="button" onClick={exportCsv} disabled={!result} data-action="export-restock-plan">
          Exportar lista de envio (CSV)
        </button>
      </PageHeader>
      <form class="toolbar" onSubmit={apply}>
        <label>
          Dias de cobertura alvo
          <input name="target_days" inputMode="numeric" placeholder="30" {...form.input("target")} />
        </label>
        <label>
          Horizonte (dias)
          <input name="horizon_days" inputMode="numeric" placeholder="14" {...form.input("horizon")} />
        </label>
        <button type="submit">Calcular</button>
        {result ? (
          <span class="muted" data-applied={`${result.target_days}/${result.horizon_days}`}>
            Hoje {formatDay(result.today, prefs)} · alvo {result.target_days} dias · vence em até {result.horizon_days} dias · {formatNumber(result.items.length)} SKUs
          </span>
        ) : null}
      </form>
      <Loaded resource={plan}>
        {(result) => {
          const counts = statusCounts(result.items);
          return (
            <>
              <div class="cards">
                {RESTOCK_STATUSES.map((status) => (
                  <div class="card" key={status}>
                    <span class="card-label">
                      <Badge tone={STATUS_BADGES[status].tone}>{STATUS_BADGES[status].label}</Badge>
                    </span>
                    <strong class="card-value" data-status-count={status}>
                      {formatNumber(counts[status])}
                    </strong>
                  </div>
                ))}
              </div>
              <DataTable
                label="Plano de reposição"
                name="restock-plan"
                class="compact"
                rows={result.items}
                head={
                  <>
                    {rowSeller ? <th>Conta</th> : null}
                    <th class="name-col">SKU / anúncio</th>
                    <th>Situação</th>
                    <th>Enviar até</th>
                    <th class="num">Enviar</th>
                    <th>Origem</th>
                    <th>Ruptura em</th>
                    <th class="num">Cobertura</th>
                    <th class="num">Venda/dia</th>
                    <th class="num">Full disp. + trânsito</th>
                    <th class="num" title="Prazo até o estoque chegar ao Full">Prazo (dias)</th>
                    <th class="num" title="Unidades de segurança">Segurança</th>
                    <th class="num">Caixa</th>
                    <th class="num">Local disp.</th>
                  </>
                }
                row={(item) => (
                  <Fragment key={lineKey(item)}>
                    <tr data-sku={item.sku} data-seller={item.seller_id}>
                      {rowSeller ? <td data-col="seller">{rowSeller(item.seller_id)}</td> : null}
                      <td>
                        <a href={routeHref("anuncio", [item.ad_id], { seller_id: item.seller_id })}>{item.title ?? item.ad_id}</a>
                        <small class="muted block">{item.sku}</small>
                        <button type="button" class="link small" data-action="plan" onClick={() => setEditing(editing === lineKey(item) ? undefined : lineKey(item))}>
                          Ajustar planejamento
                        </button>
                        <details class="reasons">
                          <summary class="muted">Por quê</summary>
                          <ul data-col="reasons">
                            {messageTexts(item.reason_details).map((reason) => (
                              <li key={reason}>{reason}</li>
                            ))}
                          </ul>
                        </details>
                      </td>
                      <td>
                        <span data-col="status">
                          <Badge tone={STATUS_BADGES[item.status].tone}>{STATUS_BADGES[item.status].label}</Badge>
                        </span>
                        {item.snooze_until ? <small class="muted block">até {formatDay(item.snooze_until, prefs)}</small> : null}
                      </td>
                      <td data-col="ship_by">{formatDay(item.ship_by, prefs)}</td>
                      <td class="num" data-col="quantity">
                        <strong>{formatNumber(item.quantity)}</strong>
                      </td>
                      <td>
                        <ul class="plain nowrap" data-col="sources">
                          {item.sources.map((source) => (
                            <li key={source.warehouse ?? ""}>
                              {source.warehouse ?? "(sem depósito)"}: <strong>{formatNumber(source.units)}</strong>
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td data-col="stockout_date">{formatDay(item.stockout_date, prefs)}</td>
                      <td class="num" data-col="coverage_days">{formatDays(item.coverage_days)}</td>
                      <td class="num">
                        <span data-col="velocity">{formatNumber(item.velocity, 2)}</span>
                        {item.stockout_days > 0 ? (
                          <small class="muted block" data-col="stockout_days" title={`Sem estoque em ${item.stockout_days} dos últimos 30 dias; sem ajuste: ${formatNumber(item.velocity_raw, 2)}`}>
                            {formatNumber(item.stockout_days)} d sem estoque
                          </small>
                        ) : null}
                      </td>
                      <td class="num">
                        <span data-col="full_available">{formatNumber(item.full_available)}</span> + <span data-col="full_in_transit">{formatNumber(item.full_in_transit)}</span>
                      </td>
                      <td class="num" data-col="lead_time_days">{formatNumber(item.lead_time_days)}</td>
                      <td class="num" data-col="safety_units">{formatNumber(item.safety_units)}</td>
                      <td class="num" data-col="case_pack">{formatNumber(item.case_pack)}</td>
                      <td class="num" data-col="local_available">{formatNumber(item.local_available)}</td>
                    </tr>
                    {editing === lineKey(item) ? (
                      <tr class="planning-row">
                        <td colSpan={COLUMNS + (rowSeller ? 1 : 0)}>
                          <PlanningForm
                            line={item}
                            onCancel={() => setEditing(undefined)}
                            onDone={() => {
                              setEditing(undefined);
                              plan.reload();
                            }}
                          />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                )}
              />
              {result.items.length === 0 ? <p class="panel muted">Nenhum SKU com anúncio Full e vendas para planejar.</p> : null}
            </>
          );
        }}
      </Loaded>
    </>
  );
}
