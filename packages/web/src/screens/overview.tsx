import { useState } from "preact/hooks";
import { create, ifNoneMatch } from "../api.js";
import type { Schema } from "@fulfillment/client";
import { NOT_ALLOWED_TITLE, useConsole, useRowSeller } from "../app-context.js";
import { Badge, DataTable, ErrorNote, Loading, PageHeader, useResource } from "../components.js";
import { Freshness, LiveLine } from "../freshness.js";
import { useLiveResource } from "../live.js";
import { formatDateTime, formatDuration, formatMoney, formatNumber } from "../format.js";
import { messageText, type Message } from "../messages.js";
import { routeHref, type Screen } from "../router.js";
import { SELLER_QUERY } from "../sellers.js";
import { runSyncFlow, STATE_LABELS, type SyncRun, type SyncStatus, type SyncView } from "../sync-flow.js";

const SUMMARY_CARDS = [
  { key: "products_count", label: "Produtos" },
  { key: "inventories_count", label: "Inventários" },
  { key: "units_available", label: "Unidades disponíveis" },
  { key: "units_in_transit", label: "Em trânsito" },
  { key: "units_not_available", label: "Não disponíveis" },
] as const;

const ALERT_CARDS = [
  { key: "low_coverage", label: "Cobertura baixa", hint: "menos de 14 dias", filter: "cobertura_baixa" },
  { key: "aged_stock", label: "Estoque envelhecido", hint: "mais de 90 dias", filter: "envelhecido" },
  { key: "stranded", label: "Estoque parado", hint: "sem giro ou mais de 180 dias", filter: "parado" },
] as const;

/** Where each missing input is added. */
const WARNING_PLACES: Record<string, { screen: Screen; label: string }> = {
  no_active_tariffs: { screen: "tarifas", label: "Cadastrar tarifas" },
  no_local_stock: { screen: "importacoes", label: "Importar estoque local" },
  no_sales_data: { screen: "importacoes", label: "Importar vendas" },
  no_dimensions: { screen: "estoque", label: "Ver o estoque" },
};

