/**
 * The configuration table of docs/operations/configuration.md, generated from shared/config.ts:
 * one row per documented variable (CONFIG_DOCS, in its order), the default column from what the
 * schema makes of an empty environment (a variable without a schema default shows CONFIG_DOCS'
 * `unset` text, or "none"). The table sits between the two marker comments of that file.
 *
 *   npm run docs:config             rewrite the table in the file
 *   npm run docs:config -- --check  exit 1 (and say so) when the file's table is not the generated one
 *   node --import tsx scripts/config-table.ts --print   print the table only
 *
 * test/unit/docs-links.test.ts runs the check in-process.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { CONFIG_DOCS, schemaDefaults, type ConfigVariable } from "../shared/config.ts";

const ROOT = resolve(import.meta.dirname, "..");
export const CONFIG_DOC_FILE = resolve(ROOT, "docs/operations/configuration.md");
export const START = "<!-- config-table:start -->";
export const END = "<!-- config-table:end -->";

/** Quoted section names in a description, made links from docs/operations/. */
const SECTIONS: Record<string, string> = {
  Security: "security.md",
  Resilience: "resilience.md",
  "First administrator": "security.md#first-administrator",
  "docker compose": "distributed.md#docker-compose",
};

function linkSections(text: string): string {
  return text.replace(/"([^"]+)"/g, (whole, name: string) => {
    const target = SECTIONS[name];
    return target === undefined ? whole : `[${name}](${target})`;
  });
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

/** A schema default as the table shows it. */
function shown(value: unknown): string {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return `\`${String(value)}\``;
  throw new Error(`config table: cannot show the default ${JSON.stringify(value)}`);
}

/** The markdown table (header, separator, one line per row), without the markers. */
export function configTable(): string {
  const defaults = schemaDefaults() as Record<string, unknown>;
  const names = Object.keys(CONFIG_DOCS) as ConfigVariable[];
  const lines = ["| Variable | Default | Meaning |", "|---|---|---|"];
  for (const head of names) {
    const entry = CONFIG_DOCS[head];
    if (!("doc" in entry)) {
      if (!("doc" in CONFIG_DOCS[entry.sameRowAs])) throw new Error(`config table: ${head} joins ${entry.sameRowAs}, which joins another row`);
      continue;
    }
    const row = [
      head,
      ...names.filter((n) => {
        const e = CONFIG_DOCS[n];
        return "sameRowAs" in e && e.sameRowAs === head;
      }),
    ];
    const cells = row.map((name) => {
      const value = defaults[name];
      const unset = CONFIG_DOCS[name].unset;
      if (!isUnset(value)) {
        // the schema decides: a description may not claim another default
        if (unset !== undefined) throw new Error(`config table: ${name} has a schema default (${String(value)}); remove its \`unset\` text`);
        return shown(value);
      }
      return unset ?? entry.unset ?? "none";
    });
    const defaultCell = cells.every((c) => c === cells[0]) ? cells[0]! : cells.join(", ");
    const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
    lines.push(`| ${row.map((n) => `\`${n}\``).join(", ")} | ${cell(defaultCell)} | ${cell(linkSections(entry.doc))} |`);
  }
  return lines.join("\n");
}

/** `text` with the table between its markers replaced by the generated one. */
export function withTable(text: string): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`config table: ${CONFIG_DOC_FILE} lacks the markers ${START} … ${END}`);
  return `${text.slice(0, start + START.length)}\n\n${configTable()}\n\n${text.slice(end)}`;
}

/** Whether the file's table is the generated one. */
export function checkConfigTable(file = CONFIG_DOC_FILE): { ok: boolean; expected: string; actual: string } {
  const actual = readFileSync(file, "utf8");
  const expected = withTable(actual);
  return { ok: actual === expected, expected, actual };
}

function main(args: string[]): number {
  if (args.includes("--print")) {
    process.stdout.write(`${configTable()}\n`);
    return 0;
  }
  const { ok, expected } = checkConfigTable();
  if (args.includes("--check")) {
    if (!ok) process.stderr.write(`${CONFIG_DOC_FILE}: the configuration table differs from shared/config.ts; run \`npm run docs:config\`\n`);
    return ok ? 0 : 1;
  }
  if (!ok) writeFileSync(CONFIG_DOC_FILE, expected);
  process.stdout.write(ok ? "configuration table up to date\n" : `wrote the configuration table into ${CONFIG_DOC_FILE}\n`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(main(process.argv.slice(2)));
