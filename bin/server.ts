import { main } from "../runtime/run.ts";

/** `npm start`: every service named by SERVICES (all by default) in this process. */
main();
