import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { isoTime } from "../../shared/iso-time.ts";

describe("isoTime", () => {
  it("formats exactly as toISOString, across days, hours and milliseconds", () => {
    const start = Date.UTC(2026, 11, 31, 23, 59, 58, 990);
    // every 7,777 ms over about four days, so the day changes and every field takes small and large values
    for (let ms = start - 2 * 86_400_000; ms < start + 2 * 86_400_000; ms += 7_777) {
      assert.equal(isoTime(new Date(ms)), new Date(ms).toISOString());
    }
    for (const ms of [0, 1, 999, 86_399_999, 86_400_000, Date.UTC(9999, 11, 31, 23, 59, 59, 999)]) assert.equal(isoTime(ms), new Date(ms).toISOString());
  });

  it("takes a stored string or number as well as a Date, and falls back outside years 0–9999", () => {
    assert.equal(isoTime("2026-11-27T10:00:00.5Z"), "2026-11-27T10:00:00.500Z");
    assert.equal(isoTime(-1), new Date(-1).toISOString());
    assert.equal(isoTime(Date.UTC(10000, 0, 1)), new Date(Date.UTC(10000, 0, 1)).toISOString());
    assert.throws(() => isoTime("not a date"), RangeError, "an invalid date is an error, as with toISOString");
  });
});
