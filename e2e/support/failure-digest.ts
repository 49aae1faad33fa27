import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of each part kept: enough to see the step and the page, short enough to stay in view. */
const ERROR_LINES = 14;
const BLOCK_LINES = 25;
/** The parts of the page a failure is read from: the page's main content, dialogs, toasts, alerts. */
const TELLING_BLOCK = /^- (main|dialog|alertdialog|alert|status|region "Notifications)/;

/**
 * A CI reporter: once the run ends, each failed test again, in short, at the very end of the log:
 * where it stopped, the first lines of its error, and what the page showed then (Playwright's
 * error context, an accessibility snapshot). The line reporter prints a failure where it happens,
 * among a hundred other lines; a CI log that keeps only its tail would lose it, and a failure that
 * happened once must be understood from that one log (a flaky test is fixed, never retried).
 */
export default class FailureDigest implements Reporter {
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus) return;
    // A timeout comes first and says nowhere; the step it cut short follows, with its place.
    const error = result.errors.find((each) => each.location) ?? result.errors[0];
    const where = error?.location
      ? `${path.relative(process.cwd(), error.location.file)}:${error.location.line}`
      : 'unknown place';
    const lines = [
      `✘ ${test.titlePath().filter(Boolean).join(' › ')} (${result.status}, ${Math.round(result.duration / 1000)} s)`,
      `  stopped at ${where}`,
      ...(result.errors[0] && result.errors[0] !== error
        ? firstLines(result.errors[0].message ?? '', 2)
        : []),
      ...firstLines(error?.message ?? error?.value ?? '', ERROR_LINES),
    ];
    const context = result.attachments.find((attachment) => attachment.name === 'error-context');
    const snapshot = context?.path ? readIfThere(context.path) : context?.body?.toString('utf8');
    const page = snapshot ? tellingParts(snapshot) : [];
    if (page.length > 0) lines.push('  The page then:', ...page);
    this.failures.push(lines.join('\n'));
  }

  onEnd() {
    if (this.failures.length === 0) return;
    console.log(`\n${this.failures.length} failed, in short:\n\n${this.failures.join('\n\n')}\n`);
  }

  printsToStdio() {
    // The line reporter beside it owns the terminal; this one only adds its digest at the end.
    return false;
  }
}

function firstLines(text: string, count: number): string[] {
  const plain = text
    // eslint-disable-next-line no-control-regex -- terminal colours in Playwright's messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    // Chromium's own start-up chatter (its launch line, D-Bus, Vulkan) says nothing of the test.
    .filter((line) => !/^\s*(\[pid=\d+\]|<launch|Browser logs:)/.test(line));
  const kept = plain.slice(0, count).map((line) => `    ${line}`);
  if (plain.length > count) kept.push(`    … ${plain.length - count} more lines`);
  return kept;
}

/**
 * From Playwright's error context (markdown, the page's accessibility snapshot in a yaml block),
 * the top-level blocks a reader needs: the main content, any dialog, toast or alert; not the
 * header and footer every page has.
 */
function tellingParts(errorContext: string): string[] {
  const yaml = /```yaml\n([\s\S]*?)```/.exec(errorContext)?.[1];
  if (!yaml) return [];
  const blocks: string[][] = [];
  for (const line of yaml.split('\n')) {
    if (line.startsWith('- ')) blocks.push([line]);
    else blocks.at(-1)?.push(line);
  }
  return blocks
    .filter((block) => TELLING_BLOCK.test(block[0]!))
    .flatMap((block) => firstLines(block.join('\n'), BLOCK_LINES));
}

function readIfThere(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
