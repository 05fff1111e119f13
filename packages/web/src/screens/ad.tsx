import type uPlot from "uplot";
import { newestUpdate } from "@fulfillment/core/overview";
import { ifNoneMatch } from "../api.js";
import { useConsole } from "../app-context.js";
import { DataTable, Loaded, PageHeader } from "../components.js";
import { Freshness, LiveLine } from "../freshness.js";
import { useLiveResource } from "../live.js";
import { DayChart, type DayPlot } from "../day-chart.js";
import { formatDays, formatNumber } from "../format.js";
import { routeHref, type Route } from "../router.js";
import { stackSeries, type DailyPoint } from "../stock-series.js";
import { Thumbnail } from "../thumbnail.js";

const COLOURS = ["#2f7d4f", "#3b6fb6", "#c0612b"];

/** The stacked 60-day chart: each layer is drawn filled from zero, largest first, so they read as a stack. */
function stockPlot(series: readonly DailyPoint[]): DayPlot {
  const layers = [...stackSeries(series).layers].reverse();
  const colours = [...COLOURS].reverse();
  return {
    days: series.map((point) => point.date),
    dayIncrements: [1, 2, 5, 7, 10, 14, 15, 30, 60],
    axis: { format: (tick) => formatNumber(tick), size: 60 },
    lines: layers.map((layer, i) => ({
      series: {
        label: layer.label,
        stroke: colours[i],
        fill: `${colours[i]}cc`,
        width: 1,
        points: { show: false },
        // The legend shows the layer's own units, not the stacked height.
        value: (_u: uPlot, _v: number | null, _s: number, index: number | null) =>
          index === null ? "—" : formatNumber(layer.values[index] ?? 0),
      },
      values: layer.top,
    })),
  };
}

export function AdScreen({ route }: { route: Route }) {
  const { api, prefs } = useConsole();
  const adId = route.params[0] ?? "";
  const detail = useLiveResource(
    (etag) => api.revalidated(api.client.GET("/full/inventory/{ad_id}", { params: { path: { ad_id: adId }, header: ifNoneMatch(etag) } })),
    [adId],
  );
  const data = detail.data;
  return (
    <>
      <PageHeader title={data?.title ?? `Anúncio ${adId}`}>
        <a class="button" href={routeHref("estoque")}>
          Voltar ao estoque
        </a>
      </PageHeader>
      <LiveLine resource={detail}>
        <Freshness at={data ? newestUpdate(data.inventories, prefs.timeZone) : null} name="ad" />
      </LiveLine>
      <Loaded resource={detail}>
        {(data) => (
          <>
            <div class="ad-head">
              <Thumbnail url={data.thumbnail} size={72} />
              <p>
                <span class="muted">Anúncio</span> <strong data-ad-id>{data.ad_id}</strong>
              </p>
            </div>
            <h2>Inventários</h2>
            <DataTable
              label="Inventários do anúncio"
              name="inventories"
              rows={data.inventories}
              head={
                <>
                  <th>Inventário</th>
                  <th>Variação</th>
                  <th class="num">Disponível</th>
                  <th class="num">Em trânsito</th>
                  <th class="num">Não disp.</th>
                  <th class="num">Total</th>
                  <th class="num">Cobertura</th>
                  <th class="num">Idade</th>
                  <th>Atualizado</th>
                </>
              }
              row={(inventory) => (
                <tr key={inventory.inventory_id} data-inventory-id={inventory.inventory_id}>
                  <td>{inventory.inventory_id}</td>
                  <td>{inventory.variation_id ?? "—"}</td>
                  <td class="num" data-col="available_qty">{formatNumber(inventory.available_qty)}</td>
                  <td class="num" data-col="in_transit_qty">{formatNumber(inventory.in_transit_qty)}</td>
                  <td class="num" data-col="not_available_qty">{formatNumber(inventory.not_available_qty)}</td>
                  <td class="num" data-col="total_qty">{formatNumber(inventory.total_qty)}</td>
                  <td class="num">{formatDays(inventory.days_of_stock)}</td>
                  <td class="num">{formatDays(inventory.oldest_stock_days)}</td>
                  <td class="when" data-col="updated_at">
                    <Freshness at={inventory.updated_at} name="row" />
                  </td>
                </tr>
              )}
            />
            <h2>Últimos 60 dias</h2>
            {data.daily_series.length === 0 ? (
              <p class="muted">Sem registros diários nos últimos 60 dias.</p>
            ) : (
              <DayChart name="daily-series" height={320} points={data.daily_series} prefs={prefs} plot={stockPlot} />
            )}
          </>
        )}
      </Loaded>
    </>
  );
}
