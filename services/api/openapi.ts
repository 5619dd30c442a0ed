import { z } from "zod";
import { accessOf, type Access, type AnyActionContract } from "../../shared/contracts/action.ts";
import { MAX_PAGE } from "../../shared/paging.ts";
import { API_PREFIX, type AuthMode, type ErrorStyle, type RouteDef } from "./routes.ts";

/**
 * The OpenAPI 3.1 document of the gateway, generated from the routes and the action contracts
 * (shared/contracts/): the JSON Schemas come from the same zod schemas that validate requests.
 * Nothing here is written by hand per route.
 */

type Json = Record<string, unknown>;

/** What the document says of an action: JSON Schemas of its params and result, its description, its documented body. */
export interface ActionJsonSchemas {
  input: Json;
  output?: Json;
  /** The contract's description (its first sentence is the operation's summary). */
  description?: string;
  /** The documented request body (`http.body`): a named schema under components/schemas. */
  body?: { name: string; schema: Json };
  /** Who may call it (a rule naming roles answers 403 to a member without one). */
  access?: Access;
}

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: "any" });
  } catch {
    return {};
  }
}

/** The JSON Schemas of a contract's params, result and documented body, and its description. */
export function jsonSchemasOf(contract: AnyActionContract): ActionJsonSchemas {
  const schemas: ActionJsonSchemas = { input: jsonSchemaOf(contract.input, "input") };
  if (contract.output) schemas.output = jsonSchemaOf(contract.output, "output");
  if (contract.description) schemas.description = contract.description;
  const access = accessOf(contract);
  if (access) schemas.access = access;
  if (contract.http?.body) schemas.body = { name: contract.http.body.name, schema: stripMeta(jsonSchemaOf(contract.http.body.schema, "input")) };
  return schemas;
}

/**
 * An operation's summary in words: the first sentence of the contract's description (without
 * its full stop), else the action's name spelt out (`dns.listDomains` → "List domains").
 */
export function summaryOf(action: string, description: string | undefined): string {
  const first = description?.trim().match(/^(.+?[.!?])(?=\s|$)/s)?.[1] ?? description?.trim() ?? "";
  if (first) return first.replace(/\.$/, "");
  const words = (action.split(".").pop() ?? action).replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

const ERROR_RESPONSE: Json = {
  type: "object",
  required: ["code", "message"],
  properties: {
    code: { type: "string", description: "machine-readable code, also in the X-Error-Code header" },
    message: { type: "string", description: "human-readable message" },
  },
  additionalProperties: false,
};

const SECURITY_SCHEMES: Json = {
  // HTTP bearer: clients (and the docs page) send `Authorization: Bearer <token>`, the word added for them
  BearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "access token (a JWT verifiable with /.well-known/jwks.json)" },
  ApiKeyAuth: { type: "apiKey", in: "header", name: "X-API-KEY", description: "user API key (plaintext shown once at creation)" },
  OrgKeyAuth: { type: "apiKey", in: "header", name: "X-ORG-KEY", description: "organization key; used together with X-ORG-SECRET" },
  OrgSecretAuth: { type: "apiKey", in: "header", name: "X-ORG-SECRET", description: "organization secret returned once at org key creation" },
};

function securityOf(mode: AuthMode): Json[] {
  switch (mode) {
    case "none":
      return [];
    case "user":
      return [{ BearerAuth: [] }, { ApiKeyAuth: [] }];
    case "bearer":
    case "admin":
      return [{ BearerAuth: [] }];
    case "org":
      return [{ BearerAuth: [] }, { ApiKeyAuth: [] }, { OrgKeyAuth: [], OrgSecretAuth: [] }];
  }
}

/** A path param whose schema lists its values (`{provider}`): any other value is 400, never 404. */
function isEnumParam(schema: Json | undefined): boolean {
  return Array.isArray(schema?.enum);
}

/**
 * The error statuses a route can answer, each one a request can actually produce:
 * - 400 on every route (a query parameter given twice; invalid input, id or json), 431 on every
 *   request (headers over the parser's limit, before routing), 429 and 500 on every route, 503
 *   on every route that needs a service besides the gateway (its own, or auth to authenticate);
 * - 401 when the route authenticates; 403 on [org] routes (organization required), admin
 *   routes, and access rules that name roles; 404 with a path param that names an object or a
 *   file (not one whose values are listed); 413 with a request body;
 * - and what the contract says its action refuses beyond that (`http.refuses`: 401 of a login
 *   endpoint, 403 of a role its handler checks, 409 of a conflict).
 */
