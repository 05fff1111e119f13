/** The sellers each machine client is granted, by client id (the deploy setting API_MACHINE_CLIENT_SELLERS, given to the token trigger). */
export const MACHINE_CLIENT_SELLERS_ENV = "MACHINE_CLIENT_SELLERS";

/** The `sellers` claim of each machine client: user_ids space-separated, or `*`. Unset or unreadable: none granted. */
export function machineClientSellers(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(env[MACHINE_CLIENT_SELLERS_ENV] ?? "{}");
    if (typeof parsed !== "object" || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}
