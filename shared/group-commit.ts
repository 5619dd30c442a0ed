import DataLoader from "dataloader";

export interface GroupCommitOptions<K, C> {
  /** Most keys sent in one command. */
  maxBatchSize: number;
  /** Keys that are the same call (their callers share one answer); by default every call is its own. */
  cacheKeyFn?: (key: K) => C;
}

/**
 * A group commit: the calls of one kind (an insert, a read by ids, an update) go to the database
 * as one command per batch, and each caller still learns its own answer. A batch leaves at the
 * end of the event-loop turn in which its first call was made, unless one of the same kind is
 * still at the database: then it waits for that one and takes in every call made meanwhile. An
 * idle system pays no delay; a busy one sends a few large commands (one transaction and one log
 * sync each) instead of one per call.
 */
export function groupCommit<K, V, C = K>(load: (keys: readonly K[]) => Promise<readonly (V | Error)[]>, options: GroupCommitOptions<K, C>): DataLoader<K, V, C> {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  return new DataLoader<K, V, C>(
    async (keys) => {
      inFlight++;
      try {
        return await load(keys);
      } finally {
        inFlight--;
        waiting.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: options.maxBatchSize,
      ...(options.cacheKeyFn ? { cacheKeyFn: options.cacheKeyFn } : {}),
      batchScheduleFn: (flush) => {
        if (inFlight === 0) setImmediate(flush);
        else waiting.push(flush);
      },
    },
  );
}
