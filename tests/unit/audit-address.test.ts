/**
 * The website check's address guard and input reading: only public unicast addresses pass, in
 * every spelling a URL allows, and what a prospect types (`lawnpros.com`, `www.lawnpros.com/`,
 * `https://…`) becomes the site's home page, https first.
 */
import { describe, expect, it } from "vitest";
import { classifyAddress } from "../../src/audit/address";
import { auditAllowHosts, auditBotToken, auditUserAgent } from "../../src/audit/config";
import { candidateUrls } from "../../src/audit/run";

describe("classifyAddress", () => {
  it("refuses every non-public range", () => {
    const refused = {
      "127.0.0.2": "loopback",
      "10.1.2.3": "private",
      "172.16.0.1": "private",
      "192.168.1.1": "private",
      "169.254.169.254": "linkLocal",
      "100.64.0.1": "carrierGradeNat",
      "224.0.0.1": "multicast",
      "0.0.0.0": "unspecified",
      "255.255.255.255": "broadcast",
      "192.0.2.1": "reserved",
      "::1": "loopback",
      "::": "unspecified",
      "fe80::1": "linkLocal",
      "fc00::1": "uniqueLocal",
      "fd12:3456::1": "uniqueLocal",
      "ff02::1": "multicast",
      "::ffff:127.0.0.2": "ipv4Mapped",
      "::ffff:8.8.8.8": "ipv4Mapped",
      "64:ff9b::7f00:1": "rfc6052",
      "2002:7f00:1::": "6to4",
    };
    for (const [address, range] of Object.entries(refused)) {
      expect(classifyAddress(address), address).toEqual({ ok: false, range });
    }
  });

  it("refuses IPv4-compatible IPv6 (::/96), which ipaddr.js alone calls unicast", () => {
    for (const address of [
      "::7f00:1",
      "[::7f00:1]",
      "::7f00:2",
      "0:0:0:0:0:0:7f00:1",
      "0::0:7fff:ffff",
      "0:0:0:0:0:0:127.0.0.2",
    ]) {
      expect(classifyAddress(address), address).toEqual({ ok: false, range: "ipv4Compatible" });
    }
    // ipaddr.js reads `::a.b.c.d` as IPv4-mapped: refused either way.
    for (const address of ["::127.0.0.1", "[::127.0.0.1]", "::127.0.0.2"]) {
      expect(classifyAddress(address).ok, address).toBe(false);
    }
  });

  it("lets public unicast addresses through, and refuses what is not an address", () => {
    for (const address of [
      "93.184.215.14",
      "8.8.8.8",
      "2606:4700:4700::1111",
      "[2001:4860::8888]",
    ]) {
      expect(classifyAddress(address).ok, address).toBe(true);
    }
    expect(classifyAddress("lawnpros.com")).toEqual({ ok: false, range: "invalid" });
  });
});

describe("candidateUrls", () => {
  it("reads what a prospect types as the site's home page, https first then http", () => {
    for (const typed of [
      "lawnpros.com",
      "  lawnpros.com  ",
      "lawnpros.com/",
      "//lawnpros.com",
      "lawnpros.com/services?x=1",
    ]) {
      expect(candidateUrls(typed), typed).toEqual({
        urls: ["https://lawnpros.com/", "http://lawnpros.com/"],
        host: "lawnpros.com",
      });
    }
    expect(candidateUrls("www.LawnPros.com/")).toMatchObject({
      urls: ["https://www.lawnpros.com/", "http://www.lawnpros.com/"],
    });
    expect(candidateUrls("lawnpros.com:8080")).toMatchObject({
      urls: ["https://lawnpros.com:8080/", "http://lawnpros.com:8080/"],
    });
  });

  it("keeps a typed scheme", () => {
    expect(candidateUrls("http://lawnpros.com/about")).toEqual({
      urls: ["http://lawnpros.com/"],
      host: "lawnpros.com",
    });
    expect(candidateUrls("HTTPS://lawnpros.com")).toEqual({
      urls: ["https://lawnpros.com/"],
      host: "lawnpros.com",
    });
  });

  it("refuses other schemes, credentials and what is no address", () => {
    const reason = (typed: string) => {
      const r = candidateUrls(typed);
      return "reason" in r ? r.reason : "accepted";
    };
    expect(reason("javascript:alert(1)")).toBe("blocked");
    expect(reason("file:///etc/passwd")).toBe("blocked");
    expect(reason("ftp://lawnpros.com")).toBe("blocked");
    expect(reason("https://user:secret@lawnpros.com")).toBe("blocked");
    expect(reason("")).toBe("invalid-url");
    expect(reason("lawn pros")).toBe("invalid-url");
    expect(reason("lawnpros")).toBe("invalid-url");
    expect(reason("http://")).toBe("invalid-url");
    expect(reason("localhost")).toBe("accepted"); // then refused by the address guard
  });
});

describe("settings", () => {
  it("AUDIT_ALLOW_HOSTS: host:port entries, empty by default, a clear error otherwise", () => {
    expect(auditAllowHosts({})).toEqual([]);
    expect(
      auditAllowHosts({ AUDIT_ALLOW_HOSTS: "127.0.0.1:8080, Staging.Example:443,[::1]:9000" }),
    ).toEqual(["127.0.0.1:8080", "staging.example:443", "[::1]:9000"]);
    expect(() => auditAllowHosts({ AUDIT_ALLOW_HOSTS: "127.0.0.1" })).toThrow(
      /AUDIT_ALLOW_HOSTS: "127.0.0.1" is not host:port/,
    );
  });

  it("the user agent names the agency and the page that explains the bot", () => {
    expect(auditBotToken("Greenline Growth")).toBe("GreenlineGrowthAuditBot");
    expect(auditUserAgent({ SITE_URL: "https://agency.example/" })).toBe(
      "GreenlineGrowthAuditBot/1.0 (+https://agency.example/audit-bot)",
    );
  });
});