function errorStatuses(route: RouteDef, schemas: ActionJsonSchemas | undefined): number[] {
  const s = new Set<number>([400, 429, 431, 500]);
  // the gateway answers its own anonymous routes (health, version, documents) without another service
  if (!route.action.startsWith("api.") || route.auth !== "none") s.add(503);
  if (route.auth !== "none") s.add(401);
  const access = schemas?.access;
  const roles = typeof access === "object" && (("roles" in access && access.roles !== undefined) || "orgRoles" in access);
  if (route.auth === "org" || route.auth === "admin" || roles) s.add(403);
  const inputProps = propertiesOf(schemas?.input);
  const namesObject = (name: string) => (route.uuidParams ?? []).includes(name) || !isEnumParam(inputProps[name]);
  if (toOpenApiPath(route.path).params.some(namesObject)) s.add(404);
  if (route.method === "POST" || route.method === "PATCH") s.add(413);
  // an Idempotency-Key still being processed (409) or used for another request (422)
  if (takesIdempotencyKey(route)) s.add(409).add(422);
  // If-Match that no current entity tag matches (shared/preconditions.ts)
  if (route.method !== "GET") s.add(412);
  for (const status of route.refuses ?? []) s.add(status);
  return [...s].sort();
}

/** Where an answer carries its `ETag` (services/api/api.service.ts, encodeResponse): reads, creates and conditional writes. */
function answersEntityTag(route: RouteDef): boolean {
  return (route.method === "GET" && !route.raw && route.responseType === undefined) || route.status === 201 || (route.conditional !== undefined && route.status !== 204);
}

const ETAG_HEADER: Json = {
  schema: { type: "string" },
  description: "the answer's strong entity tag (RFC 9110): send it back in If-None-Match (GET: 304 while unchanged) or If-Match (a write: 412 when the resource changed since)",
};

function ifMatchParam(route: RouteDef): Json {
  return {
    name: "If-Match",
    in: "header",
    required: false,
    description:
      route.conditional !== undefined
        ? `make the write conditional: it happens only while the resource's current ETag (GET ${API_PREFIX}${toOpenApiPath(route.conditional).path}) is one of these tags (or for \`*\`); otherwise 412 with the current ETag and nothing changes. Checked by the database write itself: of two concurrent writes with the same tag, one wins`
        : "this route has no entity tag: only `*` holds, any other value is 412",
    schema: { type: "string" },
  };
}

const IF_NONE_MATCH_PARAM: Json = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "the ETag of a copy held: while it is still current the answer is 304 without a body",
  schema: { type: "string" },
};

/** POST and PATCH routes of an authenticated caller take an `Idempotency-Key` (shared/idempotency.ts). */
function takesIdempotencyKey(route: RouteDef): boolean {
  return (route.method === "POST" || route.method === "PATCH") && route.auth !== "none";
}

const IDEMPOTENCY_KEY_PARAM: Json = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "a key of at most 255 characters (IETF httpapi Idempotency-Key draft) that makes a retry safe: the first request's answer (status, Location, body, or its 4xx) is recorded with the change for 24 h, per caller and organization, and a repeat with the same key and body answers it again with `Idempotent-Replayed: true`, through any gateway, also when the first answer was lost or a 503; the same key with another body is 422, a repeat while the first still runs 409, a longer key 400",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

const IDEMPOTENT_REPLAYED_HEADER: Json = {
  description: "`true` when this is the recorded answer to an earlier request with the same Idempotency-Key",
  schema: { type: "string", enum: ["true"] },
};

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No Content",
  400: "invalid input, invalid id or invalid json",
  401: "missing or invalid authentication",
  403: "organization required, or forbidden",
  404: "not found",
  409: "conflict",
  412: "If-Match names no current entity tag of the resource (the ETag header gives the current one); on a route without one, any If-Match but *",
  422: "the Idempotency-Key was used for another request",
  413: "request body over 1 MiB",
  431: "request line or headers too large (plain text: the parser refuses it before routing)",
  429: "rate limit exceeded (see Retry-After)",
  500: "operation failure",
  503: "service unavailable",
};

function errorResponse(style: ErrorStyle, status: number, note?: string): Json {
  const content =
    style === "json" && status !== 431 ? { "application/json": { schema: { $ref: "#/components/schemas/ErrorResponse" } } } : { "text/plain": { schema: { type: "string" } } };
  const headers: Json = { "X-Error-Code": { $ref: "#/components/headers/X-Error-Code" } };
  if (status === 429) headers["Retry-After"] = { schema: { type: "integer" }, description: "seconds until the window resets" };
  if (status === 412) headers.ETag = { ...ETAG_HEADER, description: "the resource's current entity tag (absent on a route without one)" };
  return { description: note ?? STATUS_TEXT[status] ?? "error", headers, content };
}

