import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * The distinct run's load, in a process of its own (search.bench.ts starts it): the requests
 * are sent and their answers read on another event loop than the app's, as a shopper's browser
 * would, so the latencies measured are the app's and not the client's queue as well.
 *
 * Argument: a JSON file `{ base, paths, connections }`. Prints one JSON line: the autocannon
 * result's requests per second, p99 and errors, and each answer's time in the order they came.
 */
const { base, paths, connections } = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as {
  base: string;
  paths: string[];
  connections: number;
};
let next = 0;
const started = Date.now();
const latencies: number[] = [];
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: base,
      connections,
      amount: paths.length,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++] ?? '/' }) }],
    },
    (error, done) => (error ? reject(error) : resolve(done)),
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
});
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    seconds: (Date.now() - started) / 1000,
    latencies,
  }),
);
