/** The seo module: /robots.txt and /sitemap.xml, at the site's root. */
export { seoRoutes } from './routes';
