import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

/**
 * Toasts as a person saw them, not as they are when the test gets round to looking.
 *
 * A success toast stays 2 seconds (docs/product-rules.md#limits). On a busy machine the test
 * reached `expect(toast).toBeVisible()` after it had gone, and failed though the person had seen
 * it. So every page of a context opened here carries a witness from its first script: it writes
 * down each toast's text when it appears, and where the toast came to rest once its entrance
 * played. `expectToast` then asks the witness, which cannot miss a toast however slow the test is.
 */

export interface SeenToast {
  text: string;
  /** The document timeline's time when its entrance began, and when its exit began (or null). */
  enteredAt: number | null;
  leftAt: number | null;
  /** Where it rested after its entrance animation (viewport pixels); null until then. */
  rest: { top: number; bottom: number; left: number; right: number } | null;
}

declare global {
  interface Window {
    __toastsSeen?: SeenToast[];
  }
}

/** Runs in the page before its own scripts (addInitScript); must stand alone, no imports. */
function installToastWitness() {
  if (window.__toastsSeen) return;
  const seen: SeenToast[] = [];
  window.__toastsSeen = seen;
  const records = new WeakMap<Element, SeenToast>();
  // react-hot-toast renders each toast as a bar holding a polite status; a loading toast that
  // turns into a success keeps its elements and changes its text, so each text is its own record.
  const look = () => {
    for (const status of Array.from(
      document.querySelectorAll('[data-rht-toaster] [role="status"]'),
    )) {
      const text = (status.textContent ?? '').trim();
      const known = records.get(status);
      if (known && known.text === text) continue;
      const record: SeenToast = { text, enteredAt: null, leftAt: null, rest: null };
      if (known) {
        // Shown with the same id, the new words take the old toast's place where it stands: the
        // old one leaves and the new one is in, at that moment.
        known.leftAt ??= now();
        if (known.enteredAt !== null) record.enteredAt = now();
        record.rest = known.rest;
      }
      records.set(status, record);
      seen.push(record);
    }
  };
  function now() {
    return Number(document.timeline.currentTime ?? performance.now());
  }
  new MutationObserver(look).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
  // The bar's own animations (not its icon's): the first is its entrance, the next its exit.
  const recordOf = (event: Event) => {
    const bar = event.target;
    if (!(bar instanceof Element) || !bar.closest('[data-rht-toaster]')) return undefined;
    look();
    const status = bar.querySelector(':scope > [role="status"]');
    return status ? records.get(status) : undefined;
  };
  document.addEventListener(
    'animationstart',
    (event) => {
      const record = recordOf(event);
      if (!record) return;
      if (record.enteredAt === null) record.enteredAt = now();
      else if (record.leftAt === null) record.leftAt = now();
    },
    true,
  );
  document.addEventListener(
    'animationend',
    (event) => {
      const record = recordOf(event);
      if (!record || record.rest || record.leftAt !== null) return;
      const box = (event.target as Element).getBoundingClientRect();
      record.rest = { top: box.top, bottom: box.bottom, left: box.left, right: box.right };
    },
    true,
  );
}

/** Puts the witness on every page `context` opens from now on. */
export const watchToasts = (context: BrowserContext) => context.addInitScript(installToastWitness);

/** A browser context whose pages carry the toast witness. */
export async function newContext(browser: Browser, options?: BrowserContextOptions) {
  const context = await browser.newContext(options);
  await watchToasts(context);
  return context;
}

/** The toasts the current document has shown so far, oldest first. */
export async function toastsSeen(page: Page): Promise<SeenToast[]> {
  const seen = await page.evaluate(() => window.__toastsSeen ?? null);
  if (!seen) throw new Error(NO_WITNESS);
  return seen;
}

const NO_WITNESS =
  'This page has no toast witness: open its context with newContext() from support/toasts.ts';

/**
 * Waits until the page has shown a toast holding `wanted` that no earlier call took, takes it
 * (the same toast never answers two calls: a second save must show a second toast) and returns
 * what the witness saw of it.
 */
export async function expectToast(
  page: Page,
  wanted: string | RegExp,
): Promise<SeenToast & { index: number }> {
  const pattern =
    typeof wanted === 'string'
      ? { source: wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags: '' }
      : { source: wanted.source, flags: wanted.flags.replace('g', '') };
  let found: (SeenToast & { index: number }) | null = null;
  await expect
    .poll(
      async () => {
        found = await page
          .evaluate(({ source, flags }) => {
            const seen = window.__toastsSeen as (SeenToast & { taken?: boolean })[] | undefined;
            if (!seen) return 'no witness' as const;
            const shown = seen.find(
              (toast) => !toast.taken && new RegExp(source, flags).test(toast.text),
            );
            if (!shown) return null;
            shown.taken = true;
            return { ...shown, index: seen.indexOf(shown) };
          }, pattern)
          .then((result) => {
            if (result === 'no witness') throw new Error(NO_WITNESS);
            return result;
          });
        return found !== null;
      },
      { message: `a toast saying ${String(wanted)}` },
    )
    .toBe(true);
  return found as unknown as SeenToast & { index: number };
}

/** Where the toast holding `wanted` (taken as expectToast takes it) came to rest. */
export async function toastRest(page: Page, wanted: string | RegExp) {
  const { index } = await expectToast(page, wanted);
  let rest: SeenToast['rest'] = null;
  await expect
    .poll(
      async () => {
        rest = (await toastsSeen(page))[index]?.rest ?? null;
        return rest !== null;
      },
      { message: `the toast saying ${String(wanted)} comes to rest` },
    )
    .toBe(true);
  return rest as unknown as NonNullable<SeenToast['rest']>;
}
