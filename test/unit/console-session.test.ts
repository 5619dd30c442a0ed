import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { isWebAddress } from "../../console/src/session.ts";

/** The operator console sends the browser only to web addresses the API gave it (console/src/session.ts). */
describe("console sign-in: where the browser may be sent", () => {
  it("an identity provider's http(s) sign-in page is a web address", () => {
    for (const address of ["https://github.com/login/oauth/authorize?client_id=x&state=y", "http://127.0.0.1:4010/authorize", "HTTPS://accounts.google.com/o/oauth2/v2/auth"])
      assert.equal(isWebAddress(address), true, address);
  });

  it("script, data and other schemes, relative paths and non-addresses are not", () => {
    for (const address of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "file:///etc/passwd",
      "ftp://example.com/",
      "/console/",
      "//evil.example/",
      "",
      "not a url",
    ])
      assert.equal(isWebAddress(address), false, address);
  });
});
