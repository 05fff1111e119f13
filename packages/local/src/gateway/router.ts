import { ROUTES, type Route } from "@fulfillment/functions/routes";

export type RouteMatch =
  | { kind: "route"; route: Route; pathParameters: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: string[]; envelopeOf: Route }
  | { kind: "not-found" };

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
  /** Literal segments win over parameters, as in API Gateway ("/settings/defaults" before "/settings/{group}"). */
  literalSegments: number;
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const segments = route.path.split("/").filter(Boolean);
  const source = segments
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(param[1]!);
      return "([^/]+)";
    })
    .join("/");
  return {
    route,
    pattern: new RegExp(`^/${source}/?$`),
    names,
    literalSegments: segments.filter((s) => !s.startsWith("{")).length,
  };
}

export function createRouter(routes: readonly Route[] = ROUTES): (method: string, path: string) => RouteMatch {
  const compiled = routes.map(compile).sort((a, b) => b.literalSegments - a.literalSegments);
  return (method, path) => {
    const matching = compiled
      .map((c) => ({ c, m: c.pattern.exec(path) }))
      .filter((x): x is { c: CompiledRoute; m: RegExpExecArray } => x.m !== null);
    if (matching.length === 0) return { kind: "not-found" };
    const best = matching[0]!.c.literalSegments;
    const exact = matching.find((x) => x.c.route.method === method && x.c.literalSegments === best)
      ?? matching.find((x) => x.c.route.method === method);
    if (!exact) {
      return { kind: "method-not-allowed", allowed: [...new Set(matching.map((x) => x.c.route.method))], envelopeOf: matching[0]!.c.route };
    }
    const pathParameters: Record<string, string> = {};
    exact.c.names.forEach((name, i) => {
      const raw = exact.m[i + 1]!;
      try {
        pathParameters[name] = decodeURIComponent(raw);
      } catch {
        pathParameters[name] = raw;
      }
    });
    return { kind: "route", route: exact.c.route, pathParameters };
  };
}

/** The envelope for answers the gateway gives itself: that of the family the path belongs to. */
export function familyRoute(path: string, routes: readonly Route[] = ROUTES): Route | undefined {
  const first = path.split("/").filter(Boolean)[0];
  return routes.find((r) => r.path.split("/").filter(Boolean)[0] === first);
}
