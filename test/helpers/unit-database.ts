import { afterAll, beforeAll } from "@jest/globals";
import type { Model } from "mongoose";
import { resetConfig } from "../../shared/config.ts";
import type { ServiceDatabase } from "../../shared/db.ts";
import { uniquePrefix } from "./stack.ts";

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
