import type { App } from '../../app-types';
import { listSitemapUrls, renderRobots, renderSitemap } from './service';

/** /robots.txt and /sitemap.xml, at the site's root: both need the absolute PUBLIC_URL. */
export async function seoRoutes(app: App): Promise<void> {
  const { publicUrl } = app.appConfig;

  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(renderRobots(publicUrl)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const urls = await listSitemapUrls(app.db, publicUrl);
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(renderSitemap(urls));
  });
}
