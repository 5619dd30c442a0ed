import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import { describe, it } from "@jest/globals";
import { contentOf, fingerprintOf, fqdnOf, isValidValue, markerName, markerValue, normalizeDomainName, normalizeRecordName, quoteTxt } from "../../services/dns/names.ts";

/** The dns service's name and record-content rules (services/dns/names.ts), as plain functions. */
describe("dns names and record values", () => {
  it("stores a domain name lower-case without its trailing dot; null for what is no domain", () => {
    assert.equal(normalizeDomainName("  Example.COM. "), "example.com");
    assert.equal(normalizeDomainName("a-b.example.co.uk"), "a-b.example.co.uk");
    for (const bad of ["", "localhost", "-a.example.com", "a-.example.com", "under_score.example.com", "example.123", "a..example.com", `${"a".repeat(64)}.com`]) {
      assert.equal(normalizeDomainName(bad), null, bad);
    }
    assert.equal(normalizeDomainName(`${"a.".repeat(126)}com`), null, "longer than 253 characters");
  });

  it("makes a record name relative to its domain: @ for the apex, the prefix for names inside it", () => {
    const domain = "example.com";
    for (const apex of ["", "@", " @ ", "example.com", "EXAMPLE.com.", "example.com."]) assert.equal(normalizeRecordName(apex, domain), "@", apex);
    assert.equal(normalizeRecordName("WWW", domain), "www");
    assert.equal(normalizeRecordName("www.example.com.", domain), "www");
    assert.equal(normalizeRecordName("a.b.example.com", domain), "a.b");
    assert.equal(normalizeRecordName("*.apps", domain), "*.apps");
    assert.equal(normalizeRecordName("_acme-challenge", domain), "_acme-challenge");
  });

  it("refuses a record name outside the domain, a misplaced wildcard or a bad label", () => {
    const domain = "example.com";
    assert.equal(normalizeRecordName("www.other.org.", domain), null, "absolute and outside the domain");
    assert.equal(normalizeRecordName("@.", domain), null, "an absolute @");
    assert.equal(normalizeRecordName("apps.*", domain), null, "a wildcard that is not the first label");
    assert.equal(normalizeRecordName("-bad", domain), null);
    assert.equal(normalizeRecordName("a..b", domain), null);
    const long = `${"a".repeat(63)}.`.repeat(3) + "a".repeat(50);
    assert.equal(normalizeRecordName(long, domain), null, "an FQDN of more than 253 characters");
    assert.equal(normalizeRecordName(long.slice(1), domain), long.slice(1), "253 characters exactly");
  });

  it("builds FQDNs and ownership markers", () => {
    assert.equal(fqdnOf("@", "example.com"), "example.com");
    assert.equal(fqdnOf("www", "example.com"), "www.example.com");
    assert.equal(markerName("www.example.com"), "_autoglue.www.example.com");
    assert.equal(markerValue("org-1"), "heritage=autoglue,autoglue/owner=org-1");
  });

  it("checks a value against its record type", () => {
    const valid: [Parameters<typeof isValidValue>[0], string][] = [
      ["A", "192.0.2.1"],
      ["AAAA", "2001:db8::1"],
      ["CNAME", "target.example.net."],
      ["NS", "ns1.example.net"],
      ["TXT", 'v=spf1 include:"x" -all'],
      ["MX", "10 mail.example.com"],
      ["MX", "0 ."],
      ["SRV", "10 5 5060 sip.example.com"],
      ["CAA", '0 issue "letsencrypt.org"'],
      ["CAA", "128 iodef mailto:security@example.com"],
    ];
    for (const [type, value] of valid) assert.equal(isValidValue(type, value), true, `${type} ${value}`);
    const invalid: [Parameters<typeof isValidValue>[0], string][] = [
      ["A", "256.0.0.1"],
      ["A", "2001:db8::1"],
      ["AAAA", "192.0.2.1"],
      ["CNAME", "not a host"],
      ["TXT", "line\nbreak"],
      ["MX", "mail.example.com"],
      ["MX", "70000 mail.example.com"],
      ["SRV", "10 5 sip.example.com"],
      ["CAA", '256 issue "ca.example"'],
      ["CAA", '0 issuewildcardtoolong "x"'],
    ];
    for (const [type, value] of invalid) assert.equal(isValidValue(type, value), false, `${type} ${value}`);
  });

  it("writes record content in zone-file form: absolute host names, quoted TXT and CAA values", () => {
    assert.equal(contentOf("CNAME", "Target.Example.NET"), "target.example.net.");
    assert.equal(contentOf("NS", "ns1.example.net."), "ns1.example.net.");
    assert.equal(contentOf("MX", "10  Mail.Example.com"), "10 mail.example.com.");
    assert.equal(contentOf("MX", "0 ."), "0 .");
    assert.equal(contentOf("SRV", "10 5 5060 SIP.example.com"), "10 5 5060 sip.example.com.");
    assert.equal(contentOf("CAA", "0 ISSUE letsencrypt.org"), '0 issue "letsencrypt.org"');
    assert.equal(contentOf("CAA", '0 issue "letsencrypt.org"'), '0 issue "letsencrypt.org"');
    assert.equal(contentOf("AAAA", "2001:DB8::1"), "2001:db8::1");
    assert.equal(contentOf("A", " 192.0.2.1 "), "192.0.2.1");
    assert.equal(contentOf("TXT", 'say "hi"'), '"say \\"hi\\""');
  });

  it("quotes TXT text, splitting it into strings of at most 255 characters without cutting an escape", () => {
    assert.equal(quoteTxt('"already quoted"'), '"already quoted"');
    assert.equal(quoteTxt(""), '""');
    assert.equal(quoteTxt("a\\b"), '"a\\\\b"');
    const long = quoteTxt("x".repeat(300));
    assert.equal(long, `"${"x".repeat(255)}" "${"x".repeat(45)}"`);
    // the escape of the quote at position 254 would straddle the cut: it moves whole to the next string
    const split = quoteTxt(`${"y".repeat(254)}"z`);
    assert.equal(split, `"${"y".repeat(254)}" "\\"z"`);
  });

  it("fingerprints a record set by its canonical JSON, whatever the order of its values", () => {
    const input = { fqdn: "www.example.com", ttl: 300, type: "A", values: ["192.0.2.2", "192.0.2.1"], zone_id: "Z1" };
    const expected = createHash("sha256")
      .update(JSON.stringify({ fqdn: "www.example.com", ttl: 300, type: "A", values: ["192.0.2.1", "192.0.2.2"], zone_id: "Z1" }))
      .digest("hex");
    assert.equal(fingerprintOf(input), expected);
    assert.equal(fingerprintOf({ ...input, values: ["192.0.2.1", "192.0.2.2"] }), expected);
    assert.deepEqual(input.values, ["192.0.2.2", "192.0.2.1"], "the caller's list is left as it was");
    assert.notEqual(fingerprintOf({ ...input, ttl: 301 }), expected);
    assert.notEqual(fingerprintOf({ ...input, zone_id: "Z2" }), expected);
  });
});
