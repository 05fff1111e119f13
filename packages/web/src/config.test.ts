import { describe, expect, it } from "vitest";
import { configScript } from "../build/bundle.js";
import { readConfig, type ConsoleConfig } from "./config.js";

/** What the page reads from a config.js the build wrote. */
function pageConfig(env: Record<string, string>): ConsoleConfig {
  const window: { __CONSOLE_CONFIG__?: Partial<ConsoleConfig> } = {};
  new Function("window", configScript(env))(window);
  return readConfig(window.__CONSOLE_CONFIG__);
}

describe("console configuration", () => {
  it("calls the API on its own origin without sign-in by default (npm start)", () => {
    expect(pageConfig({})).toEqual({ apiUrl: "", auth: { mode: "none" } });
  });

  it("signs in at the JWT issuer with the deployed values", () => {
    expect(
      pageConfig({
        CONSOLE_API_URL: "https://abc.execute-api.us-east-1.amazonaws.com/",
        CONSOLE_AUTH_MODE: "jwt",
        CONSOLE_JWT_ISSUER: "https://id.example.com",
        CONSOLE_JWT_CLIENT_ID: "console",
        CONSOLE_JWT_SCOPE: "",
      }),
    ).toEqual({
      apiUrl: "https://abc.execute-api.us-east-1.amazonaws.com",
      auth: { mode: "jwt", issuer: "https://id.example.com", clientId: "console", scope: "openid" },
    });
  });

  it("takes the user pool's logout page from the deployed configuration", () => {
    const deployed = readConfig({
      apiUrl: "https://abc.execute-api.us-east-1.amazonaws.com",
      auth: { mode: "jwt", issuer: "https://cognito-idp.us-east-1.amazonaws.com/pool", clientId: "c1", scope: "openid", signOutUrl: "https://x.auth.us-east-1.amazoncognito.com/logout" },
    });
    expect(deployed.auth).toEqual({
      mode: "jwt",
      issuer: "https://cognito-idp.us-east-1.amazonaws.com/pool",
      clientId: "c1",
      scope: "openid",
      signOutUrl: "https://x.auth.us-east-1.amazoncognito.com/logout",
    });
  });

  it("says so under IAM, and treats unfilled placeholders as no sign-in", () => {
    expect(pageConfig({ CONSOLE_AUTH_MODE: "iam" }).auth).toEqual({ mode: "iam" });
    expect(pageConfig({ CONSOLE_AUTH_MODE: "{{ CONSOLE_AUTH_MODE }}" }).auth).toEqual({ mode: "none" });
    expect(pageConfig({ CONSOLE_AUTH_MODE: "jwt", CONSOLE_JWT_ISSUER: "" }).auth).toEqual({ mode: "none" });
  });
});
