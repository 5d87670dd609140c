/** The environment production needs to start, except a payment provider (decision 043). */
export const productionEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  DATABASE_URL: 'postgres://db/app',
  SMTP_URL: 'smtp://mail:25',
  VOUCHER_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};
