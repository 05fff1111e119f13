/** The API's rate limits from the deploy's (or `npm start`'s) environment; unset ones keep their defaults. */
import { DEFAULT_THROTTLES, THROTTLE_SETTINGS, type Throttle, type ThrottleSettings } from "../throttling.js";

type Env = Record<string, string | undefined>;

function positive(env: Env, name: string, fallback: number, whole: boolean): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (whole && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${whole ? "a whole number of requests" : "a number of requests per second"} above 0, got "${env[name]}"`);
  }
  return value;
}

function read(env: Env, key: keyof ThrottleSettings): Throttle {
  const names = THROTTLE_SETTINGS[key];
  const fallback = DEFAULT_THROTTLES[key];
  return { ratePerSecond: positive(env, names.rate, fallback.ratePerSecond, false), burst: positive(env, names.burst, fallback.burst, true) };
}

export function readThrottleSettings(env: Env = process.env): ThrottleSettings {
  const settings = { stage: read(env, "stage"), expensive: read(env, "expensive"), notifications: read(env, "notifications") };
  // The expensive routes' limits are there to be lower: a setting that lifts them above the stage's is a mistake.
  for (const field of ["ratePerSecond", "burst"] as const) {
    if (settings.expensive[field] > settings.stage[field]) {
      const name = (key: "stage" | "expensive") => THROTTLE_SETTINGS[key][field === "ratePerSecond" ? "rate" : "burst"];
      throw new Error(`${name("expensive")} (${settings.expensive[field]}) must not exceed ${name("stage")} (${settings.stage[field]})`);
    }
  }
  return settings;
}
