import { pagePath, pageRoutes, publicPagePaths } from '@gvm/contract';
import type { Executor } from '../../db/client';
import { listProductIds } from '../catalog';

/** The sitemap protocol allows 50,000 URLs in one file; the public pages take a few of them. */
const maxProductPages = 49_000;

/**
 * Every public page (the contract's `publicPagePaths`, the same list the web router's patterns come
 * from) and every product page, as absolute URLs under PUBLIC_URL.
 */
export async function listSitemapUrls(db: Executor, publicUrl: string): Promise<string[]> {
  const productIds = await listProductIds(db, maxProductPages);
  return [
    ...publicPagePaths.map((path) => `${publicUrl}${path}`),
    ...productIds.map((id) => `${publicUrl}${pagePath(pageRoutes.product, { id })}`),
  ];
}

export function renderSitemap(urls: readonly string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

/** Crawlers may read every page; the API and the dev mailbox are not pages. */
export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}
