import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { REDACTED, Redactor, secretValues } from "../../services/runner/redact.ts";

const PASSWORD = "hunter2-password";

/** Feeds `pieces` to a redactor of `secrets`: what each push answers, then what `end` answers. */
function stream(secrets: readonly string[], pieces: readonly string[]): { pushed: string[]; rest: string } {
  const redactor = new Redactor(secretValues(secrets));
  const pushed = pieces.map((p) => redactor.push(p));
  return { pushed, rest: redactor.end() };
}

/** The runner's scrubbing of secrets from a run's output (services/runner/redact.ts), piece by piece as output arrives. */
describe("runner output redaction", () => {
  it("scrubs each secret whole and each long line of a multi-line one, longest first; ignores very short values", () => {
    const pem = "-----BEGIN KEY-----\nAAAAAAAAAAAAAAAAAAAA\r\nBBBBBBBBBBBBBBBBBBBBBBBB\nshort\n-----END KEY-----";
    assert.deepEqual(secretValues([pem, "abc", PASSWORD]), [pem, "BBBBBBBBBBBBBBBBBBBBBBBB", "AAAAAAAAAAAAAAAAAAAA", PASSWORD]);
    assert.deepEqual(secretValues(["12345"]), [], "a value under 6 characters would blank ordinary words");
    const { pushed, rest } = stream([pem], [`key: ${pem}\nline again: AAAAAAAAAAAAAAAAAAAA\n`]);
    assert.equal(pushed.join("") + rest, `key: ${REDACTED}\nline again: ${REDACTED}\n`);
  });

  it("writes output that begins no secret at once", () => {
    const { pushed, rest } = stream([PASSWORD], ["all clear\n", "still fine\n"]);
    assert.deepEqual(pushed, ["all clear\n", "still fine\n"]);
    assert.equal(rest, "");
  });

  it("holds back only the tail that may begin a secret, and redacts the secret once a later piece completes it", () => {
    const { pushed, rest } = stream([PASSWORD], ["login hun", "ter2-pa", "ssword! done"]);
    assert.deepEqual(pushed, ["login ", "", `${REDACTED}! done`]);
    assert.equal(rest, "");
  });

  it("lets the held tail go when the next piece shows it was no secret", () => {
    const { pushed, rest } = stream([PASSWORD], ["the hunt", "ing season\n"]);
    assert.deepEqual(pushed, ["the ", "hunting season\n"]);
    assert.equal(rest, "");
  });

  it("redacts a secret's unfinished beginning left at the end, unless it is too short to tell", () => {
    assert.deepEqual(stream([PASSWORD], ["cut at hunter2-"]), { pushed: ["cut at "], rest: REDACTED });
    assert.deepEqual(stream([PASSWORD], ["cut at hun"]), { pushed: ["cut at "], rest: "hun" });
  });

  it("redacts every occurrence, also two secrets side by side", () => {
    const { pushed, rest } = stream([PASSWORD, "s3cr3t-token"], [`${PASSWORD}${PASSWORD} and s3cr3t-token.`]);
    assert.equal(pushed.join("") + rest, `${REDACTED}${REDACTED} and ${REDACTED}.`);
  });

  it("passes everything through when there are no secrets", () => {
    assert.deepEqual(stream([], ["a", "b"]), { pushed: ["a", "b"], rest: "" });
  });
});
