import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { newestUpdate } from "@fulfillment/core/overview";
import { ifNoneMatch } from "../api.js";
import { useConsole, useRowSeller } from "../app-context.js";
import { Badge, downloadText, Loaded, PageHeader, Select } from "../components.js";
import { Freshness, LiveLine } from "../freshness.js";
import { useLiveResource } from "../live.js";
import { fieldColumns, sellerColumns, toCsv } from "../csv.js";
import { formatDays, formatNumber, formatUnitMoney } from "../format.js";
import {
  ALERT_FILTER_LABELS,
  ALERT_FILTERS,
  parseAlertFilter,
  parseSortOrder,
  SORT_LABELS,
  SORT_ORDERS,
  visibleInventory,
  type InventoryItem,
} from "../inventory-view.js";
import { routeHref, type Route } from "../router.js";
import { Thumbnail } from "../thumbnail.js";
import { visibleRange } from "../virtual-window.js";

const ROW_HEIGHT = 56;

const SORT_OPTIONS = SORT_ORDERS.map((order) => ({ value: order, label: SORT_LABELS[order] }));
const FILTER_OPTIONS = ALERT_FILTERS.map((filter) => ({ value: filter, label: ALERT_FILTER_LABELS[filter] }));

/** Every field of the API's list item, in its order: the CSV is the shown rows as the API gives them. */
const CSV_FIELDS = [
  "inventory_id",
  "ad_id",
  "sku",
  "variation_id",
  "title",
  "thumbnail",
  "permalink",
  "available_qty",
  "in_transit_qty",
  "not_available_qty",
  "total_qty",
  "days_of_stock",
  "oldest_stock_days",
  "storage_cost_unit",
  "storage_risk_unit",
  "is_aged",
  "is_low_coverage",
  "updated_at",
] as const satisfies readonly (keyof InventoryItem)[];
/** A field the API's item gains and the list above lacks fails the type check. */
type EveryField<Unlisted extends never> = Unlisted;
// seller_id comes only with seller_id=all (several accounts' list): the CSV then starts with it (sellerColumns).
type InventoryCsvCoversTheItem = EveryField<Exclude<keyof InventoryItem, (typeof CSV_FIELDS)[number] | "seller_id">>;

/** The figures of a row, in column order, each with how it is shown. */
const NUMBER_CELLS: readonly [keyof InventoryItem, (item: InventoryItem, currency: string) => string][] = [
  ["available_qty", (item) => formatNumber(item.available_qty)],
  ["in_transit_qty", (item) => formatNumber(item.in_transit_qty)],
  ["not_available_qty", (item) => formatNumber(item.not_available_qty)],
  ["days_of_stock", (item) => formatDays(item.days_of_stock)],
  ["oldest_stock_days", (item) => formatDays(item.oldest_stock_days)],
  ["storage_cost_unit", (item, currency) => formatUnitMoney(item.storage_cost_unit, currency)],
  ["storage_risk_unit", (item, currency) => formatUnitMoney(item.storage_risk_unit, currency)],
];

function Row({ item }: { item: InventoryItem }) {
  const { prefs } = useConsole();
  const rowSeller = useRowSeller();
  return (
    <div class="vrow" role="row" data-inventory-id={item.inventory_id} data-seller={item.seller_id}>
      <span role="cell" class="thumb">
        <Thumbnail url={item.thumbnail} size={40} lazy />
      </span>
      <span role="cell" class="title-cell">
        {item.ad_id ? (
          <a href={routeHref("anuncio", [item.ad_id], { seller_id: item.seller_id })} data-col="title">
            {item.title ?? item.ad_id}
          </a>
        ) : (
          <span data-col="title">{item.title ?? "—"}</span>
        )}
        <small class="muted row-meta">
          {rowSeller ? <span data-col="seller">{rowSeller(item.seller_id)}</span> : null}
          <span data-col="sku">{item.sku ?? "sem SKU"}</span>
          <Freshness at={item.updated_at} name="row" />
        </small>
      </span>
      {NUMBER_CELLS.map(([field, format]) => (
        <span role="cell" class="num" data-col={field} key={field}>
          {format(item, prefs.currency)}
        </span>
      ))}
      <span role="cell" class="badges">
        {item.is_aged ? <Badge tone="error">Envelhecido</Badge> : null}
        {item.is_low_coverage ? <Badge tone="warning">Cobertura baixa</Badge> : null}
      </span>
    </div>
  );
}

