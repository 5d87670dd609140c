import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { freePort } from '../mail-test-server';

/** Whether a Redis server binary is installed (the development image and CI have one). */
export const redisInstalled = spawnSync('redis-server', ['--version']).status === 0;

/** A Redis server of the test's own on a free port, nothing kept on disk; kill it when done. */
export async function startRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const redis = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise<void>((resolve, reject) => {
    redis.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, process: redis };
}
