/**
 * How fresh the figures on screen are: when the stock they show was updated ("atualizado há 3 min",
 * the date and time in its title), and whether the screen is checking for changes.
 */
import type { ComponentChildren } from "preact";
import { useConsole } from "./app-context.js";
import { formatClock, formatDateTime, formatTimeAgo } from "./format.js";
import { useNow, type LiveResource } from "./live.js";

/** "atualizado há 3 min", with "Atualizado em 27/11/2026 11:57" as its title; nothing when the time is unknown. */
export function Freshness({ at, name }: { at: string | null | undefined; name?: string }) {
  const { prefs } = useConsole();
  const now = useNow();
  if (!at) return null;
  return (
    <span class="freshness" title={`Atualizado em ${formatDateTime(at, prefs)}`} data-freshness={name ?? ""} data-at={at}>
      {/* A narrow row may leave the word out (styles.css): the time still says it. */}
      <span class="freshness-word">atualizado </span>
      {formatTimeAgo(at, now, prefs)}
    </span>
  );
}

/** Quiet: "atualizando…" while a check is on its way, else when the last one answered, or that it failed. */
export function LiveNote({ resource }: { resource: LiveResource<unknown> }) {
  const { prefs } = useConsole();
  if (resource.refreshing) return <span class="live-note" data-live="refreshing">atualizando…</span>;
  if (resource.pollError) {
    return (
      <span class="live-note live-failed" data-live="failed" title={resource.pollError}>
        sem resposta na última verificação; tentando de novo
      </span>
    );
  }
  if (!resource.checkedAt) return null;
  return (
    <span class="live-note" data-live="idle">
      verificado às {formatClock(resource.checkedAt, prefs)}
    </span>
  );
}

/** A screen's freshness line: what its figures are as of, and its checks for changes. */
export function LiveLine({ resource, children }: { resource: LiveResource<unknown>; children?: ComponentChildren }) {
  return (
    <p class="live-line muted" data-live-line>
      {children}
      <LiveNote resource={resource} />
    </p>
  );
}
