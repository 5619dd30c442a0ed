import { enableCompileCache } from "node:module";

// Node's compile cache (V8's code cache of every module loaded after this line, kept in the OS's
// temporary directory or NODE_COMPILE_CACHE): a process started again loads its modules faster
enableCompileCache();
const { main } = await import("../runtime/run.ts");

/** `npm start`: every service named by SERVICES (all by default) in this process. */
main();
