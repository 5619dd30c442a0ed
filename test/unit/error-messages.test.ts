import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { Errors } from "moleculer";
import { ERROR_CATALOGUE, MESSAGES, toHttpError, type ErrorMessage } from "../../shared/errors.ts";

type Entries = typeof MESSAGES;
type Name = keyof Entries;
type Args<K extends Name> = Parameters<Entries[K]["text"]>;
type Parameterised = { [K in Name]: Args<K> extends [] ? never : K }[Name];

/** Arguments for every parameterised entry (the type makes the table complete). */
const SAMPLES: { [K in Parameterised]: Args<K> } = {
  notFound: ["widget"],
  alreadyExists: ["widget"],
  attachedToCluster: ["node_pool"],
  invalidField: ["size"],
  missingFields: [["name", "size"]],
  cannotBeChanged: ["provider"],
  invalidQueryParameter: ["q[$ne]"],
  idempotencyKeyTooLong: [255],
  tooManyOrgEventStreams: [50],
  tooManyCallerEventStreams: [10],
  serviceUnavailable: ["inventory"],
  notOneOf: ["provider", ["aws", "generic"]],
  notPositiveInteger: ["schema_version"],
  textTooLong: ["name", 100],
  kindNotForProvider: ["generic", ["api_token", "basic_auth"]],
  scopeNotEmpty: ["provider"],
  scopeOnlyField: ["service", "service"],
  scopeFieldRequired: ["resource", "arn"],
  scopeServiceName: ["service"],
  scopeArn: ["resource"],
  secretTooManyFields: ["api_token", 32],
  secretOnlyFields: ["basic_auth", ["username", "password"], []],
  secretFieldNames: ["api_token"],
  secretFieldRequired: ["oauth2", "client_id"],
  secretValueNotString: ["api_token", undefined],
  secretValueTooLong: ["api_token", "token", 16_384],
  secretValueEmpty: ["api_token", "token"],
  credentialNotForService: ["route53", "aws", ["aws_access_key"]],
  invalidValueForType: ["mx", "10"],
  cnameConflict: ["www"],
  invalidIds: ["server_ids", ["x"]],
  notAttachedToNodePool: ["label"],
  webhookUrlNotAllowed: ["invalid endpoint url"],
  tooManyWebhooks: [25],
};

/** Capitals a message may hold outside its arguments: names it quotes. */
const QUOTED_NAMES = new Set(["CNAME", "X-Org-ID"]);

const entries = Object.values(MESSAGES) as ErrorMessage<unknown[]>[];
const argsOf = (entry: ErrorMessage<unknown[]>): unknown[] => (Object.hasOwn(SAMPLES, entry.name) ? (SAMPLES as Record<string, unknown[]>)[entry.name]! : []);
const render = (entry: ErrorMessage<unknown[]>) => entry.text(...argsOf(entry));
/** The strings an entry's arguments put in its text. */
const argumentStrings = (args: unknown[]): string[] => args.flatMap((a) => (Array.isArray(a) ? a.map(String) : typeof a === "string" ? [a] : []));

/**
 * Every text an entry can produce, as a regular expression: rendered with markers for its
 * arguments (a string: one word, a number: digits), so an entry that writes out what a
 * parameterised one already says (a fixed `invalid queue` next to `invalid ${field}`) is caught.
 */
const WORDS = "\u0001";
const DIGITS = 424_242;
function shapeOf(entry: ErrorMessage<unknown[]>): RegExp {
  const marked = argsOf(entry).map((a) => (Array.isArray(a) ? [WORDS] : typeof a === "number" ? DIGITS : typeof a === "string" ? WORDS : a));
  const escaped = entry
    .text(...marked)
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replaceAll(WORDS, "[^\\s:,]+")
    .replaceAll(String(DIGITS), "\\d+");
  return new RegExp(`^${escaped}$`);
}

