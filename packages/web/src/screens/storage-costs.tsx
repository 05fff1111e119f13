import { useState } from "preact/hooks";
import type uPlot from "uplot";
import type { Schema } from "@fulfillment/client";
import { useConsole, useRowSeller } from "../app-context.js";
import { DataTable, downloadText, Loaded, PageHeader, useResource } from "../components.js";
import { fieldColumns, sellerColumns, toCsv } from "../csv.js";
import { DayChart, type DayPlot } from "../day-chart.js";
import { formatDay, formatMoney, formatNumber, type DisplayPrefs } from "../format.js";

type Costs = Schema<"StorageCostsResponse">;
type DailyTotal = Costs["daily"][number];

/** The month's total by day. */
const dailyTotalPlot = (daily: readonly DailyTotal[], prefs: DisplayPrefs): DayPlot => ({
  days: daily.map((day) => day.day),
  dayIncrements: [1, 2, 5, 7, 10, 14],
  axis: { format: (tick) => formatMoney(tick, prefs.currency), size: 90 },
  lines: [
    {
      series: {
        label: "Total do dia",
        stroke: "#3b6fb6",
        fill: "#3b6fb633",
        width: 2,
        value: (_u: uPlot, value: number | null) => (value === null ? "—" : formatMoney(value, prefs.currency)),
      },
      values: daily.map((day) => day.total),
    },
  ],
});

const CSV_COLUMNS = fieldColumns<Costs["skus"][number]>(["sku", "days", "average_units", "fee", "surcharge", "total"]);

export function StorageCostsScreen() {
  const { api, prefs } = useConsole();
  const rowSeller = useRowSeller();
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
          onClick={() => data && downloadText(`custos-armazenagem-${data.month}.csv`, toCsv(sellerColumns(rowSeller, (row) => row.seller_id, CSV_COLUMNS), data.skus))}
        >
          Exportar CSV
        </button>
      </PageHeader>
      <Loaded resource={costs}>
        {(data) => (
          <>
            <p class="muted" data-missing-days={data.missing_days.length}>
              {data.missing_days.length === 0
                ? "Todos os dias do mês até hoje têm dados."
                : `Dias sem dados (nenhuma sincronização): ${data.missing_days.map((day) => formatDay(day, prefs)).join(", ")}.`}
            </p>
            <section class="panel" aria-label="Total por dia">
              <h2>Total por dia</h2>
              {data.daily.length > 0 ? (
                <DayChart name="daily-cost" label="Custo total por dia" height={280} points={data.daily} prefs={prefs} plot={dailyTotalPlot} />
              ) : (
                <p class="muted">Nenhum dia com dados neste mês.</p>
              )}
            </section>
            <DataTable
              label="Custos por SKU"
              name="storage-costs"
              rows={data.skus}
              head={
                <>
                  {rowSeller ? <th>Conta</th> : null}
                  <th>SKU</th>
                  <th class="num">Dias</th>
                  <th class="num">Unidades (média)</th>
                  <th class="num">Tarifa</th>
                  <th class="num">Adicional envelhecido</th>
                  <th class="num">Total</th>
                </>
              }
              row={(row) => (
                <tr key={`${row.seller_id ?? ""}|${row.sku}`} data-sku={row.sku} data-seller={row.seller_id}>
                  {rowSeller ? <td data-col="seller">{rowSeller(row.seller_id)}</td> : null}
                  <td>{row.sku}</td>
                  <td class="num" data-col="days">{formatNumber(row.days)}</td>
                  <td class="num" data-col="average_units">{formatNumber(row.average_units, 1)}</td>
                  <td class="num" data-col="fee">{money(row.fee)}</td>
                  <td class="num" data-col="surcharge">{money(row.surcharge)}</td>
                  <td class="num" data-col="total">{money(row.total)}</td>
                </tr>
              )}
              foot={
                <tfoot>
                  <tr data-row="totals">
                    <th scope="row" colSpan={rowSeller ? 2 : undefined}>Total</th>
                    <td class="num" data-col="days">{formatNumber(data.totals.days_with_data)}</td>
                    <td />
                    <td class="num" data-col="fee">{money(data.totals.fee)}</td>
                    <td class="num" data-col="surcharge">{money(data.totals.surcharge)}</td>
                    <td class="num" data-col="total">{money(data.totals.total)}</td>
                  </tr>
                </tfoot>
              }
            />
          </>
        )}
      </Loaded>
    </>
  );
}
