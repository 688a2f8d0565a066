/**
 * The agency's zone at run time and the owner's settings form (issue 39 §3): AGENCY_TIME_ZONE is
 * checked at start with a message naming it; the settings form refuses what is not a setting
 * (422 and a message, nothing saved) and reads what is.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/app/config";
import { readSettingsForm } from "../../src/admin/settingsPage";
import { settingsFrom } from "../../src/leads/settings";
import { agencyZone, setAgencyZone } from "../../src/lib/agencyZone";
import { formatAgencyTime } from "../../src/lib/formatAgencyTime";
import { formatCheckedAt } from "../../src/audit/summary";
import { spreadsheetTime, exportHeader } from "../../src/admin/export";

describe("AGENCY_TIME_ZONE", () => {
  it("defaults to the site config's zone and takes an IANA name", () => {
    expect(loadConfig({}).server.timeZone).toBe("America/New_York");
    expect(loadConfig({ AGENCY_TIME_ZONE: " America/Chicago " }).server.timeZone).toBe(
      "America/Chicago",
    );
  });

  it.each(["EST", "Central", "America/Nowhere", "<script>"])(
    "refuses %s at start with a message naming the setting",
    (zone) => {
      expect(() => loadConfig({ AGENCY_TIME_ZONE: zone })).toThrow(
        /AGENCY_TIME_ZONE must be an IANA time zone name/,
      );
    },
  );
});

describe("the process's zone is the one every time is written in", () => {
  it("moves the staff pages' times, the CSV's and the check's date together", () => {
    const before = agencyZone();
    const at = "2026-11-20T15:05:00.000Z";
    try {
      setAgencyZone("America/Chicago");
      expect(formatAgencyTime(at)).toBe("Fri, Nov 20, 2026, 9:05 AM CST");
      expect(spreadsheetTime(at)).toBe("2026-11-20 09:05");
      expect(exportHeader()).toContain("Received (America/Chicago)");
      expect(formatCheckedAt(at)).toBe("Nov 20, 2026, 9:05 AM CST");
      setAgencyZone("Europe/London");
      expect(formatCheckedAt(at)).toBe("Nov 20, 2026, 3:05 PM GMT");
      expect(() => setAgencyZone("EST")).toThrow(/Not an IANA time zone/);
      expect(agencyZone()).toBe("Europe/London");
    } finally {
      setAgencyZone(before);
    }
  });
});

const form = (fields: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of fields) f.append(k, v);
  return f;
};
const base: [string, string][] = [
  ["timeZone", "America/Chicago"],
  ["noticeTo", "Sales@Agency.test\nowner@agency.test, sales@agency.test"],
];
const active = [{ id: "st-ann" }, { id: "st-bob" }];

describe("the settings form", () => {
  it("reads a whole form: addresses lower-cased once, unticked boxes off", () => {
    const read = readSettingsForm(
      form([
        ...base,
        ["confirmationEmails", "on"],
        ["assignment", "round-robin"],
        ["assignTo", "st-bob"],
        ["assignTo", "st-ann"],
      ]),
      active,
    );
    expect(read).toEqual({
      ok: true,
      change: {
        timeZone: "America/Chicago",
        noticeTo: ["sales@agency.test", "owner@agency.test"],
        confirmationEmails: true,
        assignment: { mode: "round-robin", staff: ["st-ann", "st-bob"] },
        requireSecondFactor: false,
      },
    });
  });

  it.each([
    ["a zone that is not one", [["timeZone", "Mars/Olympus"], base[1]!], /time zone/],
    [
      "a script instead of an address",
      [base[0]!, ["noticeTo", "<script>alert(1)</script>"]],
      /is not an email address/,
    ],
    [
      "turns with nobody chosen",
      [...base, ["assignment", "round-robin"]],
      /at least one active account/,
    ],
    [
      "turns for an unknown or deactivated account",
      [...base, ["assignment", "round-robin"], ["assignTo", "st-gone"]],
      /no longer exists or is deactivated/,
    ],
  ] as [string, [string, string][], RegExp][])("refuses %s with a 422", (_, fields, message) => {
    const read = readSettingsForm(form(fields), active);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.status).toBe(422);
      expect(read.message).toMatch(message);
    }
  });

  it("an empty list of recipients means the server's own (LEAD_EMAIL_TO)", () => {
    const read = readSettingsForm(form([base[0]!, ["noticeTo", "  \n "]]), active);
    expect(read).toMatchObject({ ok: true, change: { noticeTo: [] } });
    const defaults = { timeZone: "UTC", noticeTo: ["desk@agency.test"] };
    const stored = [{ key: "notice.to", value: "[]", updatedAt: "x", updatedBy: null }];
    expect(settingsFrom(stored, defaults).noticeTo).toEqual(["desk@agency.test"]);
  });

  it("refuses more than 20 recipients", () => {
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@agency.test`).join("\n");
    const read = readSettingsForm(form([base[0]!, ["noticeTo", many]]), active);
    expect(read).toMatchObject({ ok: false, message: "At most 20 addresses." });
  });
});

describe("stored settings", () => {
  const defaults = { timeZone: "America/New_York", noticeTo: ["desk@agency.test"] };
  const row = (key: string, value: string) => ({ key, value, updatedAt: "x", updatedBy: null });
  it("a key without a row, or with a value that is not one, is its default", () => {
    expect(settingsFrom([], defaults)).toMatchObject({
      timeZone: "America/New_York",
      noticeTo: ["desk@agency.test"],
      confirmationEmails: true,
      assignment: { mode: "none" },
      requireSecondFactor: false,
    });
    const odd = settingsFrom(
      [
        row("timeZone", '"EST"'),
        row("notice.to", "[]x"),
        row("confirmation.emails", '"no"'),
        row("lead.assignment", '{"mode":"round-robin","staff":[1]}'),
      ],
      defaults,
    );
    expect(odd).toMatchObject({
      timeZone: "America/New_York",
      noticeTo: ["desk@agency.test"],
      confirmationEmails: true,
      assignment: { mode: "none" },
    });
    expect(
      settingsFrom(
        [row("timeZone", '"Asia/Tokyo"'), row("confirmation.emails", "false")],
        defaults,
      ),
    ).toMatchObject({ timeZone: "Asia/Tokyo", confirmationEmails: false });
  });
});
