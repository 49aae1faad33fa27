import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOscuClient } from '../../lib/etims-oscu';
import { runOnSchedule } from '../../lib/scheduled-job';
import { nowOf, type EtimsDeps } from './etims-deps';
import { initialiseEtimsIfNeeded } from './setup.service';
import { sendDueClientEmails } from './client-email.service';
import { branchesWithDueTransmissions } from './transmissions.repository';
import { sendDueTransmissions, type EtimsBranch } from './transmissions.service';

/** The sweep's queue: once a minute, across processes, what a lost job or a failure left. */
export const ETIMS_SWEEP = 'etims-sweep';

/** What the app offers eTIMS' routes and the tests. */
export interface Etims {
  deps: EtimsDeps;
  /** The branch fee notes are sent from; null: eTIMS is not set up. */
  branch: EtimsBranch | null;
  /** After a commit that wrote a transmission (or a Retry): the branch's sending, in the background. */
  advance(): void;
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
      events: app.domainEvents,
      logger: app.log.child({ component: 'etims' }),
    };
    const inFlight = new Set<Promise<void>>();
    const track = (work: Promise<void>) => {
      const done = work.finally(() => inFlight.delete(done));
      inFlight.add(done);
      return done;
    };
    const log = deps.logger;
    const send = async (branchId: string) => {
      try {
        await sendDueTransmissions(deps, branchId);
      } catch (error) {
        log.error({ err: error, branchId }, 'KRA eTIMS sending failed; the sweep tries again');
      }
    };
    const sweep = () =>
      track(
        (async () => {
          await initialiseEtimsIfNeeded(deps);
          try {
            for (const branchId of await branchesWithDueTransmissions(deps.db, nowOf(deps))) {
              await send(branchId);
            }
          } catch (error) {
            log.error({ err: error }, 'KRA eTIMS sweep failed');
          }
          // The client emails owed: KRA answered (a process died before writing it) or 24 hours
          // passed without an answer (ADR 049).
          try {
            await sendDueClientEmails(deps);
          } catch (error) {
            log.error({ err: error }, 'KRA eTIMS client emails failed; the next sweep tries again');
          }
        })(),
      );
    const branch = settings
      ? { branchId: settings.branchId, deviceSerial: settings.deviceSerial, pin: settings.pin }
      : null;
    // In this process at once; the row is the durable job, so a process that dies before or
    // during the send leaves it to the sweep, which any process runs each minute (ADR 049).
    const advance = () => {
      if (branch) void track(send(branch.branchId));
    };

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
      branch,
      advance,
      sweep,
      settle: async () => {
        await Promise.all(inFlight);
      },
    });
  },
  { name: 'etims', dependencies: ['job-queue'] },
);
