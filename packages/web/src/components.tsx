import type { ComponentChildren, VNode } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";

export interface Resource<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/** Loads data for a screen; a newer load wins over an older one still in flight. */
export function useResource<T>(load: () => Promise<T>, deps: unknown[]): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const generation = useRef(0);
  const run = useCallback(() => {
    const mine = ++generation.current;
    setState((previous) => ({ ...previous, loading: true, error: undefined }));
    load().then(
      (data) => mine === generation.current && setState({ data, loading: false }),
      (error: Error) => mine === generation.current && setState({ error: error.message, loading: false }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(run, [run]);
  return { data: state.data, error: state.error, loading: state.loading, reload: run };
}

export const Loading = () => <p class="muted" aria-busy="true">Carregando…</p>;

/** A one-line message, shown only when there is one; `role` says how a screen reader announces it. */
const note =
  (className: string, role: "alert" | "status") =>
  ({ message }: { message: string | undefined }) =>
    message ? (
      <p class={className} role={role}>
        {message}
      </p>
    ) : null;

/** What failed, announced at once. */
export const ErrorNote = note("error", "alert");

/**
 * A table's own frame: it scrolls sideways when the table is wider than the screen, its first
 * column stays in view, and it can be scrolled from the keyboard (a labelled, focusable region).
 */
export const TableFrame = ({ label, children }: { label: string; children: ComponentChildren }) => (
  <div class="table-scroll" role="region" aria-label={label} tabIndex={0}>
    {children}
  </div>
);

/** What just happened (saved, sent, restored), read out when it appears. */
export const Notice = note("notice", "status");

/**
 * What a screen shows of a resource: its error (or `error`, a failure of the screen's own), "Carregando…"
 * until the first answer, then `children` of the data.
 */
export function Loaded<T>({ resource, error, children }: { resource: Resource<T>; error?: string; children: (data: T) => ComponentChildren }) {
  return (
    <>
      <ErrorNote message={error ?? resource.error} />
      {resource.loading && !resource.data ? <Loading /> : null}
      {resource.data ? children(resource.data) : null}
    </>
  );
}

/**
 * A table in its frame, with the shared table look (`class` adds modifiers such as "compact"): a header
 * row of `head`, a row of `row` for each of `rows`, and `foot`. With `empty`, no rows say so in words
 * instead of an empty table.
 */
export function DataTable<Row>({ label, name, class: className, count, head, rows, row, foot, empty }: {
  /** The frame's accessible name. */
  label: string;
  /** Its data-table name. */
  name: string;
  /** Modifiers of the shared "table" class. */
  class?: string;
  /** Shown as data-count. */
  count?: number;
  head: ComponentChildren;
  rows: readonly Row[];
  row: (row: Row) => VNode;
  foot?: ComponentChildren;
  empty?: string;
}) {
  if (empty !== undefined && rows.length === 0) return <p class="muted">{empty}</p>;
  return (
    <TableFrame label={label}>
      <table class={className ? `table ${className}` : "table"} data-table={name} data-count={count}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{rows.map((item) => row(item))}</tbody>
        {foot}
      </table>
    </TableFrame>
  );
}

/** A form's own buttons: submit, and "Cancelar" to close it unsaved. */
export function SubmitOrCancel({ label, disabled, title, onCancel }: { label: string; disabled: boolean; title?: string; onCancel: () => void }) {
  return (
    <div class="actions">
      <button type="submit" class="primary" disabled={disabled} title={title}>
        {label}
      </button>
      <button type="button" onClick={onCancel}>
        Cancelar
      </button>
    </div>
  );
}

/** A choice among `options`, each a value and the words shown for it. */
export function Select<Value extends string>({ name, value, options, onChange }: {
  name: string;
  value: string;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <select name={name} value={value} onChange={(e) => onChange(e.currentTarget.value as Value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export const Badge = ({ tone, children }: { tone: "ok" | "warning" | "error" | "info"; children: ComponentChildren }) => (
  <span class={`badge badge-${tone}`}>{children}</span>
);

export function PageHeader({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <header class="page-header">
      <h1>{title}</h1>
      <div class="actions">{children}</div>
    </header>
  );
}

/** Saves text as a file the browser downloads. */
export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
