/**
 * Subscription targets: a webhook URL (https; locally also http to this machine) or an e-mail
 * address. In logs and answers a URL is shown without its query and with long tokens in its path
 * masked, since webhook URLs (Slack's) carry their credential there.
 */
import { inAws } from "../../config/alerts.js";

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
export const MAX_TARGET_LENGTH = 2048;

/** Why the target cannot be used for the channel, or null when it can. */
export function targetProblem(channel: "webhook" | "email", target: string, aws = inAws()): string | null {
  if (target.length > MAX_TARGET_LENGTH) return `target must be at most ${MAX_TARGET_LENGTH} characters`;
  if (channel === "email") return EMAIL.test(target) ? null : "target must be an e-mail address for the email channel";
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return "target must be an absolute https URL for the webhook channel";
  }
  if (url.username || url.password) return "target must not carry a user name or password";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && !aws && LOOPBACK.has(url.hostname)) return null;
  return aws ? "target must be an https URL" : "target must be an https URL, or http://127.0.0.1 (or localhost) on this machine";
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