/** What cannot be computed for want of an input, each with a link to where it is added. */
export function Warnings({ warnings }: { warnings: readonly Message[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <section aria-label="Dados que faltam">
      <ul class="warnings" data-warnings>
        {warnings.map((warning) => {
          const place = WARNING_PLACES[warning.code];
          return (
            <li key={warning.code} data-warning={warning.code}>
              <strong>Atenção:</strong>
              {messageText(warning)}
              {place ? (
                <>
                  {" "}
                  <a href={routeHref(place.screen)}>{place.label}</a>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const stateTone = (run: SyncRun): "ok" | "warning" | "error" | "info" =>
  run.state === "succeeded" ? "ok" : run.state === "partial" ? "warning" : run.state === "failed" ? "error" : "info";

function LastSync({ run }: { run: SyncRun }) {
  const { prefs } = useConsole();
  return (
    <dl class="facts" data-sync-last={run.id}>
      <dt>Última sincronização</dt>
      <dd data-sync-time>{formatDateTime(run.finished_at ?? run.started_at, prefs)}</dd>
      <dt>Situação</dt>
      <dd>
        <Badge tone={stateTone(run)}>{STATE_LABELS[run.state]}</Badge>
      </dd>
      <dt>Anúncios Full</dt>
      <dd data-sync-ads>{formatNumber(run.result?.ads_full ?? null)}</dd>
      <dt>Inventários</dt>
      <dd data-sync-inventories>{formatNumber(run.result?.inventories ?? null)}</dd>
      <dt>Falhas</dt>
      <dd data-sync-failed>{formatNumber(run.failed_count)}</dd>
      <dt>Duração</dt>
      <dd>{formatDuration(run.duration_ms)}</dd>
      {run.error ? (
        <>
          <dt>Erro</dt>
          <dd class="error">{run.error}</dd>
        </>
      ) : null}
    </dl>
  );
}

function ProgressBar({ fraction }: { fraction: number | null }) {
  const percent = fraction === null ? undefined : Math.round(fraction * 100);
  return (
    <div
      class={`progress${percent === undefined ? " indeterminate" : ""}`}
      role="progressbar"
      aria-label="Progresso da sincronização"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div class="progress-fill" style={percent === undefined ? undefined : { width: `${percent}%` }} />
    </div>
  );
}

function SyncPanel({ onSynced }: { onSynced: () => void }) {
  const { api, prefs, allows } = useConsole();
  const status = useResource<SyncStatus | null>(async () => {
    const { data, response } = await api.client.GET("/full/sync/status");
    // An API without run history answers 404: the panel then shows what this page itself ran.
    if (response.status === 404) return null;
    if (!response.ok || !data) throw new Error(`Situação da sincronização indisponível (HTTP ${response.status}).`);
    return data;
  }, []);
  const [view, setView] = useState<SyncView | undefined>();

  const start = () =>
    void runSyncFlow({
      startSync: () => api.client.POST("/full/sync", { headers: create() }),
      readStatus: async () => (await api.client.GET("/full/sync/status")).data ?? null,
      onUpdate: (next) => {
        setView(next);
        if (next.phase === "done") {
          if (next.status) status.reload();
          onSynced();
        }
      },
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: () => new Date(),
      pollMs: 500,
    });

  const running = view?.phase === "running" ? view : undefined;
  const done = view?.phase === "done" ? view : undefined;
  const shownStatus = done?.status ?? status.data ?? null;
  const last = done?.last ?? shownStatus?.last ?? null;
  return (
    <section class="panel" aria-labelledby="sync-title">
      <h2 id="sync-title">Sincronização</h2>
      {status.loading && !view ? <Loading /> : null}
      <ErrorNote message={status.error} />
      {shownStatus?.running && !running ? (
        <p>
          Uma sincronização está em andamento desde {formatDateTime(shownStatus.running.started_at, prefs)}.
        </p>
      ) : null}
      {last ? <LastSync run={last} /> : !status.loading && !running ? <p class="muted">Nenhuma sincronização registrada.</p> : null}
      {shownStatus?.next_scheduled_at ? (
        <p class="muted">Próxima automática: {formatDateTime(shownStatus.next_scheduled_at, prefs)}</p>
      ) : null}
      {status.data === null && !done ? (
        <p class="muted" data-sync-history-missing>
          Esta versão da API não informa o histórico de sincronizações; a última aparece aqui depois de rodar uma por esta página.
        </p>
      ) : null}
      {running ? (
        <div class="sync-running" data-sync-running>
          <ProgressBar fraction={running.fraction} />
          <p>
            {running.progress
              ? `Sincronizando: ${formatNumber(running.progress.ads_done)} de ${formatNumber(running.progress.ads_total)} anúncios`
              : "Sincronizando…"}
            {running.note ? ` ${running.note}` : ""}
          </p>
        </div>
      ) : null}
      <ErrorNote message={done?.error} />
      <button type="button" class="primary" onClick={start}
        disabled={running !== undefined || !allows("fulfillment/write")}
        title={allows("fulfillment/write") ? undefined : NOT_ALLOWED_TITLE}
        data-action="sync"
      >
        {running ? "Sincronizando…" : "Sincronizar agora"}
      </button>
    </section>
  );
}

/** With every account at once: each account's own figures, a link to its own overview. */
function SellersTable({ sellers, name }: { sellers: readonly Schema<"SellerOverview">[]; name: (sellerId: string) => string }) {
  const { prefs } = useConsole();
  return (
    <section aria-labelledby="por-conta">
      <h2 id="por-conta">Por conta</h2>
      <DataTable
        label="Visão geral por conta"
        name="overview-sellers"
        rows={sellers}
        head={
          <>
            <th scope="col">Conta</th>
            {SUMMARY_CARDS.map((card) => (
              <th scope="col" class="num" key={card.key}>
                {card.label}
              </th>
            ))}
            <th scope="col" class="num">Valor imobilizado</th>
          </>
        }
        row={(seller) => (
          <tr key={seller.seller_id} data-seller={seller.seller_id}>
            <td data-col="seller">
              <a href={routeHref("visao-geral", [], { [SELLER_QUERY]: seller.seller_id })}>{name(seller.seller_id)}</a>
            </td>
            {SUMMARY_CARDS.map((card) => (
              <td class="num" key={card.key} data-col={card.key}>
                {seller.summary ? formatNumber(seller.summary[card.key] ?? 0) : "—"}
              </td>
            ))}
            <td class="num" data-col="immobilized_value">
              {seller.summary ? formatMoney(seller.summary.immobilized_value ?? 0, prefs.currency) : "—"}
            </td>
          </tr>
        )}
      />
    </section>
  );
}

export function OverviewScreen() {
  const { api, prefs } = useConsole();
  const rowSeller = useRowSeller();
  const overview = useLiveResource((etag) => api.revalidated(api.client.GET("/full/overview", { params: { header: ifNoneMatch(etag) } })), []);
  const data = overview.data;
  return (
    <>
      <PageHeader title="Visão geral">
        <button type="button" onClick={overview.reload}>
          Atualizar
        </button>
      </PageHeader>
      <LiveLine resource={overview}>{data?.has_data ? <Freshness at={data.updated_at} name="overview" /> : null}</LiveLine>
      <ErrorNote message={overview.error} />
      <Warnings warnings={data?.warnings} />
      {!data ? (
        overview.loading ? <Loading /> : null
      ) : !data.has_data ? (
        <p class="panel" data-overview-empty>
          Ainda não há dados de estoque Full: rode a sincronização abaixo para carregá-los.
        </p>
      ) : (
        <div data-overview-ready>
          <div class="cards">
            {SUMMARY_CARDS.map((card) => (
              <div class="card" key={card.key}>
                <span class="card-label">{card.label}</span>
                <strong class="card-value" data-figure={card.key}>
                  {formatNumber(data.summary[card.key] ?? 0)}
                </strong>
              </div>
            ))}
            <div class="card card-money">
              <span class="card-label">Valor imobilizado</span>
              <strong class="card-value" data-figure="immobilized_value">
                {formatMoney(data.summary.immobilized_value ?? 0, prefs.currency)}
              </strong>
            </div>
          </div>
          <h2>Alertas</h2>
          <div class="cards">
            {ALERT_CARDS.map((card) => (
              <a class="card card-alert" key={card.key} href={routeHref("estoque", [], { alerta: card.filter })} data-alert={card.key}>
                <span class="card-label">{card.label}</span>
                <strong class="card-value" data-figure={card.key}>
                  {formatNumber(data.alerts[card.key] ?? 0)}
                </strong>
                <span class="muted">{card.hint}</span>
              </a>
            ))}
          </div>
          {rowSeller && data.sellers ? <SellersTable sellers={data.sellers} name={rowSeller} /> : null}
        </div>
      )}
      {rowSeller ? (
        <p class="panel muted" data-one-account-only>
          A sincronização é de cada conta: escolha uma conta para sincronizá-la.
        </p>
      ) : (
        <SyncPanel onSynced={overview.reload} />
      )}
    </>
  );
}
