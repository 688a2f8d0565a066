/**
 * The CSV export's file as a spreadsheet opens it (src/admin/export.ts): a byte-order mark so
 * Excel reads UTF-8 ("José Muñoz"), the columns every form shares first in a fixed order, US
 * phones in national format (no apostrophe needed), other numbers and formulas still
 * neutralised, times on the agency's New York clock as "YYYY-MM-DD HH:MM".
 */
import { describe, expect, it } from "vitest";
import {
  exportCells,
  exportHead,
  exportHeader,
  exportLine,
  formFields,
  spreadsheetTime,
  type ExportRow,
} from "../../src/admin/export";
import type { ExportDetails } from "../../src/admin/store/types";
import { formatPhone } from "../../src/leads/phone";
import type { LeadRecord } from "../../src/leads/store/types";

const details: ExportDetails = {
  status: "new",
  firstContactedAt: null,
  lostReason: null,
  assignee: null,
  score: null,
};

function row(lead: Partial<LeadRecord>, work: Partial<ExportDetails> = {}): ExportRow {
  return {
    lead: {
      id: "0196a6c2-3f5e-7c31-9d0a-6f1e2b3c4d5e",
      kind: "contact",
      form: "contact",
      subject: "Contact Form Submission",
      createdAt: "2026-01-15T14:05:00.000Z",
      spam: false,
      fields: {},
      metadata: {
        source: "contact_form",
        page: "/",
        landingPage: "/lawn-care-marketing",
        referrer: null,
        timestamp: "2026-01-15T14:05:00.000Z",
        userAgent: "test",
        utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring" },
        ipHash: null,
        spamReasons: [],
      },
      ...lead,
    },
    details: { ...details, ...work },
  };
}

/** The cell of `column` in a row's cells. */
const cell = (r: ExportRow, column: string) => exportCells(r)[exportHeader().indexOf(column)];

