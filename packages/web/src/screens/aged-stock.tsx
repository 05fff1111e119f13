import type { ComponentChildren } from "preact";
import { useConsole, useRowSeller } from "../app-context.js";
import {
  ACTION_BADGES,
  AGE_BUCKETS,
  AGED_CSV_COLUMNS,
  agedInventoryRows,
  bucketShares,
  CROSSING_WINDOWS,
  skuReason,
  type AgedAction,
  type Crossing,
} from "../aged-view.js";
import { Badge, DataTable, downloadText, Loaded, PageHeader, useResource } from "../components.js";
import { sellerColumns, toCsv } from "../csv.js";
import { formatDay, formatMoney, formatNumber } from "../format.js";

const ACTIONS: AgedAction[] = ["withdraw", "promote", "none"];

/** Units crossing the threshold within 7, 14 and 30 days: "0 / 3 / 12". */
const crossingText = (crossing: Crossing): string => CROSSING_WINDOWS.map((days) => formatNumber(crossing[`days_${days}`])).join(" / ");

/** A figure at the sales pace (`atVelocity`, marked up by the caller), and below it the same figure with no sales. */
function PacesCell({ name, atVelocity, noSales }: { name: string; atVelocity: ComponentChildren; noSales: string }) {
  return (
    <td class="num">
      {atVelocity}
      <small class="muted block">
        sem vendas: <span class="nowrap" data-col={`${name}_no_sales`}>{noSales}</span>
      </small>
    </td>
  );
}

/** Stacked bar of a SKU's units by age bucket (unknown age last). */
function AgeBar({ shares }: { shares: ReturnType<typeof bucketShares> }) {
  return (
    <div class="age-bar" aria-hidden="true">
      {shares.map((share) => (
        <span key={share.key} class={`age-${share.key}`} style={{ width: `${share.percent}%` }} />
      ))}
    </div>
  );
}

