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
