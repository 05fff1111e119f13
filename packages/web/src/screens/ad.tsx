import { useEffect, useRef, useState } from "preact/hooks";
import type uPlot from "uplot";
import { useConsole } from "../app-context.js";
import { ErrorNote, Loading, PageHeader, useResource, TableFrame } from "../components.js";
import { formatDay, formatDays, formatNumber, type DisplayPrefs } from "../format.js";
import { routeHref, type Route } from "../router.js";
import { stackSeries, type DailyPoint } from "../stock-series.js";
import { Thumbnail } from "../thumbnail.js";

const COLOURS = ["#2f7d4f", "#3b6fb6", "#c0612b"];

/** Draws the chart into `element`; the returned function removes it. */
function drawStockChart(UPlot: typeof uPlot, element: HTMLDivElement, series: DailyPoint[], prefs: DisplayPrefs): () => void {
  const stacked = stackSeries(series);
  const layers = [...stacked.layers].reverse();
  const colours = [...COLOURS].reverse();
  // x is the day's position in the series, labelled with its date in the configured format.
  const dayText = (index: number | null) =>
    index !== null && Number.isInteger(index) && series[index] ? formatDay(series[index].date, prefs) : "";
  const options: uPlot.Options = {
    width: Math.max(320, element.clientWidth),
    height: 320,
    scales: { x: { time: false } },
    axes: [
      { values: (_u, ticks) => ticks.map(dayText), space: 90, incrs: [1, 2, 5, 7, 10, 14, 15, 30, 60] },
      { values: (_u, ticks) => ticks.map((tick) => formatNumber(tick)), size: 60 },
    ],
    series: [
      { label: "Dia", value: (_u, index) => dayText(index) || "—" },
      ...layers.map((layer, i) => ({
        label: layer.label,
        stroke: colours[i],
        fill: `${colours[i]}cc`,
        width: 1,
        points: { show: false },
        // The legend shows the layer's own units, not the stacked height.
        value: (_u: uPlot, _v: number | null, _s: number, index: number | null) =>
          index === null ? "—" : formatNumber(layer.values[index] ?? 0),
      })),
    ],
  };
  const positions = series.map((_point, index) => index);
  const plot = new UPlot(options, [positions, ...layers.map((layer) => layer.top)], element);
  element.dataset.drawn = "true";
  const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, element.clientWidth), height: 320 }));
  resize.observe(element);
  return () => {
    resize.disconnect();
    plot.destroy();
    delete element.dataset.drawn;
  };
}

/** The stacked 60-day chart: each layer is drawn filled from zero, largest first, so they read as a stack. */
function StockChart({ series, prefs }: { series: DailyPoint[]; prefs: DisplayPrefs }) {
  const holder = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // The charting library is loaded with the first chart, keeping it out of the start-up script.
    import("uplot").then(
      ({ default: UPlot }) => {
        if (!cancelled) stop = drawStockChart(UPlot, element, series, prefs);
      },
      (error: Error) => setFailure(`Não foi possível carregar o gráfico: ${error.message}`),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [series, prefs]);
  return (
    <>
      <ErrorNote message={failure} />
      <div class="chart" ref={holder} data-chart="daily-series" />
    </>
  );
}

export function AdScreen({ route }: { route: Route }) {
  const { api, prefs } = useConsole();
  const adId = route.params[0] ?? "";
  const detail = useResource(() => api.data(api.client.GET("/full/inventory/{ad_id}", { params: { path: { ad_id: adId } } })), [adId]);
  const data = detail.data;
  return (
    <>
      <PageHeader title={data?.title ?? `Anúncio ${adId}`}>
        <a class="button" href={routeHref("estoque")}>
          Voltar ao estoque
        </a>
      </PageHeader>
      <ErrorNote message={detail.error} />
      {detail.loading && !data ? <Loading /> : null}
      {data ? (
        <>
          <div class="ad-head">
            <Thumbnail url={data.thumbnail} size={72} />
            <p>
              <span class="muted">Anúncio</span> <strong data-ad-id>{data.ad_id}</strong>
            </p>
          </div>
          <h2>Inventários</h2>
          <TableFrame label="Inventários do anúncio">
            <table class="table" data-table="inventories">
              <thead>
                <tr>
                  <th>Inventário</th>
                  <th>Variação</th>
                  <th class="num">Disponível</th>
                  <th class="num">Em trânsito</th>
                  <th class="num">Não disp.</th>
                  <th class="num">Total</th>
                  <th class="num">Cobertura</th>
                  <th class="num">Idade</th>
                </tr>
              </thead>
              <tbody>
                {data.inventories.map((inventory) => (
                  <tr key={inventory.inventory_id} data-inventory-id={inventory.inventory_id}>
                    <td>{inventory.inventory_id}</td>
                    <td>{inventory.variation_id ?? "—"}</td>
                    <td class="num" data-col="available_qty">{formatNumber(inventory.available_qty)}</td>
                    <td class="num" data-col="in_transit_qty">{formatNumber(inventory.in_transit_qty)}</td>
                    <td class="num" data-col="not_available_qty">{formatNumber(inventory.not_available_qty)}</td>
                    <td class="num" data-col="total_qty">{formatNumber(inventory.total_qty)}</td>
                    <td class="num">{formatDays(inventory.days_of_stock)}</td>
                    <td class="num">{formatDays(inventory.oldest_stock_days)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <h2>Últimos 60 dias</h2>
          {data.daily_series.length === 0 ? (
            <p class="muted">Sem registros diários nos últimos 60 dias.</p>
          ) : (
            <StockChart series={data.daily_series} prefs={prefs} />
          )}
        </>
      ) : null}
    </>
  );
}
