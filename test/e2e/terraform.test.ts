import { strict as assert } from "node:assert";
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { newTenant, signIn, type Tenant } from "../helpers/principals.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The Terraform provider (clients/terraform) against the running system: `go test ./...` there
 * runs its unit tests and, with TF_ACC=1, its acceptance tests, which drive the `terraform` binary
 * on PATH through create, update, import, a change made through the API showing in the next plan,
 * destroy, and a value the contract refuses refused at plan, for every resource kind.
 */

const PROVIDER_DIR = resolve(import.meta.dirname, "../../clients/terraform");
/** go test's output as it comes (-v), to follow a long run: its path is printed on failure too. */
const LOG = join(tmpdir(), `terraform-acc-${process.pid}.log`);

interface Run {
  code: number | null;
  output: string;
}

function run(cmd: string, args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(cmd, args, { cwd: PROVIDER_DIR, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(LOG, { flags: "a" });
  let output = "";
  const take = (d: Buffer) => {
    output += d.toString();
    log.write(d);
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  return new Promise((r) => child.once("close", (code) => log.end(() => r({ code, output }))));
}

describe("Terraform provider against the running system", () => {
  let stack: Stack;
  let owner: Tenant;
  let memberId: string;

  beforeAll(async () => {
    stack = await startStack({
      services: ["api", "auth", "orgs", "inventory", "credentials", "dns", "clusters", "jobs", "events"],
      env: { WEBHOOKS_ALLOW_PRIVATE: "true", JOBS_PERIODIC_ENABLED: "false", LOG_LEVEL: "warn" },
      checkResponses: false,
    });
    owner = await newTenant(stack, "Terraform");
    memberId = (await signIn(stack.broker)).user_id;
  });
  afterAll(async () => {
    await stack.stop();
  });

  // a cold build of the provider takes minutes on a busy machine; the acceptance tests run Terraform
  // about 150 times
  it(
    "go vet, the unit tests and every resource's acceptance test pass",
    async () => {
      const vet = await run("go", ["vet", "./..."], {});
      assert.equal(vet.code, 0, `go vet failed:\n${vet.output}`);
      const tests = await run("go", ["test", "./...", "-count=1", "-timeout=22m", "-parallel=8", "-v"], {
        TF_ACC: "1",
        CHECKPOINT_DISABLE: "1",
        CLUSTERINFRA_BASE_URL: stack.baseUrl,
        CLUSTERINFRA_TOKEN: owner.user.tokens.access_token,
        CLUSTERINFRA_ORG_ID: owner.orgId,
        TF_ACC_MEMBER_USER_ID: memberId,
      });
      assert.equal(tests.code, 0, `go test failed (log: ${LOG}):\n${tests.output}`);
      // every acceptance test ran (none skipped for a missing environment)
      assert.doesNotMatch(tests.output, /--- SKIP/, tests.output);
      assert.match(tests.output, /--- PASS: TestAccClusterKubeconfig/);
    },
    25 * 60_000,
  );
});
