import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../app-types';

/**
 * Serves the built single-page app from the API's own port. Hashed files under /assets are
 * immutable; index.html is always revalidated so a deploy is picked up on the next visit.
 * Any GET outside /api that is not a file falls back to index.html (client-side routes).
 */
export async function registerWebApp(app: App, distDir: string | undefined): Promise<void> {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (an old hashed bundle after a deploy) is a 404, never the page as script.
    const isFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (hasWebApp && !isApi && !isFile && wantsPage) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
