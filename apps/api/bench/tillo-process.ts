/**
 * The Tillo stand-in of the API tests in a process of its own, for activation.bench.ts: Tillo is
 * another machine, so its work (signature checks, JSON) is not counted against the app's CPU.
 *
 * Messages (IPC): in `{ delayMs }`, out `{ url }`; in `report`, out the issue requests (client
 * request ids), the cards by client request id and the most issues it had at once; in `exit`.
 */
import { startTilloStandIn } from '../test/support/tillo-stand-in';

export interface TilloReport {
  issues: string[];
  cards: Record<string, number>;
  maxConcurrentIssues: number;
}

const send = (message: unknown) =>
  new Promise<void>((resolve, reject) =>
    process.send?.(message, (error: Error | null) => (error ? reject(error) : resolve())),
  );

const { delayMs } = await new Promise<{ delayMs: number }>((resolve) =>
  process.once('message', (message) => resolve(message as { delayMs: number })),
);
const tillo = await startTilloStandIn();
tillo.delayMs = delayMs;
tillo.float = 100_000_000;
await send({ url: tillo.url });
process.on('message', async (message) => {
  if (message === 'report') {
    const cards: Record<string, number> = {};
    for (const card of tillo.cards.values()) cards[card.clientRequestId] = (cards[card.clientRequestId] ?? 0) + 1;
    const issues = tillo.requests
      .filter((request) => request.path === '/digital/issue')
      .map((request) => String(request.body?.client_request_id ?? ''));
    const report: TilloReport = { issues, cards, maxConcurrentIssues: tillo.maxConcurrentIssues };
    await send(report);
  } else if (message === 'exit') {
    await tillo.close();
    process.exit(0);
  }
});
