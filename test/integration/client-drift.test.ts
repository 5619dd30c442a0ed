import { strict as assert } from "node:assert";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { firstDifference, renderAll } from "../../clients/typescript/scripts/schema-gen.ts";
import { openApiDocument } from "../../services/api/docs.ts";
import { startStack, type Stack } from "../helpers/stack.ts";

/**
 * The drift check of the TypeScript client (`npm run client:check` does the same): the types in
 * clients/typescript/src/schema.d.ts are what openapi-typescript makes of the document a running
 * gateway serves over HTTP. A change to a contract without `npm run client:generate` fails here.
 */
describe("client types and the served OpenAPI document", () => {
  let stack: Stack;
  let served: unknown;
  beforeAll(async () => {
    stack = await startStack({ services: ["api"] });
    const res = await fetch(`${stack.baseUrl}/api/v1/openapi.json`);
    assert.equal(res.status, 200);
    served = await res.json();
  });
  afterAll(() => stack?.stop());

  it("the committed types and error styles are generated from the live document, byte for byte", async () => {
    for (const { file, text } of await renderAll(served)) {
      const diff = firstDifference(await readFile(file, "utf8"), text, file);
      assert.equal(diff, undefined, `${diff ?? ""}\nrun \`npm run client:generate\` and commit the result`);
    }
  });

  it("client:generate's in-process document is the one the gateway serves", () => {
    // compared as text: the fetched body's objects come from another realm than the test's (Jest)
    assert.equal(JSON.stringify(openApiDocument()), JSON.stringify(served));
  });
});
