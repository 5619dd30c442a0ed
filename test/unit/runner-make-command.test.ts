import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { makeCommand, shellQuote } from "../../services/runner/make-command.ts";

describe("runner: the make command line of a run step", () => {
  const base = { runDir: "/tmp/run-0190", target: "deploy", dockerImage: "", dockerTag: "", toolkitDir: "/opt/toolkit" };

  it("runs inside the cluster's image with the run directory mounted when docker_image and docker_tag are set", () => {
    assert.equal(
      makeCommand({ ...base, dockerImage: "ghcr.io/acme/toolkit", dockerTag: "1.4.2" }),
      "docker run --rm -v '/tmp/run-0190:/run' -e 'RUN_DIR=/run' 'ghcr.io/acme/toolkit:1.4.2' make 'deploy'",
    );
  });

  it("runs on the bastion in the toolkit directory otherwise (also when only one of image and tag is set)", () => {
    const expected = "cd '/opt/toolkit' && RUN_DIR='/tmp/run-0190' make 'ping-servers'";
    assert.equal(makeCommand({ ...base, target: "ping-servers" }), expected);
    assert.equal(makeCommand({ ...base, target: "ping-servers", dockerImage: "img" }), expected);
    assert.equal(makeCommand({ ...base, target: "ping-servers", dockerTag: "1" }), expected);
  });

  it("quotes every word, so a path with spaces or quotes stays one word", () => {
    assert.equal(shellQuote("it's"), `'it'\\''s'`);
    assert.equal(makeCommand({ ...base, toolkitDir: "/opt/my tool's" }), `cd '/opt/my tool'\\''s' && RUN_DIR='/tmp/run-0190' make 'deploy'`);
  });
});
