import { readFile, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { firstDifference, renderAll } from "./schema-gen.ts";

/**
 * `npm run client:generate`: writes src/schema.d.ts and src/error-styles.ts from the document the
 * gateway's builder makes (services/api/docs.ts), in-process: nothing needs to run.
 *
 * `npm run client:check [-- --url http://host:8080]`: fetches /api/v1/openapi.json over HTTP
 * from a running gateway (without --url it starts a throw-away one, the gateway alone, on a free
 * port), regenerates the files from it and exits 1 when they differ from the committed ones.
 *
 * Both also cover clients/terraform/openapi.json, the document the Terraform provider's Go client
 * is generated from (`npm run client:check:go` then checks the Go client against it).
 */

const GO_DOCUMENT = resolve(import.meta.dirname, "../../terraform/openapi.json");

/** The served document as the Go client's generator reads it. */
function goDocument(doc: unknown): { file: string; text: string } {
  return { file: GO_DOCUMENT, text: JSON.stringify(doc, null, 2) + "\n" };
}

async function fetchDocument(baseUrl: string): Promise<unknown> {
  const res = await fetch(new URL("/api/v1/openapi.json", baseUrl), { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`GET ${baseUrl}/api/v1/openapi.json answered ${res.status}`);
  return res.json();
}

/** Starts the gateway alone (no database needed) on a free port and fetches its document over HTTP. */
async function fetchFromThrowAwayGateway(): Promise<unknown> {
  Object.assign(process.env, { NODE_ENV: "test", HOST: "127.0.0.1", PORT: "0", SERVICES: "api", LOG_LEVEL: "warn", HEALTH_PORT: "0" });
  delete process.env.TRANSPORTER;
  const { ServiceBroker } = await import("moleculer");
  const { brokerOptions } = await import("../../../moleculer.config.ts");
  const { config } = await import("../../../shared/config.ts");
  const { default: createApiService } = await import("../../../services/api/api.service.ts");
  const broker = new ServiceBroker(brokerOptions(config(), { nodeID: `client-check-${process.pid}`, logWrite: (l) => process.stderr.write(l + "\n") }));
  const api = broker.createService(createApiService()) as unknown as { server: { address(): AddressInfo } };
  await broker.start();
  try {
    return await fetchDocument(`http://127.0.0.1:${api.server.address().port}`);
  } finally {
    await broker.stop();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { check: { type: "boolean", default: false }, url: { type: "string" } } });
  if (!values.check) {
    const { openApiDocument } = await import("../../../services/api/docs.ts");
    const doc = openApiDocument();
    for (const { file, text } of [...(await renderAll(doc)), goDocument(doc)]) {
      await writeFile(file, text);
      process.stdout.write(`wrote ${relative(process.cwd(), file)}\n`);
    }
    return 0;
  }
  const doc = values.url ? await fetchDocument(values.url) : await fetchFromThrowAwayGateway();
  for (const { file, text } of [...(await renderAll(doc)), goDocument(doc)]) {
    const diff = firstDifference(await readFile(file, "utf8"), text, file);
    if (diff) {
      process.stderr.write(`client types drifted from the served OpenAPI document (run \`npm run client:generate\`):\n${diff}\n`);
      return 1;
    }
  }
  process.stdout.write(`client types match the document served by ${values.url ?? "the gateway"}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`client:${process.argv.includes("--check") ? "check" : "generate"}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);
