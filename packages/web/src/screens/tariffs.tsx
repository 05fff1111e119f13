import { useState } from "preact/hooks";
import { create, failureText, strict } from "../api.js";
import { NOT_ALLOWED_TITLE, useConsole } from "../app-context.js";
import { Badge, DataTable, ErrorNote, Loading, Notice, PageHeader, SubmitOrCancel, useResource } from "../components.js";
import type { Schema } from "@fulfillment/client";
import { formatDateTime, formatDay, formatNumber, formatUnitMoney } from "../format.js";
import { FIELD_LABELS, NUMBER_FIELDS, tariffBody, tariffDraft, type Tariff, type TariffDraft } from "../tariff-form.js";

type Editing = { mode: "create" } | { mode: "edit"; tariff: Tariff };

const ACTION_LABELS: Record<Schema<"TariffVersionEntry">["action"], string> = { create: "Criação", update: "Alteração", delete: "Exclusão" };

/** "Em vigor a partir de": empty means today (the API's default); a day ahead or past dates the change. */
function EffectiveFrom({ value, onInput, name = "effective_from" }: { value: string; onInput: (value: string) => void; name?: string }) {
  return (
    <label>
      Em vigor a partir de
      <input type="date" name={name} value={value} onInput={(e) => onInput(e.currentTarget.value)} />
    </label>
  );
}

