import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOscuClient } from '../../lib/etims-oscu';
import { runOnSchedule } from '../../lib/scheduled-job';
import type { EtimsDeps } from './etims-deps';
import { initialiseEtimsIfNeeded } from './setup.service';

/** The sweep's queue: once a minute, across processes, what a lost job or a failure left. */
export const ETIMS_SWEEP = 'etims-sweep';

/** What the app offers eTIMS' routes and the tests. */
export interface Etims {
  deps: EtimsDeps;
  /** One sweep now, in this process (tests; the schedule runs it on any process). */
  sweep(): Promise<void>;
  /** The start-up's work still under way in this process (tests and shutdown wait for it). */
  settle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    etims: Etims;
  }
}

/**
 * KRA eTIMS in the running server (ADR 049): when configured, the device is initialised at
 * start-up in the background (never holding start-up up: KRA may be down for hours); a failure is
 * logged and kept for System Settings, and the sweep each minute tries again.
 */
export const etimsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.etims ?? null;
    const deps: EtimsDeps = {
      db: app.db,
      settings,
      oscu: settings ? createOscuClient(settings) : null,
      box: app.twoFactorBox,
      firmNotifyEmail: app.config.firmNotifyEmail,
      logger: app.log.child({ component: 'etims' }),
    };
    const inFlight = new Set<Promise<void>>();
    const track = (work: Promise<void>) => {
      const done = work.finally(() => inFlight.delete(done));
      inFlight.add(done);
      return done;
    };
    const sweep = () => track(initialiseEtimsIfNeeded(deps));

    await runOnSchedule(app, {
      name: ETIMS_SWEEP,
      cron: '* * * * *',
      firstRunDelayMs: 60_000,
      run: async () => sweep(),
    });
    app.addHook('onReady', async () => {
      if (settings) void sweep();
    });
    app.addHook('onClose', async () => {
      await Promise.all(inFlight);
    });
    app.decorate('etims', {
      deps,
      sweep,
      settle: async () => {
        await Promise.all(inFlight);
      },
    });
  },
  { name: 'etims', dependencies: ['job-queue'] },
);
