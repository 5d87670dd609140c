import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ui',
    environment: 'jsdom',
    setupFiles: ['@gvm/web-lib/test/setup'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
