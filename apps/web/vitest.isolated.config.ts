import { defineConfig } from 'vitest/config';
import { isolatedTestFiles, webTestConfig } from './vitest.config';

/** The web tests that need a module graph of their own (see `isolatedTestFiles`). */
export default defineConfig({
  ...webTestConfig,
  test: { ...webTestConfig.test, name: 'web-isolated', include: isolatedTestFiles, isolate: true },
});
