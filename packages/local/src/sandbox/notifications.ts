/**
 * The marketplace's notifications (marketplace-api section 8), as the sandbox sends them: one POST
 * to the app's callback URL per change, retried, and listed in the missed feed (GET
 * /missed_feeds?app_id=) for two days once every attempt failed. Tests can hold them back and
 * deliver them in their own order, as often as they like.
 */
import { randomUUID } from "node:crypto";
import type { SandboxAnswer, SandboxState } from "./marketplace.js";

export interface SandboxNotification {
  _id: string;
  resource: string;
  user_id: number;
  topic: string;
  application_id: string;
  attempts: number;
  sent: string;
  received: string;
}

export interface NotificationOptions {
  /** Attempts before the marketplace gives up and lists the notification as missed (the marketplace's 8). */
  attempts?: number;
  /** The wait after failed attempt n, in ms (the marketplace retries for about an hour; the sandbox faster). */
  retryDelayMs?: (attempt: number) => number;
}

/** The missed feed keeps an entry this long. */
const MISSED_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;
const MISSED_PAGE_MAX = 100;
const DELIVERY_TIMEOUT_MS = 5_000;

const wait = (ms: number): Promise<void> => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export class SandboxNotifications {
  /** Held back (no callback URL yet, or `hold()`): the tests deliver these themselves. */
  readonly held: SandboxNotification[] = [];
  readonly delivered: SandboxNotification[] = [];
  readonly missed: SandboxNotification[] = [];
  private callbackUrl: string | undefined;
  private holding = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly attempts: number;
  private readonly retryDelayMs: (attempt: number) => number;

  constructor(
    private readonly app: Pick<SandboxState, "sellerId" | "clientId" | "now">,
    options: NotificationOptions = {},
  ) {
    this.attempts = options.attempts ?? 8;
    this.retryDelayMs = options.retryDelayMs ?? ((attempt) => Math.min(60_000, 1_000 * 2 ** (attempt - 1)));
  }

  /** Where the app wants its notifications (its callback URL); undefined holds them. */
  sendTo(url: string | undefined): void {
    this.callbackUrl = url;
  }

  /** Keeps notifications back instead of sending them (`take` hands them over). */
  hold(holding = true): void {
    this.holding = holding;
  }

  /** The notifications held back so far, in the order of the changes; the list is emptied. */
  take(): SandboxNotification[] {
    return this.held.splice(0, this.held.length);
  }

  /** Lists notifications in the missed feed, as if every attempt to deliver them had failed. */
  giveUp(notifications: readonly SandboxNotification[]): void {
    this.missed.push(...notifications.map((notification) => ({ ...notification, attempts: this.attempts })));
  }

  notify(topic: string, resource: string): SandboxNotification {
    const at = new Date(this.app.now()).toISOString();
    const notification = { _id: randomUUID(), resource, user_id: this.app.sellerId, topic, application_id: this.app.clientId, attempts: 1, sent: at, received: at };
    if (this.holding || !this.callbackUrl) {
      this.held.push(notification);
      return notification;
    }
    const delivery = this.deliver(notification, this.callbackUrl).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
    return notification;
  }

  /** Resolves once every delivery started so far was answered 200 or given up. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async deliver(notification: SandboxNotification, url: string): Promise<void> {
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      const sent = { ...notification, attempts: attempt, sent: new Date(this.app.now()).toISOString() };
      const status = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(sent),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      })
        .then(async (response) => (await response.arrayBuffer(), response.status))
        .catch(() => 0);
      if (status === 200) {
        this.delivered.push(sent);
        return;
      }
      if (attempt < this.attempts) await wait(this.retryDelayMs(attempt));
      else this.missed.push(sent);
    }
  }

  /** GET /missed_feeds?app_id=: the app's missed notifications of the last two days, oldest first, a page at a time. */
  missedFeed(query: URLSearchParams): SandboxAnswer {
    const appId = query.get("app_id");
    if (!appId) return { status: 400, body: { message: "app_id is required", error: "bad_request", status: 400, cause: [] } };
    if (appId !== this.app.clientId) return { status: 403, body: { message: `The caller cannot read the notifications of app ${appId}`, error: "forbidden", status: 403, cause: [] } };
    const offset = Number(query.get("offset") ?? 0);
    const limit = Number(query.get("limit") ?? 50);
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit <= 0 || limit > MISSED_PAGE_MAX) {
      return { status: 400, body: { message: `offset must be 0 or more and limit from 1 to ${MISSED_PAGE_MAX}`, error: "bad_request", status: 400, cause: [] } };
    }
    const topic = query.get("topic");
    const kept = this.app.now() - MISSED_RETENTION_MS;
    const listed = this.missed.filter((entry) => Date.parse(entry.received) >= kept && (topic === null || entry.topic === topic));
    return { status: 200, body: { messages: listed.slice(offset, offset + limit), total: listed.length, offset, limit } };
  }
}
