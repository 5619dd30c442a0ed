import { main } from "./run.ts";

/** `npm start`: every service named by SERVICES (all by default) in this process. */
main();
