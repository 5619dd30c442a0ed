import type { Context, Logger, Service, ServiceBroker, ServiceSchema } from "moleculer";
import type { Connection, Model } from "mongoose";
import type { z } from "zod";
import type { Access, ActionContract, HttpRoute } from "./contracts/action.ts";
import { config } from "./config.ts";
import { ServiceDatabase } from "./db.ts";
import { idempotencyRecords, purgeExpired, withIdempotency } from "./idempotency.ts";
import { withPrecondition } from "./preconditions.ts";
import { defineAction, type ActionContext } from "./validation.ts";

type ActionSchema = NonNullable<ServiceSchema["actions"]>[string];
export type ActionMap = Record<string, ActionSchema>;
type EventMap = NonNullable<ServiceSchema["events"]>;
// mongoose types a model by its document; a service's models are of different documents
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Models = Record<string, Model<any>>;

/**
 * How a service calls another in someone's name: an action's `ctx` (the request's meta and
 * deadline travel along) or, for the service's own background work, the broker. Clients of other
 * services take it as their first argument; they are built once, never per call.
 */
export type Caller = Pick<Context, "call">;

/** How a service tells every node of something (cache invalidation events): an action's `ctx`, or the broker. */
export type Broadcaster = Pick<Context, "broadcast">;

/** What a service's dependencies are built from, in `started()`. */
export interface ServiceRuntime<M extends Models> {
  broker: ServiceBroker;
  logger: Logger;
  /** The service's own database, open. */
  db: ServiceDatabase<M>;
}

/** Implements a contract with a handler that also receives the service's dependencies. */
export type ActionWithDeps<D> = <S extends z.ZodType, R, A extends Access | undefined, H extends HttpRoute | undefined>(
  contract: ActionContract<S, R, A, H>,
  handler: (ctx: ActionContext<S, A, H>, deps: D) => Promise<R> | R,
) => ActionSchema;

/** An event handler that also receives the service's dependencies. */
export type EventWithDeps<D> = (ctx: Context, deps: D) => void | Promise<void>;

/**
 * One service, read top to bottom in the same order everywhere: its name; its own database and
 * the dependencies built with it; its actions; its events; its lifecycle.
 */
export interface ServiceDefinition<M extends Models, D> {
  name: string;
  /** The service's own database (shared/db.ts): opened before `deps` is built, closed after `stopped`. */
  database: (conn: Connection) => M;
  /** Builds, once in `started()`, everything the service's logic needs: models, keyring, clients, logger. */
  deps: (runtime: ServiceRuntime<M>) => D | Promise<D>;
  /**
   * The actions, each given the dependencies with its context: `action(CONTRACT, (ctx, deps) => module(deps, ...))`.
   * Listed each time the factory builds the schema, so a set that depends on the configuration reads it then.
   */
  actions: (action: ActionWithDeps<D>) => ActionMap;
  /**
   * Event handlers, given the dependencies; an event that arrives before start or after stop is
   * ignored. Listed, like the actions, each time the factory builds the schema.
   */
  events?: () => Record<string, EventWithDeps<D>>;
  /** Runs after the dependencies are built. */
  started?: (deps: D) => Promise<void> | void;
  /** Runs before the dependencies are dropped and the database is closed. */
  stopped?: (deps: D) => Promise<void> | void;
}

/**
 * The factory of a service (what `<name>.service.ts` exports): each call builds a new Moleculer
 * schema from the definition, with its own database and dependencies, opened and built once in
 * `started()`; every action and event handler receives them typed; an action called while the
 * service is not started fails (it has nothing to work with).
 */
export function defineService<M extends Models, D>(def: ServiceDefinition<M, D>): () => ServiceSchema {
  return () => buildService(def);
}

const IDEMPOTENCY_PURGE_MS = 3_600_000;

function buildService<M extends Models, D>(def: ServiceDefinition<M, D>): ServiceSchema {
  let deps: D | undefined;
  const database = new ServiceDatabase(def.name, def.database);

  const current = (): D => {
    if (deps === undefined) throw new Error(`service '${def.name}' is not started`);
    return deps;
  };

  // the action the gateway routed a POST or PATCH with an Idempotency-Key to runs once per key
  // (shared/idempotency.ts); a write with If-Match runs under it (shared/preconditions.ts)
  const action: ActionWithDeps<D> = (contract, handler) =>
    defineAction(contract, (ctx) => {
      const condition = ctx.meta.precondition;
      const run = condition?.action === contract.name ? async () => withPrecondition(ctx, condition, async () => handler(ctx, current())) : async () => handler(ctx, current());
      const request = ctx.meta.idempotency;
      if (request?.action !== contract.name) return run();
      const cfg = config();
      const opts = { ttlMs: cfg.IDEMPOTENCY_TTL_S * 1_000, staleMs: cfg.REQUEST_TIMEOUT_MS + 5_000 };
      return withIdempotency(idempotencyRecords(database.connection), request, ctx.meta, opts, run);
    });
  let purgeTimer: NodeJS.Timeout | undefined;

  const events: EventMap = {};
  for (const [name, handler] of Object.entries(def.events?.() ?? {})) {
    events[name] = {
      handler(ctx: Context) {
        if (deps !== undefined) return handler(ctx, deps);
      },
    };
  }

  return {
    name: def.name,

    actions: def.actions(action),

    events,

    async started(this: Service) {
      await database.open();
      const built = await def.deps({ broker: this.broker, logger: this.logger, db: database });
      deps = built;
      await def.started?.(built);
      // FerretDB has no TTL indexes: expired idempotency records are removed hourly
      purgeTimer = setInterval(() => {
        purgeExpired(idempotencyRecords(database.connection)).catch((err: unknown) =>
          this.logger.warn("purging expired idempotency records failed", { error: (err as Error).message }),
        );
      }, IDEMPOTENCY_PURGE_MS);
      purgeTimer.unref();
    },

    async stopped() {
      clearInterval(purgeTimer);
      if (deps !== undefined) await def.stopped?.(deps);
      deps = undefined;
      await database.close();
    },
  };
}
