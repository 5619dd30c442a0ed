import type { Model, UpdateQuery } from "mongoose";
import { isDuplicateKey } from "../../shared/db.ts";

/**
 * `updateOne({_id}, update, {upsert: true})` that survives a concurrent first write of the same
 * id: the upsert that loses the insert race (E11000) applies its update to the winner's document.
 */
export async function upsertById<T>(model: Model<T>, id: string, update: UpdateQuery<T>): Promise<void> {
  try {
    await model.updateOne({ _id: id } as never, update, { upsert: true });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    await model.updateOne({ _id: id } as never, update);
  }
}
