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

export default defineConfig(
  { ignores: ["coverage/", ".data/", ".tools/", "dist/", "node_modules/", "scripts/ferretdb/", "k8s/"] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // the root .js config files are outside tsconfig.json: checked with the default project
        projectService: { allowDefaultProject: ["*.js"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // messages, URLs and log lines put counts, ports and milliseconds in templates on purpose
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // tsconfig has noUncheckedIndexedAccess: `!` marks an index the code around it proves in range
      "@typescript-eslint/no-non-null-assertion": "off",
      // mongoose types schema field options as the class SchemaTypeOptions, but schemas are object literals by design
      "@typescript-eslint/no-unsafe-class-instance-assignment": "off",
      // one-line callbacks (`() => resolve()`, `.catch((err) => logger.warn(...))`) are the house style
      // and so is `return send(res, ...)` to answer and leave a request handler early
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
      // an async function without await is deliberate: it implements a Promise-returning interface or
      // callback (a `waitUntil` probe, a store method) and turns a throw into a rejection
      "@typescript-eslint/require-await": "off",
      // `() => {}` is the deliberate no-op: a swallowed `.catch`, a default callback, an ignored event
      "@typescript-eslint/no-empty-function": ["error", { allow: ["arrowFunctions"] }],
      // `{ secret: _plain, ...rest }` drops a field on purpose; `_`-prefixed parameters are unused on purpose
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // `||` on strings deliberately treats "" (an unset env var or option) as absent
      "@typescript-eslint/prefer-nullish-coalescing": ["error", { ignorePrimitives: { string: true } }],
    },
  },
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
    },
  },
  prettier,
);
