import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself (README.md and docs/): a link a newcomer follows must lead to a
 * file and a heading that exist, a path the maps name must be there, and nothing may send them to
 * a document the repository does not hold. It lives in the server's project because that is the
 * one that runs on Node.js with the file system; it reads files only.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SKIPPED = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'data',
  'test-results',
  'playwright-report',
  '.git',
]);

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

const markdown = [
  path.join(ROOT, 'README.md'),
  ...filesUnder(path.join(ROOT, 'docs'), (f) => f.endsWith('.md')),
];
const relative = (file: string) => path.relative(ROOT, file);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Markdown links outside code: `[text](target)`, the target without its title. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map((match) => match[1]!);
}

describe('the repository documents', () => {
  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      for (const link of linksOf(file)) {
        if (/^[a-z]+:/i.test(link)) continue; // https:, mailto:
        const [target, anchor] = link.split('#');
        const resolved = target ? path.resolve(path.dirname(file), target) : file;
        if (!existsSync(resolved)) broken.push(`${relative(file)}: ${link} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
          broken.push(`${relative(file)}: ${link} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('name only repository paths that exist in the maps a newcomer reads first', () => {
    const maps = [
      'README.md',
      'docs/architecture.md',
      'docs/operations.md',
      'docs/journeys.md',
      'docs/decisions/README.md',
      'docs/api/README.md',
      'docs/benchmarks/README.md',
    ].map((file) => path.join(ROOT, file));
    const missing: string[] = [];
    for (const file of maps) {
      for (const [, named] of readFileSync(file, 'utf8').matchAll(/`([^`\s]+)`/g)) {
        const candidate = named!.replace(/[.,:;]$/, '');
        // A concrete path from the root (not a pattern such as `src/<feature>/` or `*.test.ts`).
        if (!/^(apps|packages|e2e|docs|scripts|\.ci)\/[\w./@-]+$/.test(candidate)) continue;
        if (/\/dist(\/|$)/.test(candidate)) continue; // a build's output, there once built
        if (!existsSync(path.join(ROOT, candidate))) missing.push(`${relative(file)}: ${named}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('never point at a document the repository does not hold', () => {
    // Notes kept outside the repository, by file name or by the capitals they were cited in
    // (spelt in lower case here, so that this file does not match itself).
    const names = ['architecture', 'journeys', 'decisions', 'spec'].map((n) => n.toUpperCase());
    const outside = new RegExp(`\\b(${names.join('|')})\\b`);
    const sources = filesUnder(ROOT, (f) =>
      /\.(md|ts|tsx|js|mjs|cjs|json|css|html|ya?ml)$/.test(f),
    ).filter((file) => !file.endsWith('package-lock.json'));
    const found = sources.flatMap((file) => {
      const match = outside.exec(readFileSync(file, 'utf8'));
      return match ? [`${relative(file)}: ${match[0]}`] : [];
    });
    expect(found).toEqual([]);
  });
});
