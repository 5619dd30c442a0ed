import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import * as prettier from "prettier";

/**
 * Turns the gateway's OpenAPI document into the client's types (`src/schema.d.ts`) and the error
 * style of each operation (`src/error-styles.ts`): the same functions for `npm run
 * client:generate` (the document built in-process), `npm run client:check` and the drift test
 * (the document a running gateway serves over HTTP), so the files in the repository can be
 * compared byte for byte with what the live document gives.
 */

const here = dirname(fileURLToPath(import.meta.url));

/** The generated files: the types, and the error style of each operation (the one thing the client needs at run time). */
export const SCHEMA_FILE = join(here, "..", "src", "schema.d.ts");
export const ERROR_STYLES_FILE = join(here, "..", "src", "error-styles.ts");

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

interface StyledDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
}

/**
 * `src/error-styles.ts`: for each operation (`GET /api/v1/servers/{id}`), the style its errors
 * are written in, as the document gives it (the content type of its 400: every operation
 * documents one): `json` for `{code, message}`, `text` for plain text.
 */
export async function renderErrorStyles(doc: unknown): Promise<string> {
  const entries: string[] = [];
  for (const [path, item] of Object.entries((doc as StyledDocument).paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const content = Object.keys(op.responses?.["400"]?.content ?? {})[0];
      if (content === undefined) throw new Error(`${method.toUpperCase()} ${path} documents no 400: its error style is unknown`);
      entries.push(`  ${JSON.stringify(`${method.toUpperCase()} ${path}`)}: ${JSON.stringify(content === "application/json" ? "json" : "text")},`);
    }
  }
  const text = `/**
 * Generated from the OpenAPI document the gateway serves (/api/v1/openapi.json) with src/schema.d.ts
 * (\`npm run client:generate\`). Do not edit: \`npm run client:check\` fails on any difference.
 */
import type { ErrorStyle } from "./errors.ts";

/** The error style of each operation, \`<METHOD> <path>\` as the document names it: plain text or \`{code, message}\`. */
export const ERROR_STYLES: Readonly<Record<string, ErrorStyle>> = {
${entries.join("\n")}
};
`;
  const options = (await prettier.resolveConfig(ERROR_STYLES_FILE)) ?? {};
  return prettier.format(text, { ...options, filepath: ERROR_STYLES_FILE });
}

/** Every generated file and what the document gives for it. */
export async function renderAll(doc: unknown): Promise<{ file: string; text: string }[]> {
  return [
    { file: SCHEMA_FILE, text: await renderSchema(doc) },
    { file: ERROR_STYLES_FILE, text: await renderErrorStyles(doc) },
  ];
}

/** The first line where two renderings of `file` differ, for a drift report a person can act on. */
export function firstDifference(expected: string, actual: string, file = SCHEMA_FILE): string | undefined {
  if (expected === actual) return undefined;
  const a = expected.split("\n");
  const b = actual.split("\n");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      return `${relative(process.cwd(), file)}:${i + 1}: the file has ${JSON.stringify(a[i] ?? "(end of file)")}, the live document gives ${JSON.stringify(b[i] ?? "(end of file)")}`;
    }
  }
  return "the files differ";
}
