/**
 * Subscription targets: a webhook URL (https; locally also http to this machine) or an e-mail
 * address. In logs and answers a URL is shown without its query and with long tokens in its path
 * masked, since webhook URLs (Slack's) carry their credential there.
 */
import { inAws } from "../../config/alerts.js";
import { explain, type Explanation } from "../../error-texts.js";
import { MAX_TARGET_LENGTH } from "../../contract/limits.js";

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Why the target cannot be used for the channel, or null when it can. */
export function targetProblem(channel: "webhook" | "email", target: string, aws = inAws()): Explanation | null {
  if (target.length > MAX_TARGET_LENGTH) return explain("target_too_long", { max: MAX_TARGET_LENGTH });
  if (channel === "email") return EMAIL.test(target) ? null : explain("target_not_email");
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return explain("target_not_url");
  }
  if (url.username || url.password) return explain("target_with_credentials");
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && !aws && LOOPBACK.has(url.hostname)) return null;
  return explain(aws ? "target_not_https" : "target_not_https_or_loopback");
}

/** The target as logs and answers show it. */
export function maskTarget(target: string): string {
  if (!target.includes("://")) return target;
  try {
    const url = new URL(target);
    const path = url.pathname.split("/").map((segment) => (segment.length >= 12 ? "…" : segment)).join("/");
    return `${url.origin}${path}${url.search ? "?…" : ""}`;
  } catch {
    return "…";
  }
}