describe("the error messages catalogue (MESSAGES, shared/errors.ts)", () => {
  it("names every entry by its key, with a code of ERROR_CATALOGUE and that code's status", () => {
    assert.ok(entries.length > 50);
    for (const [key, entry] of Object.entries(MESSAGES) as [string, ErrorMessage<unknown[]>][]) {
      assert.equal(entry.name, key);
      assert.ok(Object.hasOwn(ERROR_CATALOGUE, entry.code), `${key}: unknown code ${entry.code}`);
      assert.equal(entry.status, ERROR_CATALOGUE[entry.code].status, key);
      assert.equal(entry.parameterised, Object.hasOwn(SAMPLES, key), `${key}: parameterised iff it takes arguments`);
    }
  });

  it("words every message lower-case and complete: starts with a lower-case letter, no trailing period, capitals only in quoted names", () => {
    const texts = [...entries.map((e) => ({ name: e.name, text: render(e), args: argumentStrings(argsOf(e)) }))];
    texts.push(...Object.entries(ERROR_CATALOGUE).map(([code, c]) => ({ name: `ERROR_CATALOGUE.${code}`, text: c.message, args: [] })));
    for (const { name, text, args } of texts) {
      assert.match(text, /^[a-z]/, `${name}: starts lower-case: ${text}`);
      assert.doesNotMatch(text, /[.\s]$/, `${name}: no trailing period or space: ${text}`);
      assert.doesNotMatch(text, /\s{2}|undefined|null|\[object/, `${name}: ${text}`);
      // capitals outside the arguments are only the names a message quotes
      const own = args.reduce((t, a) => t.replaceAll(a, ""), text);
      for (const word of own.match(/[\w-]*[A-Z][\w-]*/g) ?? []) assert.ok(QUOTED_NAMES.has(word), `${name}: capitals in "${word}": ${text}`);
    }
  });

  it("has one entry per message: no two entries of the same code can produce the same text", () => {
    for (const a of entries) {
      const shape = shapeOf(a);
      for (const b of entries) {
        if (a === b || a.code !== b.code) continue;
        assert.doesNotMatch(render(b), shape, `${b.name} says what ${a.name} says (${a.code})`);
      }
    }
  });

  it("renders parameterised messages exactly as the API answers them", () => {
    assert.equal(MESSAGES.notFound.text("ssh key"), "ssh key not found");
    assert.equal(MESSAGES.alreadyExists.text("record set"), "record set already exists");
    assert.equal(MESSAGES.attachedToCluster.text("load_balancer"), "load balancer is attached to a cluster");
    assert.equal(MESSAGES.missingFields.text(["name", "type", "values"]), "missing fields: name, type, values");
    assert.equal(MESSAGES.invalidField.text("ttl"), "invalid ttl");
    assert.equal(MESSAGES.tooManyWebhooks.text(25), "too many webhooks: at most 25 per organization");
    assert.equal(MESSAGES.invalidValueForType.text("A", "1.2.3"), "invalid value for type A: 1.2.3");
    assert.equal(MESSAGES.invalidValueForType.text("TXT", "x".repeat(70)), `invalid value for type TXT: ${"x".repeat(64)}...`);
    assert.equal(MESSAGES.cnameConflict.text("www"), "a CNAME cannot coexist with other records at the same name (www)");
    assert.equal(MESSAGES.kindNotForProvider.text("aws", ["aws_access_key"]), "invalid kind for provider aws: must be aws_access_key");
    assert.equal(
      MESSAGES.kindNotForProvider.text("generic", ["api_token", "basic_auth", "oauth2"]),
      "invalid kind for provider generic: must be one of api_token, basic_auth, oauth2",
    );
    assert.equal(
      MESSAGES.secretOnlyFields.text("aws_access_key", ["access_key_id", "secret_access_key"], ["region"]),
      "invalid secret for kind aws_access_key: only the fields access_key_id, secret_access_key, region (optional) are allowed",
    );
    assert.equal(MESSAGES.secretValueNotString.text("api_token", undefined), "invalid secret for kind api_token: every field must be a string");
    assert.equal(MESSAGES.secretValueNotString.text("api_token", "token"), "invalid secret for kind api_token: token must be a string");
    assert.equal(MESSAGES.scopeOnlyField.text("service", "service"), "invalid scope for scope_kind service: only the field service is allowed");
    const ids = Array.from({ length: 12 }, (_, i) => `id${i}`);
    assert.equal(MESSAGES.invalidIds.text("server_ids", ids), `invalid server_ids: ${ids.slice(0, 10).join(", ")}, …`);
    assert.equal(MESSAGES.invalidIds.text("server_ids", ["a", "b"]), "invalid server_ids: a, b");
    assert.equal(MESSAGES.serviceUnavailable.text("dns"), "service unavailable: dns");
  });

  it("throws a client error with the entry's code, status, message and data, as the gateway answers it", () => {
    const err = MESSAGES.sshKeyInUse.error();
    assert.ok(err instanceof Errors.MoleculerClientError);
    assert.deepEqual([err.type, err.code, err.message, err.data], ["conflict", 409, "ssh key is used by a server", undefined]);
    assert.deepEqual(toHttpError(MESSAGES.invalidValueForType.error("A", "x")), { status: 400, code: "validation_error", message: "invalid value for type A: x" });
    const limited = MESSAGES.tooManyOrgEventStreams.errorWith({ retry_after: 5 }, 3);
    assert.deepEqual(limited.data, { retry_after: 5 });
    assert.deepEqual(toHttpError(limited), {
      status: 429,
      code: "rate_limited",
      message: "too many open event streams for this organization (at most 3)",
      headers: { "Retry-After": "5" },
    });
    assert.deepEqual(toHttpError(MESSAGES.resourceChanged.errorWith({ etag: '"abc"' })).headers, { ETag: '"abc"' });
  });
});
