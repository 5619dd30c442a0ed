import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import * as prettier from "prettier";

/**
 * Turns the gateway's OpenAPI document into the client's types (`src/schema.d.ts`): the same
 * function for `npm run client:generate` (the document built in-process), `npm run client:check`
 * and the drift test (the document a running gateway serves over HTTP), so the file in the
 * repository can be compared byte for byte with what the live document gives.
 */

const here = dirname(fileURLToPath(import.meta.url));

/** The generated file. */
export const SCHEMA_FILE = join(here, "..", "src", "schema.d.ts");

const require = createRequire(import.meta.url);
const GENERATOR_VERSION = (JSON.parse(readFileSync(require.resolve("openapi-typescript/package.json"), "utf8")) as { version: string }).version;

const HEADER = `/**
 * Generated from the OpenAPI document the gateway serves (/api/v1/openapi.json) by
 * openapi-typescript ${GENERATOR_VERSION} (\`npm run client:generate\`). Do not edit: \`npm run client:check\`
 * regenerates it from a running gateway and fails on any difference.
 */
`;

/** The TypeScript declarations of an OpenAPI document, formatted as the repository's Prettier does. */
export async function renderSchema(doc: unknown): Promise<string> {
  const ast = await openapiTS(doc as OpenAPI3, { silent: true });
  const text = HEADER + "\n" + astToString(ast);
  const options = (await prettier.resolveConfig(SCHEMA_FILE)) ?? {};
  return prettier.format(text, { ...options, filepath: SCHEMA_FILE });
}

/** The first line where two renderings differ, for a drift report a person can act on. */
export function firstDifference(expected: string, actual: string): string | undefined {
  if (expected === actual) return undefined;
  const a = expected.split("\n");
  const b = actual.split("\n");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      return `${relative(process.cwd(), SCHEMA_FILE)}:${i + 1}: the file has ${JSON.stringify(a[i] ?? "(end of file)")}, the live document gives ${JSON.stringify(b[i] ?? "(end of file)")}`;
    }
  }
  return "the files differ";
}
