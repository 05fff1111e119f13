import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./cross-origin.js";

const HOST = "127.0.0.1:3000";

describe("isCrossSiteWrite (Go's CrossOriginProtection)", () => {
  it("lets every safe method through, whatever the headers", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(isCrossSiteWrite(method, { "sec-fetch-site": "cross-site", origin: "https://evil.example", host: HOST }, [])).toBe(false);
    }
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])("refuses a %s the browser marks cross-site or same-site", (method) => {
    expect(isCrossSiteWrite(method, { "sec-fetch-site": "cross-site", host: HOST }, [])).toBe(true);
    expect(isCrossSiteWrite(method, { "Sec-Fetch-Site": "same-site", Origin: "http://other.localhost:3000", Host: HOST }, [])).toBe(true);
  });

  it("lets same-origin and user-typed (none) requests through", () => {
    expect(isCrossSiteWrite("POST", { "sec-fetch-site": "same-origin", origin: `http://${HOST}`, host: HOST }, [])).toBe(false);
    expect(isCrossSiteWrite("POST", { "sec-fetch-site": "none", host: HOST }, [])).toBe(false);
  });

  it("without Sec-Fetch-Site, compares the Origin's host with the Host header", () => {
    expect(isCrossSiteWrite("PUT", { origin: `http://${HOST}`, host: HOST }, [])).toBe(false);
    expect(isCrossSiteWrite("PUT", { origin: "http://127.0.0.1:4000", host: HOST }, [])).toBe(true);
    expect(isCrossSiteWrite("PUT", { origin: "null", host: HOST }, [])).toBe(true);
    expect(isCrossSiteWrite("PUT", { origin: "https://evil.example" }, [])).toBe(true);
  });

  it("lets clients that send neither header through (curl, the ERP, server to server)", () => {
    expect(isCrossSiteWrite("DELETE", { host: HOST, "content-type": "text/plain" }, [])).toBe(false);
    expect(isCrossSiteWrite("POST", undefined, [])).toBe(false);
  });

  it("trusts the configured console origin, even marked cross-site", () => {
    const console = "https://console.example.com";
    expect(isCrossSiteWrite("POST", { "sec-fetch-site": "cross-site", origin: console, host: "api.example.com" }, [console])).toBe(false);
    expect(isCrossSiteWrite("POST", { origin: console, host: "api.example.com" }, [console])).toBe(false);
    expect(isCrossSiteWrite("POST", { origin: "https://console.example.com.evil.example", host: "api.example.com" }, [console])).toBe(true);
  });
});
