import { strict as assert } from "node:assert";
import { describe, it } from "@jest/globals";
import { groupCommit } from "../../shared/group-commit.ts";

/** A batch function that records its batches and answers when told to. */
function recorder() {
  const batches: number[][] = [];
  const answers: (() => void)[] = [];
  const load = (keys: readonly number[]) =>
    new Promise<(number | Error)[]>((resolve) => {
      batches.push([...keys]);
      answers.push(() => resolve(keys.map((k) => (k < 0 ? new Error(`refused ${k}`) : k * 10))));
    });
  const answerNext = () => answers.shift()!();
  return { batches, load, answerNext };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("group commit", () => {
  it("an idle loader sends the calls of one turn together, at the end of that turn", async () => {
    const { batches, load, answerNext } = recorder();
    const loader = groupCommit(load, { maxBatchSize: 100 });
    const results = Promise.all([1, 2, 3].map((k) => loader.load(k)));
    assert.deepEqual(batches, [], "nothing leaves before the turn ends");
    await turn();
    assert.deepEqual(batches, [[1, 2, 3]]);
    answerNext();
    assert.deepEqual(await results, [10, 20, 30]);
  });

  it("calls made while a batch is at the database wait for it and leave together", async () => {
    const { batches, load, answerNext } = recorder();
    const loader = groupCommit(load, { maxBatchSize: 100 });
    const first = loader.load(1);
    await turn();
    const later: Promise<number>[] = [];
    for (const k of [2, 3, 4]) {
      later.push(loader.load(k));
      await turn();
    }
    assert.deepEqual(batches, [[1]], "the calls of three later turns wait while the first batch is out");
    answerNext();
    assert.equal(await first, 10);
    assert.deepEqual(batches, [[1], [2, 3, 4]]);
    answerNext();
    assert.deepEqual(await Promise.all(later), [20, 30, 40]);
  });

  it("each caller gets its own answer: one refused key fails only its caller", async () => {
    const { load, answerNext } = recorder();
    const loader = groupCommit(load, { maxBatchSize: 100 });
    const results = loader.loadMany([5, -1, 6]);
    await turn();
    answerNext();
    const [five, refused, six] = await results;
    assert.equal(five, 50);
    assert.ok(refused instanceof Error && refused.message === "refused -1");
    assert.equal(six, 60);
  });

  it("a full batch leaves without waiting for more calls", async () => {
    const { batches, load, answerNext } = recorder();
    const loader = groupCommit(load, { maxBatchSize: 2 });
    const results = loader.loadMany([1, 2, 3]);
    await turn();
    assert.deepEqual(batches, [[1, 2], [3]]);
    answerNext();
    answerNext();
    assert.deepEqual(await results, [10, 20, 30]);
  });

  it("a batch that fails as a whole fails its callers, and the next batch still leaves", async () => {
    let calls = 0;
    const loader = groupCommit<number, number>(
      async (keys) => {
        calls++;
        if (calls === 1) throw new Error("database gone");
        return keys.map((k) => k);
      },
      { maxBatchSize: 10 },
    );
    await assert.rejects(loader.load(1), /database gone/);
    assert.equal(await loader.load(2), 2);
  });
});
