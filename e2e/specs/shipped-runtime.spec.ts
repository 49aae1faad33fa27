import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../support/server-process';

const DIST = path.join(REPO_ROOT, 'apps/web/dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

// The product is promised as React 19 (ADR 010): these fail if a substitute runtime
// comes back through an alias, a dependency or a build setting.
test.describe('the runtime that ships', () => {
  test('React DOM registers itself as the production React 19 renderer in the browser', async ({
    page,
  }) => {
    // A stand-in for React DevTools' hook: React DOM announces its renderer to it when it starts.
    await page.addInitScript(() => {
      const renderers: { name: string; version: string; bundleType: number }[] = [];
      Object.assign(window, {
        __renderers: renderers,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          isDisabled: false,
          supportsFiber: true,
          renderers: new Map(),
          inject(renderer: { rendererPackageName: string; version: string; bundleType: number }) {
            renderers.push({
              name: renderer.rendererPackageName,
              version: renderer.version,
              bundleType: renderer.bundleType,
            });
            return renderers.length;
          },
          checkDCE() {},
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          onScheduleFiberRoot() {},
        },
      });
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const renderers = await page.waitForFunction(() => {
      const list = (window as unknown as { __renderers: unknown[] }).__renderers;
      return list.length > 0 ? list : null;
    });
    const [renderer] = (await renderers.jsonValue()) as {
      name: string;
      version: string;
      bundleType: number;
    }[];
    expect(renderer?.name).toBe('react-dom');
    expect(renderer?.version).toMatch(/^19\./);
    expect(renderer?.bundleType).toBe(0); // production build
  });

  test('a prerendered page names one script, its small entry, and preloads nothing before it paints', () => {
    for (const page of ['index.html', 'contact/index.html', '404.html']) {
      const html = readFileSync(path.join(DIST, page), 'utf8');
      const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(scripts, page).toHaveLength(1);
      expect(scripts[0], page).toMatch(/^\/assets\/boot-[\w-]+\.js$/);
      expect(html, page).not.toContain('rel="modulepreload"');
      expect(readFileSync(path.join(DIST, scripts[0]!), 'utf8').length, page).toBeLessThan(4096);
    }
  });

  test('no prerendered page loads zod, the schemas or the form library before a visitor uses a form', () => {
    const pages = filesUnder(DIST).filter((file) => file.endsWith('index.html'));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const chunks = /data-route-chunks="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
      // The contact form loads them on first focus; a policy page once took them in through one
      // constant exported beside the case schemas.
      expect(
        chunks.filter((chunk) => /\/(validation|forms)-/.test(chunk)),
        path.relative(DIST, file),
      ).toEqual([]);
    }
  });

  test('the site chunk every page loads holds React DOM’s production build, and no file holds Preact', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; name?: string; imports?: string[] }>;
    const site = Object.entries(manifest).find(([, chunk]) => chunk.name === 'site');
    expect(site, 'a chunk named site').toBeTruthy();
    // Every page's app loads it (boot.ts → main.tsx → site).
    expect(manifest['src/main.tsx']?.imports).toContain(site![0]);
    const siteCode = readFileSync(path.join(DIST, site![1].file), 'utf8');
    // React's production builds point at its error decoder instead of shipping messages.
    expect(siteCode).toContain('https://react.dev/errors/');
    expect(siteCode).toMatch(/"19\.\d+\.\d+"/);
    const withPreact = filesUnder(DIST)
      .filter((file) => /\.(js|html|json)$/.test(file))
      .filter((file) => /preact/i.test(readFileSync(file, 'utf8')));
    expect(withPreact).toEqual([]);
  });

  test('Preact is not in the dependency tree', () => {
    const requireFromWeb = createRequire(path.join(REPO_ROOT, 'apps/web/package.json'));
    for (const name of [
      'preact',
      'preact/compat',
      '@preact/preset-vite',
      '@testing-library/preact',
    ]) {
      expect(() => requireFromWeb.resolve(name), name).toThrow();
    }
    const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    expect(Object.keys(lock.packages).filter((key) => /preact/.test(key))).toEqual([]);
  });
});