/** `/servers/:id` → `/servers/{id}` and the names of its path params. */
export function toOpenApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

function stripMeta(schema: Json): Json {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

function propertiesOf(schema: Json | undefined): Record<string, Json> {
  const props = schema?.properties;
  return props && typeof props === "object" ? (props as Record<string, Json>) : {};
}

function requiredOf(schema: Json | undefined): string[] {
  return Array.isArray(schema?.required) ? (schema.required as string[]) : [];
}

function withoutKeys(schema: Json, keys: readonly string[]): Json {
  const props = Object.fromEntries(Object.entries(propertiesOf(schema)).filter(([k]) => !keys.includes(k)));
  const required = requiredOf(schema).filter((r) => !keys.includes(r));
  const out: Json = { ...schema, properties: props };
  if (required.length > 0) out.required = required;
  else delete out.required;
  return out;
}

/**
 * The query parameters of a paged list (shared/paging.ts): `limit` as the list's schema bounds it
 * (its meta: maximum, `x-default`, description), `cursor` the same everywhere.
 */
function pageParam(name: string, property: Json | undefined): Json | undefined {
  if (name === "cursor") {
    return {
      name: "cursor",
      in: "query",
      required: false,
      description: "continues a list after the page that gave it (opaque, from the `Link` header); 400 `invalid cursor` otherwise",
      schema: { type: "string" },
    };
  }
  if (name !== "limit") return undefined;
  const maximum = typeof property?.maximum === "number" ? property.maximum : MAX_PAGE;
  const fallback = property?.["x-default"];
  return {
    name: "limit",
    in: "query",
    required: false,
    description: typeof property?.description === "string" ? property.description : `at most this many items, newest first (1 to ${maximum})`,
    schema: { type: "integer", minimum: 1, maximum, ...(typeof fallback === "number" ? { default: fallback } : {}) },
  };
}

const LINK_HEADER: Json = {
  description: 'present while more items remain: `<path?…&cursor=…>; rel="next"` (RFC 8288), the same request for the next page',
  schema: { type: "string" },
};

function operationFor(route: RouteDef, schemas: ActionJsonSchemas | undefined): Json {
  const { params } = toOpenApiPath(route.path);
  const input = schemas ? stripMeta(schemas.input) : { type: "object" };
  const inputProps = propertiesOf(input);
  const parameters: Json[] = params.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: route.uuidParams?.includes(name) ? { type: "string", format: "uuid" } : (inputProps[name] ?? { type: "string" }),
  }));
  for (const h of route.requestHeaders ?? []) parameters.push({ name: h.name, in: "header", required: false, description: h.description, schema: { type: "string" } });
  if (takesIdempotencyKey(route)) parameters.push(IDEMPOTENCY_KEY_PARAM);
  if (route.method !== "GET") parameters.push(ifMatchParam(route));
  else if (answersEntityTag(route)) parameters.push(IF_NONE_MATCH_PARAM);
  if (route.auth === "org") {
    parameters.push({
      name: "X-Org-ID",
      in: "header",
      required: false,
      description: "the organization (UUID); required with a bearer token or user API key, implied by an org key",
      schema: { type: "string", format: "uuid" },
    });
  }
  const op: Json = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ""))}`,
    summary: summaryOf(route.action, schemas?.description),
    ...(schemas?.description ? { description: schemas.description } : {}),
    tags: [route.action.split(".")[0] ?? "api"],
    security: securityOf(route.auth),
    parameters,
  };
  if (route.method === "GET" || route.method === "DELETE") {
    const required = requiredOf(input);
    for (const [name, schema] of Object.entries(inputProps)) {
      if (params.includes(name)) continue;
      parameters.push((route.paged ? pageParam(name, schema) : undefined) ?? { name, in: "query", required: required.includes(name), schema });
    }
  } else {
    const body = withoutKeys(input, params);
    // a route that takes nothing but its path (pause, cancel): the body may be left out, or be `{}`
    const empty = !schemas?.body && Object.keys(propertiesOf(body)).length === 0;
    op.requestBody = {
      required: !empty,
      ...(empty ? { description: "nothing: leave the body out, or send `{}`" } : {}),
      content: { "application/json": { schema: schemas?.body ? { $ref: `#/components/schemas/${schemas.body.name}` } : body } },
    };
  }
  const status = route.status ?? 200;
  const responses: Json = {};
  if (status === 204) {
    responses["204"] = { description: STATUS_TEXT[204] };
  } else {
    const contentType = route.responseType ?? "application/json";
    const output = schemas?.output ? stripMeta(schemas.output) : {};
    // a paged action answers {items, next_cursor}; the gateway sends the items and a Link header
    const schema = contentType !== "application/json" ? { type: "string" } : route.paged ? (propertiesOf(output).items ?? {}) : output;
    // a `tail` route answers a live tail (Server-Sent Events) to `Accept: text/event-stream`
    const tail = route.tail ? { "text/event-stream": { schema: { type: "string" } } } : {};
    responses[String(status)] = { description: route.responseDescription ?? STATUS_TEXT[status], content: { [contentType]: { schema }, ...tail } };
    if (route.paged) (responses[String(status)] as Json).headers = { Link: LINK_HEADER };
    if (route.location) {
      (responses[String(status)] as Json).headers = {
        Location: { description: `the created object's URL (${API_PREFIX}${toOpenApiPath(route.location).path})`, schema: { type: "string" } },
      };
    }
  }
  if (answersEntityTag(route) && status !== 204) {
    const success = (responses[String(status)] ?? {}) as Json;
    success.headers = { ...(success.headers ?? {}), ETag: ETAG_HEADER };
    if (route.method === "GET") responses["304"] = { description: "Not Modified: the If-None-Match tag is current", headers: { ETag: ETAG_HEADER } };
  }
  if (takesIdempotencyKey(route)) {
    const success = (responses[String(status)] ?? {}) as Json;
    success.headers = { ...(success.headers ?? {}), "Idempotent-Replayed": IDEMPOTENT_REPLAYED_HEADER };
  }
  for (const s of errorStatuses(route, schemas)) {
    const note = route.errorNotes?.[s as 400 | 404 | 409];
    const keyed = s === 409 && takesIdempotencyKey(route) ? `${note ?? STATUS_TEXT[409]}; or a request with the same Idempotency-Key is still being processed` : note;
    responses[String(s)] = errorResponse(route.errors, s, keyed);
  }
  op.responses = responses;
  return op;
}

