import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { API_ACTIONS } from "../../shared/contracts/api-actions.ts";
import { WEBHOOK_DELIVERY } from "../../shared/contracts/webhooks.ts";
import { apiError } from "../../shared/errors.ts";
import { defineAction } from "../../shared/validation.ts";
import { buildOpenApi, jsonSchemasOf, type ActionJsonSchemas } from "./openapi.ts";
import { API_PREFIX, contractOf, ROUTES } from "./routes.ts";

/** The API documentation: the generated OpenAPI document and a Swagger UI page served locally (no CDN). */

const require = createRequire(import.meta.url);
const SWAGGER_DIR = dirname(require.resolve("swagger-ui-dist/package.json"));

/** The only files the docs page loads; nothing else under node_modules is reachable. */
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "application/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'";

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Cluster infrastructure API</title>
<link rel="icon" type="image/png" href="${API_PREFIX}/docs/favicon-32x32.png">
<link rel="stylesheet" href="${API_PREFIX}/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_PREFIX}/docs/swagger-ui-bundle.js"></script>
<script src="${API_PREFIX}/docs/swagger-ui-standalone-preset.js"></script>
<script src="${API_PREFIX}/docs/init.js"></script>
</body>
</html>
`;

const INIT_JS = `window.ui = SwaggerUIBundle({
  url: "${API_PREFIX}/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
  validatorUrl: null
});
`;

const assetCache = new Map<string, Buffer>();

function asset(file: string): Buffer {
  let body = assetCache.get(file);
  if (!body) {
    body = readFileSync(join(SWAGGER_DIR, file));
    assetCache.set(file, body);
  }
  return body;
}

interface EdgeMeta {
  $responseType?: string;
  $responseHeaders?: Record<string, string>;
}

const schemasOf = (action: string): ActionJsonSchemas | undefined => {
  const contract = contractOf(action);
  return contract ? jsonSchemasOf(contract) : undefined;
};

/**
 * The OpenAPI document `/api/v1/openapi.json` serves, built from the routes and contracts alone:
 * no broker, database or configuration is needed, so the client's type generation
 * (`npm run client:generate`) builds it in-process.
 */
export function openApiDocument(): Record<string, unknown> {
  return buildOpenApi(
    ROUTES,
    schemasOf,
    {
      title: "Cluster infrastructure API",
      version: "1.0",
      description: "Multi-tenant API for container-orchestration clusters, their infrastructure, DNS and jobs.",
    },
    [WEBHOOK_DELIVERY],
  );
}

/** Gateway actions for `/openapi.json`, `/docs` and the docs page's assets. */
export function docsActions() {
  return {
    openapi: defineAction(API_ACTIONS.openapi, () => openApiDocument()),

    docs: defineAction(API_ACTIONS.docs, (ctx) => {
      const meta = ctx.meta as EdgeMeta;
      meta.$responseType = "text/html; charset=utf-8";
      meta.$responseHeaders = { "Content-Security-Policy": DOCS_CSP };
      return DOCS_HTML;
    }),

    docsAsset: defineAction(API_ACTIONS.docsAsset, (ctx) => {
      const meta = ctx.meta as EdgeMeta;
      meta.$responseHeaders = { "Cache-Control": "public, max-age=3600", "Content-Security-Policy": DOCS_CSP };
      if (ctx.params.file === "init.js") {
        meta.$responseType = "application/javascript; charset=utf-8";
        return INIT_JS;
      }
      const type = Object.hasOwn(ASSETS, ctx.params.file) ? ASSETS[ctx.params.file] : undefined;
      if (!type) throw apiError("not_found");
      meta.$responseType = type;
      return asset(ctx.params.file);
    }),
  };
}
