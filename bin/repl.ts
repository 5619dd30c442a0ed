import { config } from "../shared/config.ts";
import { main } from "../runtime/run.ts";

/**
 * `npm run repl`: with TRANSPORTER set, a bare node that joins the running bus (it hosts the
 * services named by SERVICES only if SERVICES is set); without it, the whole embedded system
 * in this process, with the REPL attached.
 */
main(() => {
  const cfg = config();
  const joining = Boolean(cfg.TRANSPORTER) && !process.env.SERVICES;
  return { repl: true, ...(joining ? { services: [] } : {}) };
});
