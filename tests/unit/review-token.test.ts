/** The review page's sealed state: only this server's secret opens it, unchanged, for an hour. */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { LeadReview } from "../../src/leads/http";
import {
  MAX_TOKEN_LENGTH,
  openReview,
  REVIEW_TTL_MS,
  sealReview,
} from "../../src/leads/reviewToken";

const secret = "a-salt-shared-by-every-server-0123";
const review: LeadReview = {
  status: 422,
  form: "quick",
  values: { name: "Dana <b>Green</b> 🌿", email: "dana@example.test", phone: "abc" },
  errors: { phone: "Please enter a phone number." },
  message: "Please check the highlighted fields and try again.",
  next: "/thank-you",
  hidden: { _resent: "1", _page: "/free-audit" },
};

describe("review token", () => {
  it("opens what it sealed, exactly", () => {
    const token = sealReview(review, secret, 1_000)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(openReview(token, secret, 2_000)).toEqual({ ok: true, review });
  });
  it("hides the visitor's input from anyone reading the URL", () => {
    const token = sealReview(review, secret)!;
    expect(Buffer.from(token, "base64url").toString("latin1")).not.toContain("dana@example");
  });
  it("refuses another secret, a changed byte and garbage", () => {
    const token = sealReview(review, secret, 1_000)!;
    expect(openReview(token, "another-secret-entirely-0000", 2_000).ok).toBe(false);
    const flipped = `${token.slice(0, 40)}${token[40] === "A" ? "B" : "A"}${token.slice(41)}`;
    expect(openReview(flipped, secret, 2_000)).toEqual({ ok: false, reason: "invalid" });
    for (const junk of ["", "x", "<script>", "A".repeat(MAX_TOKEN_LENGTH + 1)]) {
      expect(openReview(junk, secret).ok).toBe(false);
    }
  });
  it("expires after an hour", () => {
    const token = sealReview(review, secret, 0)!;
    expect(openReview(token, secret, REVIEW_TTL_MS).ok).toBe(true);
    expect(openReview(token, secret, REVIEW_TTL_MS + 1)).toEqual({ ok: false, reason: "expired" });
  });
  it("gives up on a review too large for a URL (the page is then rendered in place)", () => {
    const random = randomBytes(9000).toString("base64");
    const large = { ...review, values: { ...review.values, message: random } };
    expect(sealReview(large, secret)).toBeNull();
  });
});
