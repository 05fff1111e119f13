/** A screen's filter form whose values live in the address, so a link or a reload shows the same. */
import { useState } from "preact/hooks";
import { routeHref, type Route, type Screen } from "./router.js";

/**
 * The values `route` applies (each field read from its query name in `names`, else its default),
 * the form's draft of the next ones, an input's value and handler per field, and the address of
 * the draft (values trimmed) on `screen`.
 */
export function useQueryForm<Field extends string>(route: Route, screen: Screen, names: Record<Field, string>, defaults: Partial<Record<Field, string>> = {}) {
  const fields = Object.keys(names) as Field[];
  const applied = Object.fromEntries(fields.map((field) => [field, route.query.get(names[field]) ?? defaults[field] ?? ""])) as Record<Field, string>;
  const [draft, setDraft] = useState(applied);
  return {
    applied,
    draft,
    setDraft,
    input: (field: Field) => ({
      value: draft[field],
      onInput: (event: { currentTarget: HTMLInputElement }) => setDraft({ ...draft, [field]: event.currentTarget.value }),
    }),
    href: () => routeHref(screen, [], Object.fromEntries(fields.map((field) => [names[field], draft[field].trim()]))),
  };
}
