/** The payments module: the payment provider's webhooks, applied by checkout. */
export { paymentRoutes } from './routes';