/** A request the API makes to its users' servers (OpenAPI 3.1 `webhooks`): its headers and its JSON body's named schema. */
export interface OutgoingRequest {
  name: string;
  summary: string;
  description: string;
  headers: readonly { name: string; description: string }[];
  body: { name: string; schema: z.ZodType };
}

function webhookOperation(hook: OutgoingRequest): Json {
  return {
    post: {
      operationId: `webhook${hook.name.charAt(0).toUpperCase()}${hook.name.slice(1)}`,
      summary: hook.summary,
      description: hook.description,
      parameters: hook.headers.map((h) => ({ name: h.name, in: "header", required: true, description: h.description, schema: { type: "string" } })),
      requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${hook.body.name}` } } } },
      responses: {
        "2XX": { description: "received: the delivery succeeded" },
        default: { description: "any other answer, or none within the timeout: retried with backoff" },
      },
    },
  };
}

/**
 * Builds the document; `schemasOf(action)` gives the JSON Schemas of an action's contract;
 * `webhooks` the requests the API sends to its users' servers.
 */
export function buildOpenApi(
  routes: readonly RouteDef[],
  schemasOf: (action: string) => ActionJsonSchemas | undefined,
  info: OpenApiInfo,
  webhooks: readonly OutgoingRequest[] = [],
): Json {
  const paths: Record<string, Json> = {};
  const bodies: Record<string, Json> = {};
  const add = (fullPath: string, route: RouteDef, atRoot: boolean) => {
    const item = (paths[fullPath] ??= {});
    const schemas = schemasOf(route.action);
    if (schemas?.body) bodies[schemas.body.name] = schemas.body.schema;
    const op = operationFor(route, schemas);
    // operationIds are unique in a document (generators name functions and types after them)
    if (atRoot) op.operationId = `${String(op.operationId)}AtRoot`;
    item[route.method.toLowerCase()] = op;
  };
  for (const route of routes) {
    const { path } = toOpenApiPath(route.path);
    add(API_PREFIX + path, route, false);
    if (route.alsoAtRoot) add(path, route, true);
  }
  for (const hook of webhooks) bodies[hook.body.name] = stripMeta(jsonSchemaOf(hook.body.schema, "output"));
  return {
    openapi: "3.1.0",
    info: { ...info },
    servers: [{ url: "/" }],
    paths,
    ...(webhooks.length > 0 ? { webhooks: Object.fromEntries(webhooks.map((h) => [h.name, webhookOperation(h)])) } : {}),
    components: {
      schemas: { ErrorResponse: ERROR_RESPONSE, ...bodies },
      headers: { "X-Error-Code": { description: "machine-readable error code", schema: { type: "string" } } },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