/**
 * Only the rows in view are in the page, so 10,000 rows scroll as smoothly as 10. A new `view`
 * (order, filter, search) starts at the top; new figures of the same view keep the place.
 */
function VirtualRows({ rows, view }: { rows: InventoryItem[]; view: string }) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 600 });
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const measure = () => setScroll({ top: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = 0;
  }, [view]);
  const range = visibleRange({ count: rows.length, rowHeight: ROW_HEIGHT, scrollTop: scroll.top, viewportHeight: scroll.height });
  return (
    <div
      class="vbody"
      ref={viewport}
      role="rowgroup"
      onScroll={(event) => setScroll({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })}
    >
      <div style={{ height: `${range.padTop}px` }} />
      {rows.slice(range.start, range.end).map((item) => (
        <Row key={`${item.seller_id ?? ""}|${item.inventory_id}`} item={item} />
      ))}
      <div style={{ height: `${range.padBottom}px` }} />
    </div>
  );
}

export function InventoryScreen({ route, navigate }: { route: Route; navigate: (href: string) => void }) {
  const { api, prefs } = useConsole();
  const rowSeller = useRowSeller();
  const sort = parseSortOrder(route.query.get("ordem"));
  const filter = parseAlertFilter(route.query.get("alerta"));
  const [search, setSearch] = useState(route.query.get("q") ?? "");
  const list = useLiveResource(
    (etag) => api.revalidated(api.client.GET("/full/inventory", { params: { query: { sort_by: sort }, header: ifNoneMatch(etag) } })),
    [sort],
  );
  const rows = useMemo(() => visibleInventory(list.data?.items ?? [], filter, search), [list.data, filter, search]);
  const newest = useMemo(() => newestUpdate(list.data?.items ?? [], prefs.timeZone), [list.data, prefs.timeZone]);

  const go = (changes: Record<string, string>) =>
    navigate(routeHref("estoque", [], { ordem: sort, alerta: filter, q: search, ...changes }));

  const exportCsv = () =>
    downloadText(`estoque-${sort}-${filter}.csv`, toCsv(sellerColumns(rowSeller, (item) => item.seller_id, fieldColumns<InventoryItem>(CSV_FIELDS)), rows));

  return (
    <>
      <PageHeader title="Estoque Full">
        <button type="button" onClick={exportCsv} disabled={!list.data} data-action="export-csv">
          Exportar CSV
        </button>
        <button type="button" onClick={list.reload}>
          Atualizar
        </button>
      </PageHeader>
      <div class="toolbar">
        <label>
          Ordem
          <Select name="ordem" value={sort} options={SORT_OPTIONS} onChange={(ordem) => go({ ordem })} />
        </label>
        <label>
          Alertas
          <Select name="alerta" value={filter} options={FILTER_OPTIONS} onChange={(alerta) => go({ alerta })} />
        </label>
        <label class="grow">
          Buscar
          <input
            type="search"
            name="busca"
            placeholder="SKU ou título"
            value={search}
            onInput={(event) => setSearch(event.currentTarget.value)}
          />
        </label>
        <span class="muted" data-count={rows.length}>
          {formatNumber(rows.length)} de {formatNumber(list.data?.count ?? 0)} itens
        </span>
      </div>
      <LiveLine resource={list}>
        <Freshness at={newest} name="inventory" />
      </LiveLine>
      <Loaded resource={list}>
        {() => (
          <div class="vtable" role="table" aria-label="Inventário" aria-rowcount={rows.length}>
            <div class="vrow vhead" role="row">
              <span role="columnheader" />
              <span role="columnheader">Anúncio / SKU</span>
              <span role="columnheader" class="num">Disponível</span>
              <span role="columnheader" class="num">Em trânsito</span>
              <span role="columnheader" class="num">Não disp.</span>
              <span role="columnheader" class="num">Cobertura</span>
              <span role="columnheader" class="num">Idade</span>
              <span role="columnheader" class="num">Armaz./un.</span>
              <span role="columnheader" class="num">Risco/un.</span>
              <span role="columnheader">Alertas</span>
            </div>
            {rows.length === 0 ? <p class="muted empty">Nenhum item com esses filtros.</p> : <VirtualRows rows={rows} view={`${sort}|${filter}|${search}`} />}
          </div>
        )}
      </Loaded>
    </>
  );
}
