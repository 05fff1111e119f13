import { describe, expect, it } from "vitest";
import { DEFAULT_THROTTLES } from "@fulfillment/functions/throttling";
import { DEFAULT_MARKETPLACE_API_URL, isDevelopmentStage, readConsoleSignIn, readDeploySettings } from "./deploy-settings.js";

describe("readDeploySettings", () => {
  it("defaults to the stack's user pool, no CORS, the public marketplace API and no alarm email", () => {
    expect(readDeploySettings({})).toMatchObject({
      auth: { mode: "cognito", machineClientIds: [] },
      consoleOrigin: undefined,
      marketplaceApiUrl: DEFAULT_MARKETPLACE_API_URL,
      alarmEmail: undefined,
    });
  });

  it("reads the sync's rate budget, and refuses one that is not a whole number above 0", () => {
    expect(readDeploySettings({ MARKETPLACE_MAX_CALLS_PER_MINUTE: " 600 " }).marketplaceMaxCallsPerMinute).toBe(600);
    expect(readDeploySettings({ MARKETPLACE_MAX_CALLS_PER_MINUTE: "" }).marketplaceMaxCallsPerMinute).toBeUndefined();
    for (const bad of ["0", "-5", "12.5", "lots"]) {
      expect(() => readDeploySettings({ MARKETPLACE_MAX_CALLS_PER_MINUTE: bad }), bad).toThrow(/MARKETPLACE_MAX_CALLS_PER_MINUTE must be a whole number/);
    }
  });

  it("reads the API's rate limits with their defaults, and refuses bad ones or expensive limits above the stage's", () => {
    expect(readDeploySettings({}).throttling).toEqual(DEFAULT_THROTTLES);
    const settings = readDeploySettings({ API_THROTTLE_RATE: "12.5", API_THROTTLE_BURST: "30", API_NOTIFICATIONS_THROTTLE_BURST: "50" }).throttling;
    expect(settings).toEqual({ ...DEFAULT_THROTTLES, stage: { ratePerSecond: 12.5, burst: 30 }, notifications: { ...DEFAULT_THROTTLES.notifications, burst: 50 } });
    expect(() => readDeploySettings({ API_THROTTLE_BURST: "2.5" })).toThrow(/API_THROTTLE_BURST must be a whole number of requests above 0, got "2.5"/);
    expect(() => readDeploySettings({ API_THROTTLE_RATE: "0" })).toThrow(/API_THROTTLE_RATE must be a number of requests per second above 0/);
    expect(() => readDeploySettings({ API_THROTTLE_RATE: "3" })).toThrow(/API_EXPENSIVE_THROTTLE_RATE \(5\) must not exceed API_THROTTLE_RATE \(3\)/);
  });

  it("reads the JWT issuer and a comma-separated audience", () => {
    const settings = readDeploySettings({ AUTH_MODE: "JWT", JWT_ISSUER: "https://id.example.com", JWT_AUDIENCE: "a, b" });
    expect(settings.auth).toEqual({ mode: "jwt", issuer: "https://id.example.com", audience: ["a", "b"] });
  });

  it("refuses a JWT mode without issuer or audience, and unknown modes", () => {
    expect(() => readDeploySettings({ AUTH_MODE: "jwt", JWT_AUDIENCE: "a" })).toThrow(/JWT_ISSUER/);
    expect(() => readDeploySettings({ AUTH_MODE: "jwt", JWT_ISSUER: "https://id.example.com" })).toThrow(/JWT_AUDIENCE/);
    expect(() => readDeploySettings({ AUTH_MODE: "oauth" })).toThrow(/AUTH_MODE must be "cognito", "iam" or "jwt"/);
  });

  it("reads IAM, and the machine clients the user pool's authorizer also accepts", () => {
    expect(readDeploySettings({ AUTH_MODE: " IAM " }).auth).toEqual({ mode: "iam" });
    expect(readDeploySettings({ AUTH_MODE: "cognito", API_MACHINE_CLIENT_IDS: "abc, def" }).auth).toEqual({ mode: "cognito", machineClientIds: ["abc", "def"], machineClientSellers: {} });
  });

  it("reads the sellers each machine client is granted, and refuses a line it cannot read", () => {
    expect(readDeploySettings({ API_MACHINE_CLIENT_SELLERS: "abc=222222 111111, def = *" }).auth).toMatchObject({ machineClientSellers: { abc: "111111 222222", def: "*" } });
    expect(() => readDeploySettings({ API_MACHINE_CLIENT_SELLERS: "abc" })).toThrow(/API_MACHINE_CLIENT_SELLERS: "abc" is not <client id>=<seller user_id>/);
    expect(() => readDeploySettings({ API_MACHINE_CLIENT_SELLERS: "abc=111 *" })).toThrow(/API_MACHINE_CLIENT_SELLERS/);
    expect(() => readDeploySettings({ API_MACHINE_CLIENT_SELLERS: "=111" })).toThrow(/API_MACHINE_CLIENT_SELLERS/);
  });

  it("reads the console's origin, the only one CORS allows", () => {
    expect(readDeploySettings({ CONSOLE_ORIGIN: " https://console.example.com/ " }).consoleOrigin).toBe("https://console.example.com");
    expect(readDeploySettings({ CONSOLE_ORIGIN: "http://localhost:5173" }).consoleOrigin).toBe("http://localhost:5173");
  });

  it("refuses a console origin with a path or without a scheme, and the former list of CORS origins", () => {
    expect(() => readDeploySettings({ CONSOLE_ORIGIN: "https://console.example.com/app" })).toThrow(/CONSOLE_ORIGIN must be an origin/);
    expect(() => readDeploySettings({ CONSOLE_ORIGIN: "console.example.com" })).toThrow(/CONSOLE_ORIGIN must be an origin/);
    expect(() => readDeploySettings({ CORS_ORIGINS: "https://a.example.com,https://b.example.com" })).toThrow(/CONSOLE_ORIGIN/);
  });
});

describe("isDevelopmentStage", () => {
  it("treats dev, local and dev-<name> as disposable and everything else as kept", () => {
    expect(["dev", "local", "dev-ana"].map(isDevelopmentStage)).toEqual([true, true, true]);
    expect(["prod", "staging", "develop", "ana"].map(isDevelopmentStage)).toEqual([false, false, false, false]);
  });
});

describe("readConsoleSignIn", () => {
  const jwt = { mode: "jwt" as const, issuer: "https://id.example.com", audience: ["api-client", "other"] };

  it("signs the console in with the first audience and openid unless told otherwise", () => {
    expect(readConsoleSignIn(jwt, {})).toEqual({ clientId: "api-client", scope: "openid" });
    expect(readConsoleSignIn(jwt, { CONSOLE_CLIENT_ID: " console ", CONSOLE_SCOPES: "openid fulfillment/read, fulfillment/write" })).toEqual({
      clientId: "console",
      scope: "openid fulfillment/read fulfillment/write",
    });
  });

  it("has no sign-in under IAM", () => {
    expect(readConsoleSignIn({ mode: "iam" }, { CONSOLE_CLIENT_ID: "x" })).toBeUndefined();
  });
});
