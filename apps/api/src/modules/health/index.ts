/** The health module: the load balancer's probes at the root and `/api/v1/health` (decision 055). */
export { healthRoutes, probeRoutes } from './routes';
