import { useState } from "preact/hooks";
import type { Schema } from "@fulfillment/client";
import { failureText } from "../api.js";
import { useConsole, useWriteGuard } from "../app-context.js";
import { Badge, DataTable, ErrorNote, Loaded, Notice, PageHeader, Select, useResource } from "../components.js";
import { formatDateTime } from "../format.js";
import { routeHref } from "../router.js";
import { ALL_SELLERS, sellerName } from "../sellers.js";
import {
  choicesOf,
  differsFromDefault,
  fieldsOf,
  fromDraft,
  GROUP_LABELS,
  groupChanges,
  toDraft,
  type Draft,
  type MultiplierDraft,
  type SettingField,
  type SettingValue,
  type SettingsGroup,
  type SettingsValues,
} from "../settings-form.js";

const Changed = () => (
  <span class="changed" title="Diferente do padrão" data-changed>
    alterado
  </span>
);

function SecretInput({ name, value, onInput }: { name: string; value: string; onInput: (value: string) => void }) {
  const [shown, setShown] = useState(false);
  return (
    <span class="secret">
      {shown ? (
        <input name={name} type="text" autoComplete="off" value={value} onInput={(e) => onInput(e.currentTarget.value)} />
      ) : (
        <input name={name} type="password" autoComplete="off" value={value} onInput={(e) => onInput(e.currentTarget.value)} />
      )}
      <button type="button" onClick={() => setShown(!shown)} data-action="reveal">
        {shown ? "Ocultar" : "Mostrar"}
      </button>
    </span>
  );
}

/** The draft as it would be stored, to mark it against the default while it is being edited. */
const draftValue = (field: SettingField, draft: Draft): SettingValue | undefined => {
  const parsed = fromDraft(field, draft);
  return parsed.ok ? parsed.value : field.value;
};

function FieldInput({ field, draft, onChange }: { field: SettingField; draft: Draft; onChange: (draft: Draft) => void }) {
  switch (field.kind) {
    case "boolean":
      return (
        <label class="switch">
          <input type="checkbox" name={field.key} checked={draft === true} onChange={(e) => onChange(e.currentTarget.checked)} />
          <span>{draft === true ? "Sim" : "Não"}</span>
        </label>
      );
    case "number":
      return <input name={field.key} inputMode="decimal" value={String(draft)} onInput={(e) => onChange(e.currentTarget.value)} />;
    case "list":
      return <textarea name={field.key} rows={3} value={String(draft)} onInput={(e) => onChange(e.currentTarget.value)} placeholder="um item por linha" />;
    case "secret":
      return <SecretInput name={field.key} value={String(draft)} onInput={onChange} />;
    default: {
      const choices = field.kind === "text" ? choicesOf(field.key, String(draft)) : undefined;
      if (choices) return <Select name={field.key} value={String(draft)} options={choices} onChange={onChange} />;
      return <input name={field.key} value={String(draft)} onInput={(e) => onChange(e.currentTarget.value)} />;
    }
  }
}

const PART_LABELS = { weight: "peso", min: "mínimo", max: "máximo" } as const;

function MultiplierTable({ fields, drafts, setDraft }: { fields: SettingField[]; drafts: Record<string, Draft>; setDraft: (key: string, draft: Draft) => void }) {
  return (
    <DataTable
      label="Multiplicadores de previsão"
      name="multipliers"
      class="multipliers"
      rows={fields}
      head={
        <>
          <th>Multiplicador</th>
          <th>Ativo</th>
          <th class="num">Peso</th>
          <th class="num">Mínimo</th>
          <th class="num">Máximo</th>
          <th />
        </>
      }
      row={(field) => {
        const draft = drafts[field.key] as MultiplierDraft;
        const update = (change: Partial<MultiplierDraft>) => setDraft(field.key, { ...draft, ...change });
        return (
          <tr key={field.key} data-setting={field.key}>
            <td>
              {draft.desc || field.label}
              <small class="muted block">{field.key}</small>
            </td>
            <td>
              <input
                type="checkbox"
                aria-label={`${draft.desc || field.label}: ativo`}
                name={`${field.key}.enabled`}
                checked={draft.enabled} onChange={(e) => update({ enabled: e.currentTarget.checked })} />
            </td>
            {(["weight", "min", "max"] as const).map((part) => (
              <td key={part} class="num">
                <input
                  class="short"
                  aria-label={`${draft.desc || field.label}: ${PART_LABELS[part]}`}
                  name={`${field.key}.${part}`} inputMode="decimal" value={draft[part]} onInput={(e) => update({ [part]: e.currentTarget.value })} />
              </td>
            ))}
            <td>{differsFromDefault(field, draftValue(field, draft)) ? <Changed /> : null}</td>
          </tr>
        );
      }}
    />
  );
}

