import { useEffect, useRef, useState } from "preact/hooks";
import type uPlot from "uplot";
import type { Schema } from "@fulfillment/client";
import { useConsole } from "../app-context.js";
import { downloadText, ErrorNote, Loading, PageHeader, TableFrame, useResource } from "../components.js";
import { fieldColumns, toCsv } from "../csv.js";
import { formatDay, formatMoney, formatNumber, type DisplayPrefs } from "../format.js";

type Costs = Schema<"StorageCostsResponse">;
type Daily = Costs["daily"];

/** Draws the daily total into `element`; the returned function removes it. */
function drawDailyTotal(UPlot: typeof uPlot, element: HTMLDivElement, daily: Daily, prefs: DisplayPrefs): () => void {
  const dayText = (index: number | null) => (index !== null && Number.isInteger(index) && daily[index] ? formatDay(daily[index].day, prefs) : "");
  const options: uPlot.Options = {
    width: Math.max(320, element.clientWidth),
    height: 280,
    scales: { x: { time: false } },
    axes: [
      { values: (_u, ticks) => ticks.map(dayText), space: 90, incrs: [1, 2, 5, 7, 10, 14] },
      { values: (_u, ticks) => ticks.map((tick) => formatMoney(tick, prefs.currency)), size: 90 },
    ],
    series: [
      { label: "Dia", value: (_u, index) => dayText(index) || "—" },
      {
        label: "Total do dia",
        stroke: "#3b6fb6",
        fill: "#3b6fb633",
        width: 2,
        value: (_u: uPlot, value: number | null) => (value === null ? "—" : formatMoney(value, prefs.currency)),
      },
    ],
  };
  const plot = new UPlot(options, [daily.map((_d, index) => index), daily.map((d) => d.total)], element);
  element.dataset.drawn = "true";
  element.dataset.points = String(daily.length);
  const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, element.clientWidth), height: 280 }));
  resize.observe(element);
  return () => {
    resize.disconnect();
    plot.destroy();
    delete element.dataset.drawn;
  };
}

function DailyTotalChart({ daily, prefs }: { daily: Daily; prefs: DisplayPrefs }) {
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
        if (!cancelled) stop = drawDailyTotal(UPlot, element, daily, prefs);
      },
      (error: Error) => setFailure(`Não foi possível carregar o gráfico: ${error.message}`),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [daily, prefs]);
  return (
    <>
      <ErrorNote message={failure} />
      <div class="chart" ref={holder} data-chart="daily-cost" role="img" aria-label="Custo total por dia" />
    </>
  );
}

const CSV_COLUMNS = fieldColumns<Costs["skus"][number]>(["sku", "days", "average_units", "fee", "surcharge", "total"]);

export function StorageCostsScreen() {
  const { api, prefs } = useConsole();
  const [month, setMonth] = useState("");
  const costs = useResource(
    () => api.data(api.client.GET("/full/storage-costs", { params: { query: month === "" ? {} : { month } } })),
    [month],
  );
  const data = costs.data;
  const money = (value: number) => formatMoney(value, prefs.currency);
  return (
    <>
      <PageHeader title="Custos de armazenagem">
        <label>
          Mês
          <input type="month" name="month" value={month || data?.month || ""} onInput={(e) => setMonth(e.currentTarget.value)} />
        </label>
        <button
          type="button"
          data-action="export-csv"
          disabled={!data}
          onClick={() => data && downloadText(`custos-armazenagem-${data.month}.csv`, toCsv(CSV_COLUMNS, data.skus))}
        >
          Exportar CSV
        </button>
      </PageHeader>
      <ErrorNote message={costs.error} />
      {costs.loading && !data ? <Loading /> : null}
      {data ? (
        <>
          <p class="muted" data-missing-days={data.missing_days.length}>
            {data.missing_days.length === 0
              ? "Todos os dias do mês até hoje têm dados."
              : `Dias sem dados (nenhuma sincronização): ${data.missing_days.map((day) => formatDay(day, prefs)).join(", ")}.`}
          </p>
          <section class="panel" aria-label="Total por dia">
            <h2>Total por dia</h2>
            {data.daily.length > 0 ? <DailyTotalChart daily={data.daily} prefs={prefs} /> : <p class="muted">Nenhum dia com dados neste mês.</p>}
          </section>
          <TableFrame label="Custos por SKU">
            <table class="table" data-table="storage-costs">
              <thead>
                <tr>
                  <th>SKU</th>
                  <th class="num">Dias</th>
                  <th class="num">Unidades (média)</th>
                  <th class="num">Tarifa</th>
                  <th class="num">Adicional envelhecido</th>
                  <th class="num">Total</th>
                </tr>
              </thead>
              <tbody>
                {data.skus.map((row) => (
                  <tr key={row.sku} data-sku={row.sku}>
                    <td>{row.sku}</td>
                    <td class="num" data-col="days">{formatNumber(row.days)}</td>
                    <td class="num" data-col="average_units">{formatNumber(row.average_units, 1)}</td>
                    <td class="num" data-col="fee">{money(row.fee)}</td>
                    <td class="num" data-col="surcharge">{money(row.surcharge)}</td>
                    <td class="num" data-col="total">{money(row.total)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-row="totals">
                  <th scope="row">Total</th>
                  <td class="num" data-col="days">{formatNumber(data.totals.days_with_data)}</td>
                  <td />
                  <td class="num" data-col="fee">{money(data.totals.fee)}</td>
                  <td class="num" data-col="surcharge">{money(data.totals.surcharge)}</td>
                  <td class="num" data-col="total">{money(data.totals.total)}</td>
                </tr>
              </tfoot>
            </table>
          </TableFrame>
        </>
      ) : null}
    </>
  );
}
