/**
 * Calendly's webhook signature and body (src/leads/scheduling/calendly.ts): signatures computed
 * here with node:crypto as Calendly documents them (`t=<seconds>,v1=<hex HMAC-SHA256(key,
 * "<t>.<body>")>`) are accepted within 3 minutes either way and refused otherwise; a changed
 * body, another key or a malformed header are refused; the body is read in Calendly's shape.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  answersText,
  inviteeName,
  parseCalendlyEvent,
  verifyCalendlySignature,
} from "../../src/leads/scheduling/calendly";
import { calendlyBody, calendlySignature, CALENDLY_KEY } from "../support/calendly";

const NOW = Date.parse("2026-11-28T14:00:00Z");
const T = NOW / 1000;
const body = JSON.stringify(calendlyBody("invitee.created"));
const bytes = new TextEncoder().encode(body);

describe("Calendly-Webhook-Signature", () => {
  it("accepts the documented signature within the window, either side of now", () => {
    for (const t of [T, T - 179, T + 179]) {
      expect(
        verifyCalendlySignature(calendlySignature(body, CALENDLY_KEY, t), bytes, CALENDLY_KEY, NOW),
      ).toEqual({ ok: true });
    }
  });

  it("refuses a stale or future timestamp, another key, a changed body", () => {
    const check = (header: string, raw = bytes) =>
      verifyCalendlySignature(header, raw, CALENDLY_KEY, NOW);
    expect(check(calendlySignature(body, CALENDLY_KEY, T - 181))).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(check(calendlySignature(body, CALENDLY_KEY, T + 600))).toEqual({
      ok: false,
      reason: "stale",
    });
    expect(check(calendlySignature(body, "another-signing-key-0123456", T))).toEqual({
      ok: false,
      reason: "mismatch",
    });
    const changed = new TextEncoder().encode(body.replace("Pat Booker", "Mallory"));
    expect(check(calendlySignature(body, CALENDLY_KEY, T), changed)).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("accepts any matching v1 of several (a key being rotated), refuses malformed headers", () => {
    const good = createHmac("sha256", CALENDLY_KEY).update(`${T}.${body}`).digest("hex");
    const old = createHmac("sha256", "old-key-0123456789abcdef")
      .update(`${T}.${body}`)
      .digest("hex");
    expect(
      verifyCalendlySignature(`t=${T},v1=${old},v1=${good}`, bytes, CALENDLY_KEY, NOW).ok,
    ).toBe(true);
    for (const header of [
      "",
      `v1=${good}`,
      `t=${T}`,
      `t=soon,v1=${good}`,
      `t=${T},v1=${good.slice(2)}`,
      `t=${T},v1=zz${good.slice(2)}`,
    ]) {
      expect(verifyCalendlySignature(header, bytes, CALENDLY_KEY, NOW).ok).toBe(false);
    }
    expect(verifyCalendlySignature(null, bytes, CALENDLY_KEY, NOW)).toEqual({
      ok: false,
      reason: "missing",
    });
  });
});

describe("Calendly's payload", () => {
  it("reads invitee.created and invitee.canceled, ignores other events", () => {
    const created = parseCalendlyEvent(JSON.parse(body));
    expect(created.ok && created.event.kind).toBe("created");
    const canceled = parseCalendlyEvent(calendlyBody("invitee.canceled", { reason: "Busy" }));
    expect(
      canceled.ok &&
        canceled.event.kind === "canceled" &&
        canceled.event.invitee.cancellation?.reason,
    ).toBe("Busy");
    expect(parseCalendlyEvent({ event: "routing_form_submission.created", payload: {} })).toEqual({
      ok: true,
      event: { kind: "other", event: "routing_form_submission.created" },
    });
  });

  it("names the first problem of a body that is not Calendly's shape", () => {
    expect(parseCalendlyEvent([])).toMatchObject({ ok: false });
    const noStart = calendlyBody("invitee.created");
    delete (noStart.payload as { scheduled_event: Record<string, unknown> }).scheduled_event
      .start_time;
    expect(parseCalendlyEvent(noStart)).toMatchObject({
      ok: false,
      problem: expect.stringContaining("scheduled_event.start_time"),
    });
    const badTime = calendlyBody("invitee.created", { start: "next Tuesday" });
    expect(parseCalendlyEvent(badTime)).toMatchObject({ ok: false });
  });

  it("takes the name from first and last when `name` is empty, and the answers in order", () => {
    const parsed = parseCalendlyEvent(
      calendlyBody("invitee.created", {
        name: "",
        answers: [
          { question: "Second?", answer: "B", position: 1 },
          { question: "First?", answer: "A", position: 0 },
          { question: "Skipped?", answer: " ", position: 2 },
        ],
      }),
    );
    if (!parsed.ok || parsed.event.kind === "other") throw new Error("not read");
    const invitee = { ...parsed.event.invitee, first_name: "Pat", last_name: "Booker" };
    expect(inviteeName(invitee)).toBe("Pat Booker");
    expect(answersText(invitee)).toBe("First?: A\nSecond?: B");
  });
});
