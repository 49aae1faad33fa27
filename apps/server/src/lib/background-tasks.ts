import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay an answer, or must not show in its timing (forgot-password
 * answered unknown emails faster than known ones). A task starts after the current response has
 * been written (setImmediate runs after the promise chain that sends it); a failure is logged, never
 * thrown at anyone. `drain()` waits for everything queued so far: tests read the mail it sent, and
 * the app drains before it closes, so no task outlives the database.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.logger.error({ err: error, task: name }, `${name} failed`))
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  /** Resolves once every task queued so far, and any they queued in turn, has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
