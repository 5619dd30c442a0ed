import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { endpointRefusal, isBlockedAddress } from "../../shared/endpoint-guard.ts";

describe("tenant-supplied provider URLs (SSRF guard)", () => {
  it("blocks loopback, private, link-local, CGNAT, multicast and mapped addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not-an-ip",
    ]) {
      assert.equal(isBlockedAddress(a), true, a);
    }
    for (const a of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) assert.equal(isBlockedAddress(a), false, a);
  });

  it("refuses every IPv6 form of a refused IPv4 address: mapped, compatible, translated, NAT64, 6to4, Teredo", async () => {
    const blocked = [
      "::127.0.0.1",
      "::7f00:1",
      "::10.0.0.1",
      "::ffff:7f00:1",
      "::ffff:0:127.0.0.1",
      "0:0:0:0:0:ffff:a9fe:a9fe",
      "64:ff9b::7f00:1",
      "64:ff9b::127.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b:1::808:808",
      "2002:7f00:1::1",
      "2002:a00:1::",
      "2001:0:7f00:1::1",
      "2001:0:808:808::80ff:fffe",
      "fe80::1%eth0",
      "1::2::3",
    ];
    for (const a of blocked) assert.equal(isBlockedAddress(a), true, a);
    const allowed = ["::8.8.8.8", "::ffff:0:808:808", "64:ff9b::808:808", "2002:808:808::1", "2001:0:808:808::f7f7:f7f7", "2001:4860:4860::8888"];
    for (const a of allowed) assert.equal(isBlockedAddress(a), false, a);
    for (const url of ["http://[::127.0.0.1]/", "http://[64:ff9b::7f00:1]:8081/api/v1", "http://[2002:7f00:1::1]/", "http://[::ffff:169.254.169.254]/"]) {
      assert.deepEqual(await endpointRefusal(url, false), { message: "endpoint resolves to a private or reserved address (not allowed)", retryable: false }, url);
    }
  });

  it("refuses URLs that point inside our network, unless the operator allows it", async () => {
    for (const url of ["http://127.0.0.1:8081/api/v1", "http://[::1]/", "http://169.254.169.254/latest/meta-data", "https://10.0.0.5", "http://localhost:6379/"]) {
      assert.deepEqual(await endpointRefusal(url, false), { message: "endpoint resolves to a private or reserved address (not allowed)", retryable: false }, url);
      assert.equal(await endpointRefusal(url, true), undefined);
    }
    assert.equal(await endpointRefusal("https://8.8.8.8/api", false), undefined);
    assert.deepEqual(await endpointRefusal("not a url", false), { message: "invalid endpoint url", retryable: false });
  });
});

describe("IANA special-purpose address registries", () => {
  it("refuses every special-purpose block of IPv4 and IPv6, and allows ordinary public addresses next to them", () => {
    const refused = [
      "192.0.0.9",
      "192.0.2.10",
      "192.31.196.1",
      "192.52.193.1",
      "192.88.99.1",
      "192.175.48.1",
      "198.51.100.7",
      "203.0.113.200",
      "255.255.255.255",
      "fec0::1",
      "feff::1",
      "100::1",
      "100::ffff:ffff:ffff:ffff",
      "100:0:0:1::1",
      "2001:db8::1",
      "2001:db8:ffff::1",
      "2001:1::1",
      "2001:1::2",
      "2001:2::1",
      "2001:3::1",
      "2001:4:112::1",
      "2001:10::1",
      "2001:20::1",
      "2001:30::1",
      "2001:1ff::1",
      "2620:4f:8000::1",
      "3fff::1",
      "3fff:fff::1",
      "5f00::1",
      "64:ff9b:1::1",
      "64:ff9b::192.0.2.1",
      "::ffff:203.0.113.1",
    ];
    for (const a of refused) assert.equal(isBlockedAddress(a), true, a);
    const allowed = ["192.0.1.1", "198.51.101.1", "203.0.114.1", "2001:200::1", "2001:db9::1", "2620:4f:8001::1", "3fff:1000::1", "5f01::1", "101::1", "2001:0:808:808::f7f7:f7f7"];
    for (const a of allowed) assert.equal(isBlockedAddress(a), false, a);
  });

  it("refuses URLs whose literal host is in one of them", async () => {
    for (const url of ["http://[fec0::1]/hook", "http://[100::1]/", "http://[2001:db8::1]:8443/", "http://[2001:2::5]/", "http://192.0.2.1/"]) {
      assert.deepEqual(await endpointRefusal(url, false), { message: "endpoint resolves to a private or reserved address (not allowed)", retryable: false }, url);
    }
  });
});
