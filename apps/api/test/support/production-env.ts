/**
 * The environment production needs to start, except a payment provider (decision 043); the
 * voucher supplier is named (decision 068), as production refuses to start without it too.
 */
export const productionEnv = {
  NODE_ENV: 'production',
  VOUCHER_SUPPLIER: 'simulator',
  JWT_SECRET: 'x'.repeat(40),
  DATABASE_URL: 'postgres://db/app',
  SMTP_URL: 'smtp://mail:25',
  VOUCHER_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};
