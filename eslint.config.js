/**
 * ESLint (flat config): the recommended JavaScript rules, typescript-eslint's strict and
 * stylistic rules with type information, and eslint-config-prettier last (formatting is
 * Prettier's job: `npm run format`). `npm run lint` runs Prettier's check, then this.
 * Each relaxed rule says why; anything not listed here is on as the presets set it.
 */
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

/**
 * no-unnecessary-type-assertion without one of its reports: "the type arguments may be inferred
 * from the assertion". The code reads an action's answer as `(await broker.call(name, params)) as
 * Job`; Moleculer's `call<TReturn, TParams>` would need both type arguments spelled out instead.
 * Every other report of the rule (an assertion that changes nothing) stays an error.
 */
const assertionRule = tseslint.plugin.rules["no-unnecessary-type-assertion"];
const local = {
  rules: {
    "no-unnecessary-type-assertion": {
      ...assertionRule,
      create: (context) =>
        assertionRule.create(
          Object.create(context, {
            report: { value: (d) => (d.messageId === "contextuallyInferredTypeArguments" ? undefined : context.report(d)) },
          }),
        ),
    },
  },
};

export default defineConfig(
  { ignores: ["coverage/", ".data/", ".tools/", "dist/", "node_modules/", "scripts/ferretdb/", "k8s/"] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    plugins: { local },
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      "local/no-unnecessary-type-assertion": "error",
      // messages, URLs and log lines put counts, ports and milliseconds in templates on purpose
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // tsconfig has noUncheckedIndexedAccess: `!` marks an index the code around it proves in range
      "@typescript-eslint/no-non-null-assertion": "off",
      // mongoose types schema field options as the class SchemaTypeOptions, but schemas are object literals by design
      "@typescript-eslint/no-unsafe-class-instance-assignment": "off",
      // one-line callbacks (`() => resolve()`, `.catch((err) => logger.warn(...))`) are the house style
      // and a function declared to return void may answer with `return write(line)` (shared/middlewares/request-id-log.ts)
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
      // an async function without await is deliberate: it implements a Promise-returning interface or
      // callback (a `waitUntil` probe, a store method) and turns a throw into a rejection
      "@typescript-eslint/require-await": "off",
      // `() => {}` is the deliberate no-op: a swallowed `.catch`, a default callback, an ignored event
      "@typescript-eslint/no-empty-function": ["error", { allow: ["arrowFunctions"] }],
      // `{ secret: _plain, ...rest }` drops a field on purpose; `_`-prefixed parameters are unused on purpose
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // `!x || x.field !== v` says "missing or different" outright; `x?.field !== v` hides the missing case in `undefined !== v`
      "@typescript-eslint/prefer-optional-chain": "off",
      // `||` on strings deliberately treats "" (an unset env var or option) as absent
      "@typescript-eslint/prefer-nullish-coalescing": ["error", { ignorePrimitives: { string: true } }],
    },
  },
  {
    // the functions that turn stored documents into API responses: a document written before a field
    // existed lacks it, though the mongoose document type says it is always there (`d.region ?? ""`)
    files: ["services/credentials/credentials.ts", "services/dns/domains.ts", "services/dns/record-sets.ts", "services/inventory/resources.ts", "services/inventory/servers.ts"],
    rules: { "@typescript-eslint/no-unnecessary-condition": "off" },
  },
  // the root .js config files (this one, jest.config.js) are plain JavaScript outside tsconfig.json:
  // the rules that need type information are off there, the rest apply
  { files: ["**/*.js"], extends: [tseslint.configs.disableTypeChecked], rules: { "local/no-unnecessary-type-assertion": "off" } },
  {
    files: ["test/**/*.ts"],
    rules: {
      // the test HTTP client returns response bodies as `any`: tests read and assert their shape field by field
      "@typescript-eslint/no-unsafe-member-access": "off",
      // same: response-body fields flow into assertions and further requests
      "@typescript-eslint/no-unsafe-assignment": "off",
      // same: response-body fields are passed to helpers and assertions
      "@typescript-eslint/no-unsafe-argument": "off",
      // same: response-body fields are called (`.map`, `.some`) and returned from helpers
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // parsed manifests and response bodies are typed `Record<string, any>` (Obj, Json) for the same reason
      "@typescript-eslint/no-explicit-any": "off",
      // `afterAll(() => stack?.stop())`: beforeAll may fail before assigning what the declared type says is there
      "@typescript-eslint/no-unnecessary-condition": "off",
      // same: response-body fields go into URLs and messages
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true, allowAny: true }],
      // `delete process.env[k]` is the only way to unset an environment variable a test set
      "@typescript-eslint/no-dynamic-delete": "off",
    },
  },
  prettier,
);
