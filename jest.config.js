/**
 * Jest runs the suite as native ES modules (`--experimental-vm-modules`, set by scripts/test.sh):
 * the ESM-only packages (jose, openid-client, oidc-provider, archiver) load as they do in
 * production, and ts-jest compiles each TypeScript file on its own (no type check here: that is
 * `npm run typecheck`), keeping its `.ts` imports as they are written.
 * Three projects, so a developer can run one layer: `npm test -- --selectProjects unit`.
 */
const tsJest = [
  "ts-jest",
  {
    useESM: true,
    tsconfig: {
      rewriteRelativeImportExtensions: false,
      allowImportingTsExtensions: true,
      module: "esnext",
      moduleResolution: "bundler",
      target: "es2023",
      sourceMap: true,
      isolatedModules: true,
    },
  },
];

const common = {
  testEnvironment: "node",
  extensionsToTreatAsEsm: [".ts"],
  transform: { "^.+\\.ts$": tsJest },
  // the suite's own helpers start real servers: nothing here is mocked or reset between tests
  injectGlobals: false,
};

export default {
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/test/unit/**/*.test.ts"] },
    { ...common, displayName: "integration", testMatch: ["<rootDir>/test/integration/**/*.test.ts"] },
    { ...common, displayName: "e2e", testMatch: ["<rootDir>/test/e2e/**/*.test.ts"] },
  ],
  // a test or hook may take minutes (e2e starts processes; FerretDB on a busy 2-core machine)
  testTimeout: 420_000,
  maxWorkers: 2,
  collectCoverageFrom: ["services/**/*.ts", "shared/**/*.ts", "runtime/**/*.ts", "repl/**/*.ts", "moleculer.config.ts"],
  coverageProvider: "v8",
  coverageDirectory: "coverage",
  coverageReporters: ["text-summary", "html", "json-summary"],
  // per folder (the aggregate of its files), a few points under what the suite reaches: a
  // change that leaves code untested shows here. runtime/ partly runs in the e2e tests' child
  // processes (not counted); bin/ holds only entry points, all run in child processes.
  coverageThreshold: {
    "./services/api/": { statements: 95, branches: 84 },
    "./services/auth/": { statements: 92, branches: 80 },
    "./services/clusters/": { statements: 94, branches: 86 },
    "./services/credentials/": { statements: 95, branches: 90 },
    "./services/dns/": { statements: 94, branches: 80 },
    "./services/inventory/": { statements: 94, branches: 87 },
    "./services/jobs/": { statements: 92, branches: 78 },
    "./services/orgs/": { statements: 95, branches: 88 },
    "./shared/": { statements: 95, branches: 85 },
    "./repl/": { statements: 65, branches: 40 },
    "./runtime/": { statements: 45, branches: 60 },
  },
};
