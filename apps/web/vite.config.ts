import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  // `npm run dev -w @gvm/web` serves the app with hot reload; API calls go to the running API.
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries change far less often than the app: in their own hashed files they stay
        // cached across our deploys, and the app's own chunk stays small.
        manualChunks(id) {
          const vendor = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
          if (!vendor) return undefined;
          if (['react', 'react-dom', 'react-router', 'scheduler', 'cookie'].includes(vendor)) return 'react';
          if (vendor.startsWith('@radix-ui/') || vendor.startsWith('@floating-ui/')) return 'ui';
          return 'vendor';
        },
      },
    },
  },
});
