import preact from '@preact/preset-vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  // The runtime the browser gets (ADR 009): components are tested on Preact, with Testing
  // Library for Preact; the preset's aliases point every `react` import at preact/compat.
  plugins: [preact()],
  // The ES module builds, as Vite picks for the browser: under Node's conditions React Router
  // resolves to its CommonJS build, whose require('react') no alias reaches.
  resolve: { conditions: ['module', 'browser', 'development'] },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['vitest.setup.ts'],
    deps: {
      // lucide-react's barrel is 1,500 icon modules: bundled once, not transformed one by one on
      // every vi.resetModules(). Its own `react` import stays external, so it meets the aliases.
      optimizer: {
        web: {
          enabled: true,
          include: ['lucide-react'],
        },
      },
    },
    server: {
      deps: {
        // Left external, Node would load these libraries with their own `react` import, past the
        // aliases: Vite transforms them as the browser build does.
        inline: [
          /react-router/,
          /@tanstack\/react-query/,
          /react-hot-toast/,
          /lucide-react/,
          /react-hook-form/,
          /@hookform/,
        ],
      },
    },
  },
});
