import { useState } from "preact/hooks";
import { failureText } from "../api.js";
import { NOT_ALLOWED_TITLE, useConsole } from "../app-context.js";
import { Badge, ErrorNote, Loading, PageHeader, useResource, TableFrame } from "../components.js";
import { formatNumber, formatUnitMoney } from "../format.js";
import { FIELD_LABELS, NUMBER_FIELDS, tariffBody, tariffDraft, type Tariff, type TariffDraft } from "../tariff-form.js";

type Editing = { mode: "create" } | { mode: "edit"; tariff: Tariff };

function TariffForm({ editing, onDone, onCancel }: { editing: Editing; onDone: (message: string) => void; onCancel: () => void }) {
  const { api } = useConsole();
  const original = editing.mode === "edit" ? editing.tariff : undefined;
  const [draft, setDraft] = useState<TariffDraft>(() => tariffDraft(original));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      if (original) {
        await api.call("PUT", `/full/tariffs/${original.id}`, { body: tariffBody(draft, original), strict: true });
        onDone(`Tarifa ${original.id} atualizada.`);
      } else {
        const created = await api.call<{ tariff: Tariff }>("POST", "/full/tariffs", { body: tariffBody(draft), create: true, strict: true });
        onDone(`Tarifa ${created.tariff.id} criada.`);
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
      <ErrorNote message={error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {original ? "Salvar alterações" : "Criar tarifa"}
        </button>
        <button type="button" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

export function TariffsScreen() {
  const { api, prefs, allows } = useConsole();
  const readOnly = !allows("fulfillment/write");
  const guard = readOnly ? { disabled: true, title: NOT_ALLOWED_TITLE } : {};
  const list = useResource(() => api.get<{ tariffs: Tariff[] }>("/full/tariffs"), []);
  const [editing, setEditing] = useState<Editing | undefined>();
  const [confirming, setConfirming] = useState<number | undefined>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();

  const done = (message: string) => {
    setEditing(undefined);
    setNotice(message);
    list.reload();
  };
  const remove = async (tariff: Tariff) => {
    setError(undefined);
    try {
      await api.call("DELETE", `/full/tariffs/${tariff.id}`);
      setConfirming(undefined);
      done(`Tarifa ${tariff.id} excluída.`);
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
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
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
        <TableFrame label="Tarifas de armazenagem">
          <table class="table" data-table="tariffs">
            <thead>
              <tr>
                <th class="num">Id</th>
                <th>Nome</th>
                <th class="num">Volume (L)</th>
                <th class="num">Diária/un.</th>
                <th class="num">Entrada/un.</th>
                <th class="num">Envelhece após</th>
                <th class="num">Fator</th>
                <th>Situação</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.tariffs.map((tariff) => (
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
                      <button type="button" class="danger" onClick={() => void remove(tariff)} data-action="confirm-delete">
                        Confirmar exclusão
                      </button>
                    ) : (
                      <button type="button" onClick={() => setConfirming(tariff.id)} data-action="delete" {...guard}>
                        Excluir
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
    </>
  );
}
