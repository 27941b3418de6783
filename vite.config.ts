import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { keysFrom } from './protocol/keys.ts';

const keys = keysFrom(process.env);

export default defineConfig({
  define: {
    __MD_KEYS__: JSON.stringify(keys),
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/route-tree.gen.ts' }),
    react(),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: false },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
    },
  },
});
