#!/usr/bin/env node
// clusterctl (npx clusterctl): runs the TypeScript sources through tsx; see cli/main.ts.
import process from "node:process";
import { register } from "tsx/esm/api";

register();
const { main } = await import("../cli/main.ts");
const code = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() });
process.exitCode = code;