describe("the CSV export's file", () => {
  it("writes times as the New York wall clock shows them, through both clock changes", () => {
    const wall = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "America/New_York",
      dateStyle: "short",
      timeStyle: "short",
    });
    // Every 7 minutes of 2026, the clock changes of 8 March and 1 November included.
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 60_000) {
      const at = new Date(ms).toISOString();
      if (spreadsheetTime(at) !== wall.format(ms))
        expect(spreadsheetTime(at), at).toBe(wall.format(ms));
      // PostgreSQL's export rows carry the time as epoch milliseconds.
      if (spreadsheetTime(ms + 59_999) !== wall.format(ms))
        expect(spreadsheetTime(ms + 59_999), `${at} + 59.999 s`).toBe(wall.format(ms));
    }
    expect(spreadsheetTime("2026-03-08T06:59:00Z")).toBe("2026-03-08 01:59");
    expect(spreadsheetTime("2026-11-01T05:59:00Z")).toBe("2026-11-01 01:59");
    expect(spreadsheetTime("2026-11-01T06:00:00Z")).toBe("2026-11-01 01:00");
    expect(spreadsheetTime(null)).toBe("");
    expect(spreadsheetTime(Date.UTC(1969, 11, 31, 23, 59), "UTC")).toBe("1969-12-31 23:59");
  });

  it("starts with a byte-order mark, so 'José Muñoz' opens as written", () => {
    const file =
      exportHead() +
      exportLine(row({ fields: { "full-name": "José Muñoz", email: "jose@example.test" } }));
    const bytes = Buffer.from(file, "utf8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.includes(Buffer.from("Jos\u00e9 Mu\u00f1oz", "utf8"))).toBe(true);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).split("\r\n")[1]).toMatch(
      /^"José Muñoz",/,
    );
  });

  it("puts the shared columns first, the same for every form, then the form's own fields", () => {
    expect(exportHeader().slice(0, 20)).toEqual([
      "Name",
      "Company",
      "Email",
      "Phone",
      "Website",
      "Message",
      "Form",
      "Status",
      "Assignee",
      "Tags",
      "Source",
      "Campaign",
      "Landing page",
      "Received (America/New_York)",
      "First contacted (America/New_York)",
      "Won value (USD)",
      "Lost reason",
      "Follow-up (America/New_York)",
      "Follow-up note",
      "Website score",
    ]);
    expect(exportHeader().slice(20, 20 + formFields.length)).toEqual(formFields);
    expect(formFields).toContain("revenueGoals");
    expect(formFields).not.toContain("ownerName");
    expect(exportHeader().slice(-3)).toEqual(["Sent from", "Possible spam", "Lead ID"]);

    // Each form names the person and the company its own way; the file has one column each.
    const audit = row({
      kind: "audit",
      form: "audit",
      fields: { ownerName: "Dana Audit", companyName: "Green Acres", website: "https://g.test" },
    });
    const contact = row({ fields: { "full-name": "Casey", company: "Oak & Sons" } });
    expect(exportCells(audit).slice(0, 5)).toEqual([
      "Dana Audit",
      "Green Acres",
      undefined,
      "",
      "https://g.test",
    ]);
    expect(exportCells(contact).slice(0, 2)).toEqual(["Casey", "Oak & Sons"]);
    expect(cell(audit, "Form")).toBe("Free audit");
    expect(cell(contact, "Form")).toBe("Contact message");
  });

  it("writes a US phone in national format, which needs no apostrophe", () => {
    const us = exportLine(row({ fields: { phone: "+15125550142" } }));
    expect(us).toContain('"(512) 555-0142"');
    expect(us).not.toContain("'+1");
    const ext = exportLine(row({ fields: { phone: "+15125550142;ext=12" } }));
    expect(ext).toContain('"(512) 555-0142 ext. 12"');
    // A number abroad keeps its + and is neutralised like a formula, as before.
    const uk = exportLine(row({ fields: { phone: "+442079460958" } }));
    expect(uk).toContain(`"'+44 20 7946 0958"`);
  });

  it("formats a number the same however many of its exchange came before", () => {
    // Canada shares +1: international, like any number abroad; an exchange that cannot exist
    // (555-1xx) is shown as stored. Each asked twice: the second answer comes from the memo.
    for (let round = 0; round < 2; round++) {
      expect(formatPhone("+15125550142")).toBe("(512) 555-0142");
      expect(formatPhone("+15125550199;ext=7")).toBe("(512) 555-0199 ext. 7");
      expect(formatPhone("+14165550142")).toBe("+1 416 555 0142");
      expect(formatPhone("+15121000000")).toBe("+15121000000");
      expect(formatPhone("call me")).toBe("call me");
    }
  });

  it("still neutralises every cell a spreadsheet would run as a formula", () => {
    const line = exportLine(
      row({
        fields: {
          "full-name": '=HYPERLINK("http://evil.example","click")',
          company: "@SUM(1+1)",
          message: "-2+3",
          revenueGoals: "+1000",
        },
      }),
    );
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain(`"'@SUM(1+1)"`);
    expect(line).toContain(`"'-2+3"`);
    expect(line).toContain(`"'+1000"`);
    expect(line.split('","').every((c) => !/^"?[=+\-@]/.test(c))).toBe(true);
  });

  it("strips bidirectional controls, which would show a cell's text reversed or reordered", () => {
    // "Invoice \u202Efdp.exe" shows as "Invoice exe.pdf" in a spreadsheet.
    const bidi = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C";
    const line = exportLine(
      row({
        fields: {
          "full-name": "Dana \u202Efdp.exe",
          company: `Green${bidi}Acres`,
          message: '\u202E=HYPERLINK("http://evil.example")',
        },
      }),
    );
    expect(line).toContain(`"Dana fdp.exe"`);
    expect(line).toContain(`"GreenAcres"`);
    // Stripped first, so a formula behind an override is still neutralised.
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(line).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
  });

  it("shows where the lead stands and came from, times on the agency's clock", () => {
    const worked = row(
      { createdAt: "2026-07-15T03:59:00.000Z" },
      {
        status: "lost",
        firstContactedAt: "2026-07-15T13:30:00.000Z",
        lostReason: "Went with a cheaper agency",
        assignee: "sam@agency.test",
        score: 72,
        tags: ["roofing", "spring 2027"],
      },
    );
    expect(cell(worked, "Status")).toBe("Lost");
    expect(cell(worked, "Assignee")).toBe("sam@agency.test");
    expect(cell(worked, "Tags")).toBe("roofing, spring 2027");
    expect(cell(worked, "Source")).toBe("google/cpc");
    expect(cell(worked, "Campaign")).toBe("spring");
    expect(cell(worked, "Landing page")).toBe("/lawn-care-marketing");
    // EDT (UTC-4) in July: the lead arrived the evening before in New York.
    expect(cell(worked, "Received (America/New_York)")).toBe("2026-07-14 23:59");
    expect(cell(worked, "First contacted (America/New_York)")).toBe("2026-07-15 09:30");
    expect(cell(worked, "Lost reason")).toBe("Went with a cheaper agency");
    expect(cell(worked, "Website score")).toBe(72);
    // Won value as a plain number; the follow-up's due time on the agency's clock, its note.
    const won: ExportRow = {
      ...row({}, { status: "won" }),
      extras: {
        wonValueCents: 125_050,
        followUpDueAt: "2026-07-15T13:30:00.000Z",
        followUpNote: "Send the proposal",
      },
    };
    expect(cell(won, "Won value (USD)")).toBe("1250.50");
    expect(cell(won, "Follow-up (America/New_York)")).toBe("2026-07-15 09:30");
    expect(cell(won, "Follow-up note")).toBe("Send the proposal");
    expect(cell(worked, "Won value (USD)")).toBe("");
    expect(cell(worked, "Follow-up (America/New_York)")).toBe("");
    // EST (UTC-5) in January; a lead not contacted yet has an empty cell.
    expect(cell(row({}), "Received (America/New_York)")).toBe("2026-01-15 09:05");
    expect(cell(row({}), "First contacted (America/New_York)")).toBe("");
    expect(spreadsheetTime("2026-03-08T07:00:00Z")).toBe("2026-03-08 03:00"); // summer time began
    const spam = row({
      spam: true,
      metadata: { ...row({}).lead.metadata, spamReasons: ["too_fast"] },
    });
    expect(cell(spam, "Possible spam")).toBe("too_fast");
    expect(cell(spam, "Lead ID")).toBe("0196a6c2-3f5e-7c31-9d0a-6f1e2b3c4d5e");
  });
});
