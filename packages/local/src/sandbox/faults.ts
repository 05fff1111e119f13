/** Fault injection for the sandbox marketplace: each fault applies to the next `count` matching requests. */

/** A RegExp is tested against the request path without query; a string matches that path or any path under it. */
export type PathMatcher = RegExp | string;

export interface InjectedStatus {
  path: PathMatcher;
  /** 401 behaves as an expired token. */
  status: 401 | 429 | 500 | 503;
  count: number;
  /** Sent as the Retry-After header, in seconds. */
  retryAfter?: number;
  /** Replaces the documented error body. */
  body?: unknown;
}

export interface InjectedDelay {
  path: PathMatcher;
  ms: number;
  count: number;
}

export interface InjectedMalformed {
  path: PathMatcher;
  count: number;
  /** Replaces the default wrong-shaped body of that endpoint. */
  body?: unknown;
}

/** The connection is dropped without an answer (the client sees a reset connection). */
export interface InjectedDisconnect {
  path: PathMatcher;
  count: number;
}

export type FaultAnswer =
  | { kind: "status"; status: number; body: unknown; headers: Record<string, string> }
  | { kind: "malformed"; body: unknown }
  | { kind: "disconnect" };

interface Pending<T> {
  fault: T;
  left: number;
}

export const matchesPath = (matcher: PathMatcher, pathname: string): boolean =>
  typeof matcher === "string"
    ? pathname === matcher || pathname.startsWith(matcher.endsWith("/") ? matcher : `${matcher}/`)
    : new RegExp(matcher.source, matcher.flags.replace("g", "")).test(pathname);

const ERROR_CODES: Record<number, string> = {
  401: "unauthorized",
  429: "too_many_request",
  500: "internal_error",
  503: "service_unavailable",
};

/** A body of the wrong shape for each endpoint the sync reads. */
function wrongShape(pathname: string): unknown {
  if (pathname === "/items") return { results: [] };
  if (pathname.startsWith("/items/")) return { id: 42, variations: "none" };
  if (/^\/inventories\/[^/]+\/stock\/fulfillment$/.test(pathname)) return { inventory_id: 7, available_quantity: "nine" };
  if (pathname === "/stock/fulfillment/operations/search") return { paging: { scroll: 5 }, results: "none" };
  if (pathname === "/oauth/token") return { token: "none" };
  if (pathname === "/users/me") return { nickname: 7 };
  if (/^\/users\/[^/]+\/items\/search$/.test(pathname)) return { results: "none" };
  return { malformed: true };
}

export class SandboxFaults {
  private readonly statuses: Array<Pending<InjectedStatus>> = [];
  private readonly delays: Array<Pending<InjectedDelay>> = [];
  private readonly malformedBodies: Array<Pending<InjectedMalformed>> = [];
  private readonly disconnects: Array<Pending<InjectedDisconnect>> = [];

  inject(fault: InjectedStatus): void {
    this.statuses.push({ fault, left: fault.count });
  }

  slow(fault: InjectedDelay): void {
    this.delays.push({ fault, left: fault.count });
  }

  malformed(fault: InjectedMalformed): void {
    this.malformedBodies.push({ fault, left: fault.count });
  }

  disconnect(fault: InjectedDisconnect): void {
    this.disconnects.push({ fault, left: fault.count });
  }

  reset(): void {
    this.disconnects.length = 0;
    this.statuses.length = 0;
    this.delays.length = 0;
    this.malformedBodies.length = 0;
  }

  /** Extra delay for this request (consumes one use of the first matching delay). */
  takeDelay(pathname: string): number {
    return take(this.delays, pathname)?.ms ?? 0;
  }

  /** The answer that replaces the normal one, if a fault matches (disconnects, then statuses, then malformed bodies). */
  takeAnswer(pathname: string): FaultAnswer | undefined {
    if (take(this.disconnects, pathname)) return { kind: "disconnect" };
    const status = take(this.statuses, pathname);
    if (status) {
      const code = pathname === "/oauth/token" && status.status === 429 ? "local_rate_limited" : ERROR_CODES[status.status];
      const message = status.status === 401 ? "invalid access token" : `sandbox fault ${status.status}`;
      return {
        kind: "status",
        status: status.status,
        body: status.body ?? { message, error: code, status: status.status, cause: [] },
        headers: status.retryAfter === undefined ? {} : { "retry-after": String(status.retryAfter) },
      };
    }
    const malformed = take(this.malformedBodies, pathname);
    return malformed ? { kind: "malformed", body: malformed.body ?? wrongShape(pathname) } : undefined;
  }
}

function take<T extends { path: PathMatcher }>(pending: Array<Pending<T>>, pathname: string): T | undefined {
  const index = pending.findIndex((entry) => entry.left > 0 && matchesPath(entry.fault.path, pathname));
  if (index < 0) return undefined;
  const entry = pending[index]!;
  entry.left -= 1;
  if (entry.left <= 0) pending.splice(index, 1);
  return entry.fault;
}
