/**
 * A failed run stores its reason as the English sentence (the record and the logs read it); an
 * answer writes it in the request's language. The service's own sentences are read back as their
 * code and params; any other reason is a marketplace failure, whose words of the service's own are
 * written in Portuguese around what the marketplace answered (error-texts.ts).
 */
import { explain, explanationText, type Explanation } from "../../error-texts.js";

const KNOWN: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray) => Explanation]> = [
  [/^No marketplace credential stored \(no "([^"]+)" credential record\)/, (m) => explain("missing_credential", { provider: m[1]! })],
  [/^The marketplace .* not configured \(([A-Z_, ]+)\)/, (m) => explain("client_not_configured", { names: m[1]! })],
  [/^The "([^"]+)" credential has no seller id/, (m) => explain("seller_id_missing", { provider: m[1]! })],
  [/^MARKETPLACE_SITE (\S+) has no known authorization page/, (m) => explain("site_without_authorization", { site: m[1]! })],
  [/^the run lost its lease: no heartbeat was stored for (\d+) s/, (m) => explain("sync_lease_lost", { seconds: Number(m[1]) })],
  [/^the run failed$/, () => explain("sync_run_failed")],
];

/** The stored reason as an explanation: a sentence of the service's own when it reads exactly as one. */
export function reasonExplanation(reason: string): Explanation {
  for (const [pattern, explanationOf] of KNOWN) {
    const match = pattern.exec(reason);
    if (!match) continue;
    const explanation = explanationOf(match);
    if (explanationText(explanation, "en") === reason) return explanation;
  }
  return explain("marketplace_reason", { text: reason });
}