/** A key not stored reads as its default; an account with no value of its own reads the shared one. */
const shownValue = (change: Schema<"SettingKeyChange">, value: string | null | undefined): string =>
  change.secret ? "••••" : value === null || value === undefined ? (change.seller_id === undefined ? "(padrão)" : "(compartilhado)") : value;

/**
 * The group's recorded changes, newest first: who, when, each key before → after (an account's own
 * value named after the account), and "Restaurar" (with an account selected, its own values too).
 */
function GroupHistory({ group, version, onRestored }: { group: SettingsGroup; version: number; onRestored: (values: SettingsValues, message: string) => void }) {
  const { api, prefs, accounts } = useConsole();
  const guard = useWriteGuard("settings/admin");
  const history = useResource(() => api.data(api.client.GET("/settings/{group}/history", { params: { path: { group } } })), [group, version]);
  const [error, setError] = useState<string>();
  const restore = async (change: Schema<"SettingsChange">) => {
    setError(undefined);
    try {
      const answer = await api.data(api.client.POST("/settings/{group}/restore", { params: { path: { group } }, body: { change_id: change.change_id } }));
      onRestored(answer.data, `Grupo restaurado como estava logo após a alteração de ${formatDateTime(change.at, prefs)}.`);
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <details class="settings-history" data-history={group}>
      <summary>Histórico de alterações</summary>
      <ErrorNote message={history.error ?? error} />
      {history.data ? (
        <DataTable
          label={`Histórico de ${GROUP_LABELS[group] ?? group}`}
          name="settings-history"
          empty="Nenhuma alteração registrada."
          rows={history.data.changes}
          head={
            <>
              <th>Quando</th>
              <th>Quem</th>
              <th>Alterações (antes → depois)</th>
              <th />
            </>
          }
          row={(change) => (
            <tr key={change.change_id} data-change={change.change_id}>
              <td>{formatDateTime(change.at, prefs)}</td>
              <td>{change.actor}</td>
              <td data-col="changes">
                {change.action === "restore" ? <Badge tone="info">Restauração</Badge> : null}
                <ul class="plain">
                  {change.changes.map((item) => (
                    <li key={`${item.seller_id ?? ""}:${item.key}`} data-key={item.key} data-seller={item.seller_id}>
                      {item.key}
                      {item.seller_id === undefined ? null : <small class="muted"> (conta {sellerName(accounts.sellers, item.seller_id)})</small>}: {shownValue(item, item.old_value)} →{" "}
                      {shownValue(item, item.new_value)}
                    </li>
                  ))}
                </ul>
              </td>
              <td class="row-actions">
                <button
                  type="button"
                  data-action="restore"
                  disabled={guard.disabled}
                  title={guard.title ?? "Volta o grupo ao estado logo após esta alteração"}
                  onClick={() => void restore(change)}
                >
                  Restaurar
                </button>
              </td>
            </tr>
          )}
        />
      ) : null}
    </details>
  );
}

function GroupForm({ group, defaults, initial }: { group: SettingsGroup; defaults: SettingsDefaults[SettingsGroup]; initial: SettingsValues }) {
  const { api, reloadPrefs } = useConsole();
  const guard = useWriteGuard("settings/admin");
  const [current, setCurrent] = useState(initial);
  const fields = fieldsOf(group, defaults, current);
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => Object.fromEntries(fields.map((f) => [f.key, toDraft(f)])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [apiError, setApiError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const setDraft = (key: string, draft: Draft) => setDrafts((previous) => ({ ...previous, [key]: draft }));
  const showSaved = (values: SettingsValues) => {
    setCurrent(values);
    setDrafts(Object.fromEntries(fieldsOf(group, defaults, values).map((f) => [f.key, toDraft(f)])));
    setVersion((v) => v + 1);
    if (group === "geral") reloadPrefs();
  };

  const save = async (event: Event) => {
    event.preventDefault();
    setApiError(undefined);
    setNotice(undefined);
    const changes = groupChanges(fields, drafts);
    if (!changes.ok) return setErrors(changes.errors);
    setErrors({});
    if (Object.keys(changes.body).length === 0) return setNotice("Nada a salvar: nenhum valor mudou.");
    setBusy(true);
    try {
      const answer = await api.data(api.client.PUT("/settings/{group}", { params: { path: { group } }, body: changes.body }));
      // What the API now returns is what the form shows: the saved values, read back.
      const saved = await api.data(api.client.GET("/settings/{group}", { params: { path: { group } } }));
      showSaved(saved.data);
      setNotice(answer.message ?? "Configurações salvas.");
    } catch (failure) {
      setApiError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const scalars = fields.filter((f) => f.kind !== "multiplier");
  const multipliers = fields.filter((f) => f.kind === "multiplier");
  return (
    <form class="panel settings-group" onSubmit={save} data-group={group} id={`grupo-${group}`}>
      <h2>{GROUP_LABELS[group] ?? group}</h2>
      <div class="form-grid">
        {scalars.map((field) => (
          <div class="field" key={field.key} data-setting={field.key}>
            <label>
              <span class="field-label">
                {field.label} {differsFromDefault(field, draftValue(field, drafts[field.key] ?? toDraft(field))) ? <Changed /> : null}
              </span>
              <FieldInput field={field} draft={drafts[field.key] ?? toDraft(field)} onChange={(draft) => setDraft(field.key, draft)} />
            </label>
            <small class="muted">{field.key}</small>
            {errors[field.key] ? <small class="error">{errors[field.key]}</small> : null}
          </div>
        ))}
      </div>
      {multipliers.length > 0 ? (
        <>
          <h3>Multiplicadores da previsão</h3>
          {Object.keys(errors).some((key) => key.startsWith("mult_")) ? (
            <p class="error">{Object.entries(errors).filter(([key]) => key.startsWith("mult_")).map(([key, text]) => `${key}: ${text}`).join(" ")}</p>
          ) : null}
          <MultiplierTable fields={multipliers} drafts={drafts} setDraft={setDraft} />
        </>
      ) : null}
      <ErrorNote message={apiError} />
      <Notice message={notice} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy || guard.disabled} title={guard.title} data-action="save">
          Salvar {GROUP_LABELS[group] ?? group}
        </button>
      </div>
      <GroupHistory
        group={group}
        version={version}
        onRestored={(values, message) => {
          setApiError(undefined);
          showSaved(values);
          setNotice(message);
        }}
      />
    </form>
  );
}

type SettingsDefaults = Schema<"SettingsDefaults">;

interface SettingsData {
  defaults: SettingsDefaults;
  groups: Partial<Record<SettingsGroup, SettingsValues>>;
}

/** Whose values the screen shows, when several accounts are connected. */
function AccountNote() {
  const { accounts } = useConsole();
  if (accounts.selection === undefined) return null;
  return (
    <p class="muted" data-settings-account>
      {accounts.selection === ALL_SELLERS
        ? "Todas as contas: os valores compartilhados. Para ajustar as chaves que valem por conta (planejamento de estoque, catálogo, integrações), escolha a conta."
        : `Conta ${sellerName(accounts.sellers, accounts.selection)}: as chaves que valem por conta (planejamento de estoque, catálogo, integrações) são salvas só para ela; as demais valem para todas as contas.`}
    </p>
  );
}

export function SettingsScreen() {
  const { api } = useConsole();
  const data = useResource<SettingsData>(async () => {
    const defaults = (await api.data(api.client.GET("/settings/defaults"))).data;
    const names = Object.keys(defaults) as SettingsGroup[];
    const groups = await Promise.all(names.map((group) => api.data(api.client.GET("/settings/{group}", { params: { path: { group } } }))));
    return { defaults, groups: Object.fromEntries(names.map((group, i) => [group, groups[i]!.data])) };
  }, []);
  return (
    <>
      <PageHeader title="Configurações">
        <nav class="group-links">
          {Object.keys(data.data?.defaults ?? {}).map((group) => (
            <a key={group} href={routeHref("configuracoes", [], { grupo: group })} onClick={(e) => (e.preventDefault(), document.getElementById(`grupo-${group}`)?.scrollIntoView())}>
              {GROUP_LABELS[group] ?? group}
            </a>
          ))}
        </nav>
      </PageHeader>
      <p class="muted">
        Valores marcados com <Badge tone="info">alterado</Badge> diferem do padrão. Cada grupo é salvo separadamente.
      </p>
      <AccountNote />
      <Loaded resource={data}>
        {(settings) =>
          (Object.keys(settings.defaults) as SettingsGroup[]).map((group) => (
            <GroupForm key={group} group={group} defaults={settings.defaults[group]!} initial={settings.groups[group] ?? {}} />
          ))
        }
      </Loaded>
    </>
  );
}
