import { Imports, Messages, Settings, Tariffs } from "@fulfillment/core";
import { AuthorizationRefusedError, InvalidAuthorizationStateError } from "#services/account";
import { ImportRunningError } from "#services/imports/run";
import { describe, expect, it } from "vitest";
import {
  ConflictError,
  CrossOriginRequestError,
  InvalidInputError,
  MarketplaceConfigError,
  MissingCredentialError,
  NotFoundError,
  PayloadTooLargeError,
  SyncFailedError,
  UnstorableSettingKeyError,
} from "../errors.js";
import { MarketplaceHttpError } from "../marketplace/errors.js";
import { SyncRunningError } from "#services/sync/errors";
import { statusOf } from "./error-status.js";

describe("statusOf", () => {
  it.each([
    [new InvalidInputError("bad"), 400],
    [new Tariffs.TariffValueError("daily_fee", "abc"), 400],
    [new Settings.UnknownGroupError("vendas"), 400],
    [new CrossOriginRequestError("https://evil.example"), 403],
    [new Tariffs.TariffNotFoundError(7), 404],
    [new NotFoundError("no such ad"), 404],
    [new SyncRunningError(), 409],
    [new ConflictError("changed"), 409],
    [new PayloadTooLargeError(10), 413],
    [new Settings.InvalidSettingsBodyError(), 500],
    [new UnstorableSettingKeyError(""), 500],
    [new SyncFailedError("marketplace unreachable at api.mercadolibre.com: connection refused (ECONNREFUSED)"), 500],
    [new MissingCredentialError("mercadolivre"), 500],
    [new MarketplaceConfigError("The marketplace client secret is not configured"), 500],
    [new MarketplaceHttpError("GET /items", 500, "internal_error"), 500],
    [new Imports.ImportValueError(Messages.message("import_not_a_number", { where: "Line 3", field: "available", value: '"x"' })), 400],
    [new InvalidAuthorizationStateError("expired"), 400],
    [new AuthorizationRefusedError("access_denied"), 400],
    [new ImportRunningError("costs"), 409],
  ])("maps %s to %i", (error, status) => {
    expect(statusOf(error)).toBe(status);
  });

  it("leaves unexpected errors unmapped, so they are logged and answered as unexpected", () => {
    expect(statusOf(new Error("boom"))).toBeUndefined();
    expect(statusOf(new TypeError("x is undefined"))).toBeUndefined();
    expect(statusOf("a string")).toBeUndefined();
  });
});
