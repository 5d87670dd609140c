import { expect, test } from './fixtures';

/**
 * Decision 022: catalogue answers carry an ETag. The web client never sends If-None-Match
 * itself; the browser does, from its own cache, and gives the page its cached 200 when the
 * server answers 304.
 */
test('the browser revalidates a catalogue answer with its ETag, and the page reads a 304 as its cached 200', async ({
  page,
}) => {
  await page.goto('/');
  const url = '/api/v1/products/search?q=argos&limit=4';
  // What went over the wire: the If-None-Match the browser sent, and the body bytes that came
  // back (none for a 304; Chromium reports the revalidated answer with its cached status, 200).
  const seen: { ifNoneMatch: string | undefined; bodyBytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    if (!request.url().endsWith(url)) return;
    const sent = await request.allHeaders();
    seen.push({ ifNoneMatch: sent['if-none-match'], bodyBytes: (await request.sizes()).responseBodySize });
  });

  const read = (cache: RequestCache) =>
    page.evaluate(
      async ([address, mode]) => {
        const response = await fetch(address, { cache: mode });
        return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
      },
      [url, cache] as const,
    );
  const first = await read('default');
  // 'no-cache': the browser must ask the server again, with If-None-Match from its cache.
  const second = await read('no-cache');

  expect(first.status).toBe(200);
  expect(first.etag).toMatch(/^"[\w-]{27}"$/);
  expect(JSON.parse(first.body).products[0].merchant.name).toBe('Argos');
  expect(second).toEqual(first);
  await expect.poll(() => seen.length).toBe(2);
  expect(seen[0]?.ifNoneMatch).toBeUndefined();
  expect(seen[0]?.bodyBytes).toBeGreaterThan(0);
  expect(seen[1]).toEqual({ ifNoneMatch: first.etag, bodyBytes: 0 });
});