/** Every version of every tariff, oldest first per tariff, with the one in force today marked. */
function TariffTimeline({ history }: { history: Schema<"TariffHistoryResponse"> }) {
  const { prefs } = useConsole();
  return (
    <section class="panel" aria-label="Linha do tempo das tarifas">
      <h2>Linha do tempo</h2>
      <p class="muted">Hoje: {formatDay(history.today, prefs)}. Cada dia é cobrado pela versão em vigor naquele dia.</p>
      <DataTable
        label="Versões das tarifas"
        name="tariff-versions"
        rows={history.versions}
        head={
          <>
            <th class="num">Tarifa</th>
            <th class="num">Versão</th>
            <th>Mudança</th>
            <th>Em vigor a partir de</th>
            <th>Nome</th>
            <th class="num">Diária/un.</th>
            <th>Registrada por</th>
            <th>Registrada em</th>
            <th>Situação</th>
          </>
        }
        row={(entry) => (
          <tr
            key={`${entry.tariff_id}-${entry.version}`}
            data-version={`${entry.tariff_id}-${entry.version}`}
            data-in-force={entry.in_force ? "true" : "false"}
            class={entry.in_force ? "in-force" : undefined}
          >
            <td class="num">{entry.tariff_id}</td>
            <td class="num">{entry.version}</td>
            <td data-col="action">{ACTION_LABELS[entry.action]}</td>
            <td data-col="effective_from">{entry.effective_from ? formatDay(entry.effective_from, prefs) : "Desde sempre"}</td>
            <td>{entry.tariff.name ?? "—"}</td>
            <td class="num" data-col="daily_fee">{formatUnitMoney(entry.tariff.daily_fee, prefs.currency)}</td>
            <td>{entry.actor}</td>
            <td>{entry.recorded_at ? formatDateTime(entry.recorded_at, prefs) : "—"}</td>
            <td data-col="state">
              {entry.in_force ? (
                <Badge tone="ok">Em vigor</Badge>
              ) : entry.effective_from && entry.effective_from > history.today ? (
                <Badge tone="warning">Agendada</Badge>
              ) : (
                <Badge tone="info">Anterior</Badge>
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}

function TariffForm({ editing, onDone, onCancel }: { editing: Editing; onDone: (message: string) => void; onCancel: () => void }) {
  const { api, prefs } = useConsole();
  const original = editing.mode === "edit" ? editing.tariff : undefined;
  const [draft, setDraft] = useState<TariffDraft>(() => tariffDraft(original));
  const [effectiveFrom, setEffectiveFrom] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    const dated = effectiveFrom === "" ? {} : { effective_from: effectiveFrom };
    const from = effectiveFrom === "" ? "" : ` a partir de ${formatDay(effectiveFrom, prefs)}`;
    try {
      if (original) {
        await api.data(
          api.client.PUT("/full/tariffs/{tariff_id}", { params: { path: { tariff_id: original.id } }, body: { ...tariffBody(draft, original), ...dated }, headers: strict() }),
        );
        onDone(`Tarifa ${original.id} atualizada${from}.`);
      } else {
        const created = await api.data(api.client.POST("/full/tariffs", { body: { ...tariffBody(draft), ...dated }, headers: { ...create(), ...strict() } }));
        onDone(`Tarifa ${created.tariff.id} criada${from}.`);
      }
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="panel form-grid" onSubmit={submit} data-form="tariff" aria-label={original ? `Editar tarifa ${original.id}` : "Nova tarifa"}>
      <h2>{original ? `Editar tarifa ${original.id}` : "Nova tarifa"}</h2>
      <label>
        {FIELD_LABELS.name}
        <input name="name" value={draft.name} onInput={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
      </label>
      {NUMBER_FIELDS.map((field) => (
        <label key={field}>
          {FIELD_LABELS[field]}
          <input
            name={field}
            inputMode="decimal"
            value={draft[field]}
            placeholder={field === "max_volume_l" ? "sem limite" : undefined}
            onInput={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })}
          />
        </label>
      ))}
      <label class="check">
        <input type="checkbox" name="active" checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })} />
        {FIELD_LABELS.active}
      </label>
      <EffectiveFrom value={effectiveFrom} onInput={setEffectiveFrom} />
      <ErrorNote message={error} />
      <SubmitOrCancel label={original ? "Salvar alterações" : "Criar tarifa"} disabled={busy} onCancel={onCancel} />
    </form>
  );
}

export function TariffsScreen() {
  const { api, prefs, allows } = useConsole();
  const readOnly = !allows("fulfillment/write");
  const guard = readOnly ? { disabled: true, title: NOT_ALLOWED_TITLE } : {};
  const list = useResource(() => api.data(api.client.GET("/full/tariffs")), []);
  const history = useResource(() => api.data(api.client.GET("/full/tariffs/history")), []);
  const [editing, setEditing] = useState<Editing | undefined>();
  const [confirming, setConfirming] = useState<number | undefined>();
  const [deleteFrom, setDeleteFrom] = useState("");
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  const done = (message: string) => {
    setEditing(undefined);
    setNotice(message);
    list.reload();
    history.reload();
  };
  const remove = async (tariff: Tariff) => {
    setError(undefined);
    try {
      const query = deleteFrom === "" ? {} : { effective_from: deleteFrom };
      await api.data(api.client.DELETE("/full/tariffs/{tariff_id}", { params: { path: { tariff_id: tariff.id }, query } }));
      setConfirming(undefined);
      setDeleteFrom("");
      done(deleteFrom === "" ? `Tarifa ${tariff.id} excluída.` : `Tarifa ${tariff.id} excluída a partir de ${formatDay(deleteFrom, prefs)}.`);
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <>
      <PageHeader title="Tarifas de armazenagem">
        <button type="button" class="primary" onClick={() => setEditing({ mode: "create" })} data-action="new-tariff" {...guard}>
          Nova tarifa
        </button>
      </PageHeader>
      <Notice message={notice} />
      <ErrorNote message={list.error ?? error} />
      {editing ? (
        <TariffForm
          key={editing.mode === "edit" ? editing.tariff.id : "new"}
          editing={editing}
          onDone={done}
          onCancel={() => setEditing(undefined)}
        />
      ) : null}
      {list.loading && !list.data ? <Loading /> : null}
      {list.data ? (
        <DataTable
          label="Tarifas de armazenagem"
          name="tariffs"
          rows={list.data.tariffs}
          head={
            <>
              <th class="num">Id</th>
              <th>Nome</th>
              <th class="num">Volume (L)</th>
              <th class="num">Diária/un.</th>
              <th class="num">Entrada/un.</th>
              <th class="num">Envelhece após</th>
              <th class="num">Fator</th>
              <th>Situação</th>
              <th />
            </>
          }
          row={(tariff) => (
            <tr key={tariff.id} data-tariff-id={tariff.id}>
              <td class="num">{tariff.id}</td>
              <td data-col="name">{tariff.name ?? "—"}</td>
              <td class="num" data-col="volume">
                {formatNumber(tariff.min_volume_l, 3)} – {tariff.max_volume_l === null ? "sem limite" : formatNumber(tariff.max_volume_l, 3)}
              </td>
              <td class="num" data-col="daily_fee">{formatUnitMoney(tariff.daily_fee, prefs.currency)}</td>
              <td class="num" data-col="inbound_fee">{formatUnitMoney(tariff.inbound_fee, prefs.currency)}</td>
              <td class="num">{formatNumber(tariff.aged_days_threshold)} dias</td>
              <td class="num">{formatNumber(tariff.aged_daily_factor, 2)}</td>
              <td>{tariff.active ? <Badge tone="ok">Ativa</Badge> : <Badge tone="info">Inativa</Badge>}</td>
              <td class="row-actions">
                <button type="button" onClick={() => setEditing({ mode: "edit", tariff })} data-action="edit" {...guard}>
                  Editar
                </button>
                {confirming === tariff.id ? (
                  <>
                    <EffectiveFrom value={deleteFrom} onInput={setDeleteFrom} name="delete_effective_from" />
                    <button type="button" class="danger" onClick={() => void remove(tariff)} data-action="confirm-delete">
                      Confirmar exclusão
                    </button>
                  </>
                ) : (
                  <button type="button" onClick={() => { setDeleteFrom(""); setConfirming(tariff.id); }} data-action="delete" {...guard}>
                    Excluir
                  </button>
                )}
              </td>
            </tr>
          )}
        />
      ) : null}
      <ErrorNote message={history.error} />
      {history.data ? <TariffTimeline history={history.data} /> : null}
    </>
  );
}
