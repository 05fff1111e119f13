import { useConsole } from "../app-context.js";
import { Badge, DataTable, downloadText, Loaded, PageHeader, useResource } from "../components.js";
import { toCsv, type CsvColumn } from "../csv.js";
import { formatDays, formatNumber } from "../format.js";
import { useQueryForm } from "../query-form.js";
import { routeHref, type Route } from "../router.js";
import { shipmentLines, idleWarehouses, splitByWarehouse, type ShipmentLine } from "../shipments.js";

const SHIPMENT_COLUMNS: CsvColumn<ShipmentLine>[] = [
  { header: "warehouse", value: (line) => line.warehouse },
  { header: "sku", value: (line) => line.sku },
  { header: "ad_id", value: (line) => line.ad_id },
  { header: "title", value: (line) => line.title },
  { header: "quantity", value: (line) => line.quantity },
];

export function ReplenishmentScreen({ route, navigate }: { route: Route; navigate: (href: string) => void }) {
  const { api } = useConsole();
  const form = useQueryForm(route, "reposicao", { target: "alvo", trigger: "gatilho" }, { target: "30", trigger: "14" });
  const { target, trigger } = form.applied;
  const data = useResource(
    () => api.data(api.client.GET("/full/replenishment", { params: { query: { target_days: target, trigger_days: trigger } } })),
    [target, trigger],
  );
  const apply = (event: Event) => {
    event.preventDefault();
    navigate(form.href());
  };
  const exportCsv = () => {
    if (!data.data) return;
    downloadText(`envios-por-deposito-${data.data.target_days}d.csv`, toCsv(SHIPMENT_COLUMNS, shipmentLines(data.data.items)));
  };
  const result = data.data;
  return (
    <>
      <PageHeader title="Reposição do Full">
        <button type="button" onClick={exportCsv} disabled={!result} data-action="export-shipments">
          Exportar envios por depósito (CSV)
        </button>
      </PageHeader>
      <form class="toolbar" onSubmit={apply}>
        <label>
          Dias de cobertura alvo
          <input name="target_days" inputMode="numeric" {...form.input("target")} />
        </label>
        <label>
          Gatilho (dias)
          <input name="trigger_days" inputMode="numeric" {...form.input("trigger")} />
        </label>
        <button type="submit">Calcular</button>
        {result ? (
          <span class="muted" data-applied={`${result.target_days}/${result.trigger_days}`}>
            Alvo {result.target_days} dias, gatilho {result.trigger_days} dias · {formatNumber(result.count)} sugestões · somente sugestão
          </span>
        ) : null}
      </form>
      <Loaded resource={data}>
        {(result) => (
          <DataTable
            label="Sugestões de reposição"
            name="replenishment"
            rows={result.items}
            head={
              <>
                <th>SKU / anúncio</th>
                <th class="num">Full disp.</th>
                <th class="num">Local disp.</th>
                <th class="num">Vendas 30d</th>
                <th class="num">Venda/dia</th>
                <th class="num">Cobertura</th>
                <th class="num">Alvo Full</th>
                <th class="num">Necessário</th>
                <th class="num">Sugerido</th>
                <th>Situação</th>
                <th>Envio por depósito</th>
              </>
            }
            row={(item) => (
              <tr key={item.sku} data-sku={item.sku}>
                <td>
                  <a href={routeHref("anuncio", [item.ad_id])}>{item.title ?? item.ad_id}</a>
                  <small class="muted block">{item.sku}</small>
                </td>
                <td class="num" data-col="full_available">{formatNumber(item.full_available)}</td>
                <td class="num" data-col="local_available">{formatNumber(item.local_available)}</td>
                <td class="num" data-col="sales_30d">{formatNumber(item.sales_30d)}</td>
                <td class="num" data-col="daily_sales_estimate">{formatNumber(item.daily_sales_estimate, 2)}</td>
                <td class="num" data-col="coverage_days">{formatDays(item.coverage_days)}</td>
                <td class="num" data-col="target_full_quantity">{formatNumber(item.target_full_quantity)}</td>
                <td class="num" data-col="quantity_needed">{formatNumber(item.quantity_needed)}</td>
                <td class="num" data-col="quantity_suggested">
                  <strong>{formatNumber(item.quantity_suggested)}</strong>
                </td>
                <td data-col="status">
                  {item.status === "ready" ? <Badge tone="ok">Pronto para enviar</Badge> : <Badge tone="warning">Sem estoque local</Badge>}
                </td>
                <td>
                  <ul class="plain">
                    {splitByWarehouse(item).map((part) => (
                      <li key={part.warehouse}>
                        {part.warehouse}: <strong>{formatNumber(part.available)}</strong>
                      </li>
                    ))}
                    {idleWarehouses(item).map((stock) => (
                      <li key={stock.warehouse} class="muted" data-idle-warehouse={stock.warehouse}>
                        {stock.warehouse}: não envia ({formatNumber(stock.available)} disp.)
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            )}
          />
        )}
      </Loaded>
    </>
  );
}
