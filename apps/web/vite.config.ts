import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    // `npm run dev` here, with the API running on 3000 (`npm run dev -w @firm/server`).
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    // Public pages must stay light on mobile data: fail loudly if a chunk balloons.
    chunkSizeWarningLimit: 200,
    // The prerenderer reads it to preload each page's own route chunk.
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});
