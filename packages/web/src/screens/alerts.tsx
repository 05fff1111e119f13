import { useEffect, useState } from "preact/hooks";
import { failureText } from "../api.js";
import { useConsole, useRowSeller } from "../app-context.js";
import { Badge, DataTable, Loaded, Notice, PageHeader, useResource } from "../components.js";
import { formatDateTime, formatDay, formatDays, formatMoney, formatNumber } from "../format.js";
import {
  CHANGE_LABELS,
  deliveryLabel,
  kindLabel,
  seenKeysOfVisit,
  SEVERITY_LABELS,
  SEVERITY_TONES,
  type OpenAlertRow,
  type SubscriptionRow,
} from "../alerts-view.js";

const EVENT_LIMIT = 50;

/** The SKU and the numbers an operator acts on; the sync's alerts have none. */
function Figures({ alert }: { alert: Pick<OpenAlertRow, "figures"> }) {
  const { prefs } = useConsole();
  const figures = alert.figures;
  if (!figures) return <td colSpan={4} class="muted">—</td>;
  return (
    <>
      <td class="num">{formatDays(figures.coverage_days)}</td>
      <td>{formatDay(figures.stockout_date, prefs)}</td>
      <td class="num">{formatNumber(figures.units_to_send)}</td>
      <td class="num">{formatMoney(figures.surcharge_ahead)}</td>
    </>
  );
}

function Subscriptions() {
  const { api } = useConsole();
  const subscriptions = useResource(async () => (await api.data(api.client.GET("/alerts/subscriptions"))).subscriptions, []);
  const [note, setNote] = useState<string>();
  const [error, setError] = useState<string>();

  const sendTest = async (subscription: SubscriptionRow) => {
    setNote(undefined);
    setError(undefined);
    try {
      await api.data(api.client.POST("/alerts/subscriptions/{id}/test", { params: { path: { id: subscription.id } } }));
      setNote(`Teste enviado para ${subscription.target}.`);
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <section aria-labelledby="assinaturas">
      <h2 id="assinaturas">Assinaturas</h2>
      <Notice message={note} />
      <Loaded resource={subscriptions} error={error}>
        {(rows) => (
          <DataTable
            label="Assinaturas de alertas"
            name="subscriptions"
            empty="Nenhuma assinatura. Crie uma pela API (POST /alerts/subscriptions)."
            rows={rows}
            head={
              <>
                <th scope="col">Destino</th>
                <th scope="col">Canal</th>
                <th scope="col">Tipos</th>
                <th scope="col">Entrega</th>
                <th scope="col">Situação</th>
                <th scope="col">Teste</th>
              </>
            }
            row={(subscription) => (
              <tr key={subscription.id} data-subscription={subscription.id}>
                <td>{subscription.target}</td>
                <td>{subscription.channel === "email" ? "E-mail" : subscription.format === "slack" ? "Webhook (Slack)" : "Webhook"}</td>
                <td>{subscription.kinds.length >= 7 ? "Todos" : subscription.kinds.map(kindLabel).join(", ")}</td>
                <td>{deliveryLabel(subscription)}</td>
                <td>
                  {subscription.status === "failing" ? (
                    <Badge tone="error">Falhando</Badge>
                  ) : (
                    <Badge tone="ok">Ativa</Badge>
                  )}
                </td>
                <td>
                  <button type="button" onClick={() => void sendTest(subscription)} data-action="send-test">
                    Enviar teste
                  </button>
                </td>
              </tr>
            )}
          />
        )}
      </Loaded>
    </section>
  );
}

/** The latest changes of the open alerts, newest first. */
function EventLog() {
  const { api, prefs } = useConsole();
  const events = useResource(async () => (await api.data(api.client.GET("/alerts/events", { params: { query: { limit: EVENT_LIMIT } } }))).events, []);
  return (
    <section aria-labelledby="eventos">
      <h2 id="eventos">Registro de eventos</h2>
      <Loaded resource={events}>
        {(rows) => (
          <DataTable
            label="Registro de eventos de alertas"
            name="alert-events"
            count={rows.length}
            empty="Nenhum evento registrado."
            rows={rows}
            head={
              <>
                <th scope="col">Quando</th>
                <th scope="col">Mudança</th>
                <th scope="col">Alerta</th>
                <th scope="col">SKU</th>
              </>
            }
            row={(event) => (
              <tr key={event.event_id} data-event={event.event_id}>
                <td>{formatDateTime(event.at, prefs)}</td>
                <td>{CHANGE_LABELS[event.change]}</td>
                <td>{kindLabel(event.kind)}</td>
                <td class="nowrap">{event.sku ?? "Sincronização"}</td>
              </tr>
            )}
          />
        )}
      </Loaded>
    </section>
  );
}

/** Alertas: the open alerts, the log of their changes and the subscriptions. Opening it marks the alerts as seen (the bell). */
export function AlertsScreen({ onSeen }: { onSeen: () => void }) {
  const { api, prefs, accounts } = useConsole();
  const rowSeller = useRowSeller();
  const alerts = useResource(async () => (await api.data(api.client.GET("/alerts"))).alerts, []);

  useEffect(() => {
    if (!alerts.data) return;
    const now = new Date().toISOString();
    for (const key of seenKeysOfVisit(accounts.selection, accounts.sellers)) localStorage.setItem(key, now);
    onSeen();
  }, [alerts.data]);

  return (
    <>
      <PageHeader title="Alertas" />
      <section aria-labelledby="abertos">
        <h2 id="abertos">Alertas abertos{alerts.data ? ` (${formatNumber(alerts.data.length)})` : ""}</h2>
        <Loaded resource={alerts}>
          {(rows) => (
            <DataTable
              label="Alertas abertos"
              name="open-alerts"
              count={rows.length}
              empty="Nenhum alerta aberto."
              rows={rows}
              head={
                <>
                  {rowSeller ? <th scope="col">Conta</th> : null}
                  <th scope="col">SKU</th>
                  <th scope="col">Alerta</th>
                  <th scope="col">Gravidade</th>
                  <th scope="col" class="num">Cobertura</th>
                  <th scope="col">Ruptura</th>
                  <th scope="col" class="num">Enviar</th>
                  <th scope="col" class="num">Sobretaxa em 30 dias</th>
                  <th scope="col">Desde</th>
                </>
              }
              row={(alert) => (
                <tr key={`${alert.seller_id ?? ""}|${alert.id}`} data-alert={alert.id} data-seller={alert.seller_id}>
                  {rowSeller ? <td data-col="seller">{rowSeller(alert.seller_id)}</td> : null}
                  <td class="nowrap">{alert.sku ?? "Sincronização"}</td>
                  <td>{kindLabel(alert.kind)}</td>
                  <td>
                    <Badge tone={SEVERITY_TONES[alert.severity]}>{SEVERITY_LABELS[alert.severity]}</Badge>
                  </td>
                  <Figures alert={alert} />
                  <td>{formatDateTime(alert.first_seen, prefs)}</td>
                </tr>
              )}
            />
          )}
        </Loaded>
      </section>
      {rowSeller ? (
        <p class="panel muted" data-one-account-only>
          O registro de eventos e as assinaturas são de cada conta: escolha uma conta para vê-los.
        </p>
      ) : (
        <>
          <EventLog />
          <Subscriptions />
        </>
      )}
    </>
  );
}
