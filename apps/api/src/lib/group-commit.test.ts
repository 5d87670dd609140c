import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** Lets the work now queued run, as the event loop does between two events. */
const yieldOnce = () => new Promise((resolve) => setImmediate(resolve));

/** A write whose batches the test finishes by hand, recording each batch it was given. */
function heldWrites(fail: (input: number) => boolean = () => false) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const write = (inputs: readonly number[]) => {
    batches.push([...inputs]);
    return new Promise<number[]>((resolve, reject) => {
      pending.push(() =>
        inputs.some(fail) ? reject(new Error(`cannot write ${inputs.join(',')}`)) : resolve(inputs.map((n) => n * 10)),
      );
    });
  };
  const finishAll = async () => {
    await yieldOnce();
    while (pending.length > 0) {
      for (const finish of pending.splice(0)) finish();
      await yieldOnce();
    }
  };
  return { batches, write, finishAll };
}

describe('group commit (decision 062)', () => {
  it('sends a call as soon as the caller yields when nothing is in flight, and those that arrive meanwhile as one batch', async () => {
    const held = heldWrites();
    const commits = new GroupCommit(held.write, { maxBatch: 50, maxInFlight: 1 });
    const first = commits.submit(1);
    await yieldOnce();
    expect(held.batches).toEqual([[1]]);
    const rest = [2, 3, 4].map((n) => commits.submit(n));
    await yieldOnce();
    expect(held.batches).toEqual([[1]]);
    await held.finishAll();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(held.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps at most maxInFlight batches in flight, each of at most maxBatch', async () => {
    const held = heldWrites();
    const commits = new GroupCommit(held.write, { maxBatch: 2, maxInFlight: 2 });
    const outputs = Promise.all([1, 2, 3, 4, 5, 6].map((n) => commits.submit(n)));
    await yieldOnce();
    expect(held.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await held.finishAll();
    expect(await outputs).toEqual([10, 20, 30, 40, 50, 60]);
    expect(held.batches).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('writes each input of a failed batch on its own, so only the bad one fails', async () => {
    const held = heldWrites((n) => n === 3);
    const commits = new GroupCommit(held.write, { maxBatch: 50, maxInFlight: 1 });
    const outcomes = Promise.allSettled([1, 2, 3, 4].map((n) => commits.submit(n)));
    await held.finishAll();
    expect((await outcomes).map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed'))).toEqual([
      10,
      20,
      'failed',
      40,
    ]);
    expect(held.batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });
});
