import { useState } from "preact/hooks";
import { useConsole } from "../app-context.js";
import { Badge, Loaded, PageHeader, useResource } from "../components.js";
import { formatDateTime } from "../format.js";
import { historyQuery, levelTone } from "../history-range.js";
import { useQueryForm } from "../query-form.js";
import { routeHref, type Route } from "../router.js";

function Details({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <p class="muted">Sem detalhes.</p>;
  return (
    <dl class="facts">
      {entries.map(([key, value]) => (
        <>
          <dt key={`${key}-k`}>{key}</dt>
          <dd key={`${key}-v`}>{typeof value === "object" ? JSON.stringify(value) : String(value)}</dd>
        </>
      ))}
    </dl>
  );
}

export function HistoryScreen({ route, navigate }: { route: Route; navigate: (href: string) => void }) {
  const { api, prefs } = useConsole();
  const form = useQueryForm(route, "historico", { start: "inicio", end: "fim" });
  const { start, end } = form.applied;
  const [formError, setFormError] = useState<string>();
  const range = historyQuery(start, end);
  const history = useResource(async () => {
    if (!range.ok) throw new Error(range.error);
    return (await api.data(api.client.GET("/history/core_ai", { params: { query: range.query } }))).data;
  }, [start, end]);

  const apply = (event: Event) => {
    event.preventDefault();
    const next = historyQuery(form.draft.start, form.draft.end);
    if (!next.ok) return setFormError(next.error);
    setFormError(undefined);
    navigate(form.href());
  };

  return (
    <>
      <PageHeader title="Histórico do motor de previsão" />
      <form class="toolbar" onSubmit={apply}>
        <label>
          De
          <input type="date" name="start_date" {...form.input("start")} />
        </label>
        <label>
          Até
          <input type="date" name="end_date" {...form.input("end")} />
        </label>
        <button type="submit">Filtrar</button>
        <button type="button" onClick={() => (form.setDraft({ start: "", end: "" }), navigate(routeHref("historico")))}>
          Últimos 50
        </button>
        <span class="muted">{start && end ? "Dias no fuso do negócio." : "Sem período: os 50 registros mais recentes."}</span>
      </form>
      <Loaded resource={history} error={formError}>
        {(entries) =>
          entries.length === 0 ? (
            <p class="muted">Nenhum registro no período.</p>
          ) : (
            <ul class="history" data-count={entries.length}>
              {entries.map((entry) => (
                <li key={entry.id} data-history-id={entry.id}>
                  <details>
                    <summary>
                      <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp, prefs)}</time>
                      <Badge tone={levelTone(entry.level)}>{entry.level}</Badge>
                      <span class="message">{entry.message}</span>
                    </summary>
                    <Details details={entry.details} />
                  </details>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}
