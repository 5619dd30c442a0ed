import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

type Json = Record<string, unknown>;

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

interface Compiled {
  re: RegExp;
  method: string;
  op: Operation;
}

// ajv-formats is CommonJS with a default export; under Node's ESM interop it may arrive wrapped
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats: AddFormats = (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

/**
 * Checks responses against the gateway's own OpenAPI document: the content type of every
 * documented status, and JSON bodies against the documented schema. A mismatch throws, so the
 * test that produced the response fails and names the field.
 */
export class ResponseValidator {
  private doc?: Promise<Compiled[]>;
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly compiled = new Map<Json, ValidateFunction>();

  constructor(private readonly baseUrl: string) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: "doc", components: {} }, undefined, false);
  }

  private load(): Promise<Compiled[]> {
    this.doc ??= fetch(`${this.baseUrl}/api/v1/openapi.json`)
      .then((r) => r.json() as Promise<{ paths: Record<string, Record<string, Operation>>; components: Json }>)
      .then((doc) => {
        this.ajv.removeSchema("doc");
        this.ajv.addSchema({ $id: "doc", components: doc.components }, undefined, false);
        const out: Compiled[] = [];
        for (const [path, item] of Object.entries(doc.paths)) {
          const re = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);
          for (const [method, op] of Object.entries(item)) out.push({ re, method: method.toUpperCase(), op });
        }
        // literal segments before parameters: /x/literal must win over /x/{id}
        return out.sort((a, b) => b.re.source.replace(/\[\^\/\]\+/g, "").length - a.re.source.replace(/\[\^\/\]\+/g, "").length);
      });
    return this.doc;
  }

  private validatorFor(schema: Json): ValidateFunction {
    let fn = this.compiled.get(schema);
    if (!fn) {
      const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as Json;
      fn = this.ajv.compile(rewritten);
      this.compiled.set(schema, fn);
    }
    return fn;
  }

  /** Throws when a documented route answered something its document does not describe. */
  async check(method: string, url: string, status: number, contentType: string, body: unknown, text: string): Promise<void> {
    const path = new URL(url, this.baseUrl).pathname.replace(/\/$/, "") || "/";
    if (path === "/api/v1/openapi.json") return;
    const ops = await this.load();
    const match = ops.find((o) => o.method === method && o.re.test(path));
    if (!match) return; // undocumented path: the route-coverage test catches gateway/document drift
    const response = match.op.responses?.[String(status)];
    const where = `${method} ${path} → ${status}`;
    if (!response) {
      if (status === 404 || status === 405) return; // unknown ids/paths under a documented template
      throw new Error(`${where}: status not documented (body: ${text.slice(0, 200)})`);
    }
    if (!response.content) {
      if (text.length > 0) throw new Error(`${where}: documented without a body but answered ${text.slice(0, 100)}`);
      return;
    }
    // the documented type the answer has (a live tail's route documents JSON and an event stream), else the first
    const documented = Object.entries(response.content);
    const [documentedType, media] = documented.find(([type]) => type !== "*/*" && contentType.startsWith(type)) ?? documented[0]!;
    if (documentedType !== "*/*" && !contentType.startsWith(documentedType)) {
      throw new Error(`${where}: content type ${contentType || "(none)"} but the document says ${documentedType}`);
    }
    if (documentedType !== "application/json" || !media.schema || Object.keys(media.schema).length === 0) return;
    const validate = this.validatorFor(media.schema);
    if (!validate(body)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`);
      throw new Error(`${where}: body does not match the documented schema: ${errors.join("; ")}`);
    }
  }
}
