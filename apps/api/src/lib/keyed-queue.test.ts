import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedQueue', () => {
  it('runs the work of one key one at a time, in order, and the work of other keys beside it', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const job = (key: string, name: string) =>
      queue.run(key, async () => {
        running += 1;
        most = Math.max(most, running);
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
        running -= 1;
        return name;
      });
    const answers = await Promise.all([job('a', 'a1'), job('a', 'a2'), job('a', 'a3'), job('b', 'b1')]);
    expect(answers).toEqual(['a1', 'a2', 'a3', 'b1']);
    const ofA = log.filter((line) => line.startsWith('a'));
    expect(ofA).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end']);
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  it('goes on with the next work after one fails, and gives each caller its own outcome', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', async () => {
      await tick();
      throw new Error('no');
    });
    const next = queue.run('a', async () => 'yes');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('yes');
  });
});
