import { afterAll, beforeAll } from "@jest/globals";
import type { Model } from "mongoose";
import { resetConfig } from "../../shared/config.ts";
import type { ServiceDatabase } from "../../shared/db.ts";
import { uniquePrefix } from "./stack.ts";
import type { ChangeCaller } from "../../shared/event-outbox.ts";

/**
 * A unit test file's own database: `db` opens under a fresh DB_PREFIX before the file's tests (and
 * before the file's own `beforeAll`, registered after this call) and is dropped after them.
 */
export function useTestDatabase<M extends Record<string, Model<any>>>(db: ServiceDatabase<M>): void {
  beforeAll(async () => {
    process.env.DB_PREFIX = uniquePrefix();
    resetConfig();
    await db.open();
  });
  afterAll(async () => {
    await db.connection.dropDatabase();
    await db.close();
  });
}

/**
 * The caller a module function is given in a unit test: the system, without a broker. The events
 * its changes owe cannot be delivered, so they stay in the outbox, `ready` for the relay.
 */
export const unitCaller: ChangeCaller = { call: () => Promise.reject(new Error("no broker in a unit test")) };
