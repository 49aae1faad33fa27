import { builtinEnvironments, type Environment } from 'vitest/environments';

/**
 * jsdom, but with Node's own AbortController and AbortSignal. Vitest's jsdom environment puts
 * jsdom's in their place, and Node.js 24's fetch and Request (which the router and Mock Service
 * Worker call) refuse a signal that is not Node's: "RequestInit: Expected signal to be an instance
 * of AbortSignal". Node.js 20's accepted it, which is why this never showed before (ADR 026).
 */
const jsdom = builtinEnvironments.jsdom;

export default {
  name: 'jsdom-with-node-abort',
  transformMode: 'web',
  async setup(global, options) {
    const { AbortController, AbortSignal } = global as typeof globalThis;
    const environment = await jsdom.setup(global, options);
    Object.assign(global, { AbortController, AbortSignal });
    return environment;
  },
} satisfies Environment;