/** GET /full/aged-stock: units by age, what passes the aged threshold and what it will cost. */
export function AgedStockScreen() {
  const { api, prefs } = useConsole();
  const rowSeller = useRowSeller();
  const report = useResource(() => api.data(api.client.GET("/full/aged-stock")), []);
  const data = report.data;
  const exportCsv = () => {
    const columns = sellerColumns(rowSeller, (row) => row.sku.seller_id, AGED_CSV_COLUMNS);
    if (data) downloadText(`estoque-envelhecido-${data.today}.csv`, toCsv(columns, agedInventoryRows(data.skus)));
  };
  const money = (value: number) => formatMoney(value, prefs.currency);
  return (
    <>
      <PageHeader title="Estoque envelhecido">
        <button type="button" onClick={exportCsv} disabled={!data} data-action="export-aged-stock">
          Exportar por inventário (CSV)
        </button>
      </PageHeader>
      <Loaded resource={report}>
        {(data) => (
          <>
            <p class="muted" data-today={data.today}>
              Posição de {formatDay(data.today, prefs)} · unidades por idade desde a entrada no Full (primeiro a entrar, primeiro a sair) · sobretaxa = unidades-dia além do
              limite da tarifa × tarifa diária × fator de envelhecimento
            </p>
            <div class="cards">
              <div class="card">
                <span class="card-label">SKUs com estoque</span>
                <strong class="card-value" data-total="skus">{formatNumber(data.totals.skus)}</strong>
              </div>
              <div class="card">
                <span class="card-label">Unidades disponíveis</span>
                <strong class="card-value" data-total="available_units">{formatNumber(data.totals.available_units)}</strong>
              </div>
              <div class="card">
                <span class="card-label">Envelhecidas hoje</span>
                <strong class="card-value" data-total="aged_units_now">{formatNumber(data.totals.aged_units_now)}</strong>
              </div>
              <div class="card">
                <span class="card-label">Envelhecem em 30 dias (no ritmo de vendas)</span>
                <strong class="card-value" data-total="crossing_30_at_velocity">{formatNumber(data.totals.crossing.at_velocity.days_30)}</strong>
                <small class="muted">sem vendas: {formatNumber(data.totals.crossing.no_sales.days_30)}</small>
              </div>
              <div class="card card-money">
                <span class="card-label">Sobretaxa prevista em 30 dias</span>
                <strong class="card-value" data-total="surcharge_at_velocity">{money(data.totals.projected_surcharge_30d.at_velocity)}</strong>
                <small class="muted">
                  sem vendas: <span data-total="surcharge_no_sales">{money(data.totals.projected_surcharge_30d.no_sales)}</span>
                </small>
              </div>
              <div class="card">
                <span class="card-label">Ações sugeridas</span>
                <span class="badges">
                  {ACTIONS.map((action) => (
                    <Badge key={action} tone={ACTION_BADGES[action].tone}>
                      {ACTION_BADGES[action].label}: <span data-action-count={action}>{formatNumber(data.totals.actions[action])}</span>
                    </Badge>
                  ))}
                </span>
              </div>
            </div>
            <DataTable
              label="Estoque envelhecido"
              name="aged-stock"
              class="compact"
              rows={data.skus}
              head={
                <>
                  {rowSeller ? <th>Conta</th> : null}
                  <th>SKU</th>
                  <th class="reason-col">Ação sugerida</th>
                  <th class="num">Sobretaxa 30 d</th>
                  <th class="num">Envelhecidas</th>
                  <th class="num" title="Unidades que passam do limite em 7, 14 e 30 dias, no ritmo de vendas">
                    Envelhecem 7/14/30 d
                  </th>
                  {AGE_BUCKETS.map((bucket) => (
                    <th class="num nowrap" key={bucket.key}>
                      {bucket.label}
                    </th>
                  ))}
                  <th class="num">Idade desc.</th>
                </>
              }
              row={(sku) => (
                <tr key={`${sku.seller_id ?? ""}|${sku.sku}`} data-sku={sku.sku} data-seller={sku.seller_id}>
                  {rowSeller ? <td data-col="seller">{rowSeller(sku.seller_id)}</td> : null}
                  <td>
                    <strong>{sku.title ?? sku.sku}</strong>
                    <small class="muted block">{sku.sku}</small>
                    <AgeBar shares={bucketShares(sku)} />
                    {sku.inventories.length > 1 ? (
                      <details>
                        <summary class="muted">{sku.inventories.length} inventários</summary>
                        <ul class="plain">
                          {sku.inventories.map((inventory) => (
                            <li key={inventory.inventory_id} data-inventory-id={inventory.inventory_id}>
                              {inventory.inventory_id}: {formatNumber(inventory.available_qty)} un., {formatNumber(inventory.aged_units_now)} envelhecidas,{" "}
                              {money(inventory.projected_surcharge_30d.at_velocity)}
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                  </td>
                  <td>
                    <span data-col="action">
                      <Badge tone={ACTION_BADGES[sku.action].tone}>{ACTION_BADGES[sku.action].label}</Badge>
                    </span>
                    <small class="muted block reason" data-col="reason">
                      {skuReason(sku)}
                    </small>
                  </td>
                  <PacesCell
                    name="surcharge"
                    atVelocity={<strong class="nowrap" data-col="surcharge_at_velocity">{money(sku.projected_surcharge_30d.at_velocity)}</strong>}
                    noSales={money(sku.projected_surcharge_30d.no_sales)}
                  />
                  <td class="num" data-col="aged_units_now">{formatNumber(sku.aged_units_now)}</td>
                  <PacesCell
                    name="crossing"
                    atVelocity={<span class="nowrap" data-col="crossing_at_velocity">{crossingText(sku.crossing.at_velocity)}</span>}
                    noSales={crossingText(sku.crossing.no_sales)}
                  />
                  {AGE_BUCKETS.map((bucket) => (
                    <td class="num" key={bucket.key} data-col={`bucket_${bucket.key}`}>
                      {formatNumber(sku.buckets[bucket.key])}
                    </td>
                  ))}
                  <td class="num" data-col="unknown_age_units">{formatNumber(sku.unknown_age_units)}</td>
                </tr>
              )}
            />
            {data.skus.length === 0 ? <p class="panel muted">Nenhum SKU com estoque no Full.</p> : null}
          </>
        )}
      </Loaded>
    </>
  );
}
