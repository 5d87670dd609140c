/** The public-config module: the settings the single-page app reads at start. */
export { publicConfigRoutes } from './routes';
