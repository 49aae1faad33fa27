import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  apiErrorSchema,
  BACKUP_MESSAGES,
  backupStartedSchema,
  backupRunSchema,
} from '@firm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/route-kit';
import { sameSecret } from '../../lib/same-secret';
import { toBackupRun } from './backups.answers';
import { findRun } from './backups.repository';
import { BackupRefusal } from './backups.service';

/**
 * How `npm run backup` asks a running server to back up (ADR 039). The embedded database is
 * opened by one process only, so the command cannot do the work beside the server: the server,
 * once listening, writes `DATA_DIR/backup-channel.json` (mode 0600: only its own user can read it)
 * with its address and a random token made at this start; the command presents the token to
 * `/api/internal/backups` from this machine. No token, a wrong one or another machine: refused.
 * On PostgreSQL the command claims and works itself, through the shared database.
 */
export interface ChannelFile {
  pid: number;
  url: string;
  token: string;
}

export const channelFile = (dataDir: string) => path.join(dataDir, 'backup-channel.json');
export const CHANNEL_TOKEN_HEADER = 'x-backup-channel-token';

export function readChannelFile(dataDir: string): ChannelFile | null {
  try {
    const parsed = JSON.parse(readFileSync(channelFile(dataDir), 'utf8')) as Partial<ChannelFile>;
    return typeof parsed.pid === 'number' &&
      typeof parsed.url === 'string' &&
      typeof parsed.token === 'string'
      ? (parsed as ChannelFile)
      : null;
  } catch {
    return null;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The address the command dials: loopback when the server listens on every interface. */
function dialAddress(address: AddressInfo): string {
  const host = address.address;
  if (host === '0.0.0.0') return `http://127.0.0.1:${address.port}`;
  if (host === '::') return `http://[::1]:${address.port}`;
  return `http://${address.family === 'IPv6' ? `[${host}]` : host}:${address.port}`;
}

export const backupChannelPlugin = fp(
  async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    let token: string | null = null;
    const file = channelFile(app.config.dataDir);

    if (app.database.driver === 'pglite') {
      app.addHook('onListen', async () => {
        const address = app.server.address();
        if (!address || typeof address === 'string') return;
        token = randomBytes(32).toString('base64url');
        const temp = `${file}.${process.pid}.tmp`;
        const content: ChannelFile = { pid: process.pid, url: dialAddress(address), token };
        writeFileSync(temp, JSON.stringify(content), { mode: 0o600 });
        renameSync(temp, file);
      });
      app.addHook('onClose', async () => {
        if (token && readChannelFile(app.config.dataDir)?.token === token) unlinkSync(file);
        token = null;
      });
    }

    /** From this machine, with this start's token; else refused (404 before the server listens). */
    const fromTheCommand = async (request: FastifyRequest) => {
      if (!token) throw AppError.notFound(BACKUP_MESSAGES.notFound, 'NOT_FOUND');
      const remote = request.socket.remoteAddress ?? '';
      if (!LOOPBACK.has(remote) && remote !== request.socket.localAddress) {
        throw AppError.forbidden(BACKUP_MESSAGES.channelLocalOnly);
      }
      const given = request.headers[CHANNEL_TOKEN_HEADER];
      if (typeof given !== 'string' || !sameSecret(given, token)) {
        throw AppError.unauthorized(BACKUP_MESSAGES.channelRefused);
      }
    };
    const errors = errorResponses(400, 401, 403, 404, 409);
    const tags = ['backups'];

    app.post(
      '/api/internal/backups',
      {
        schema: {
          tags,
          summary:
            '`npm run backup` on the embedded database: start one (202), or 409 with the run under way',
          response: {
            ...errors,
            202: backupStartedSchema,
            // The run under way, for the command to follow instead.
            409: apiErrorSchema.extend({ runId: z.string().nullable().optional() }),
          },
        },
        onRequest: fromTheCommand,
      },
      async (_request, reply) => {
        try {
          const { run } = await app.backups.start({ trigger: 'command' });
          return reply.code(202).send({
            success: true,
            message: BACKUP_MESSAGES.started,
            run: toBackupRun({ ...run, requestedByName: null }),
          });
        } catch (error) {
          if (!(error instanceof BackupRefusal)) throw error;
          throw error.reason === 'running'
            ? AppError.conflict(error.message, 'BACKUP_RUNNING', { runId: error.run?.id ?? null })
            : AppError.conflict(error.message, 'BACKUP_PASSPHRASE_MISSING');
        }
      },
    );

    app.get(
      '/api/internal/backups/:id',
      {
        schema: {
          tags,
          summary: 'One run, for the command to follow it to its end',
          params: z.object({ id: z.uuid({ error: BACKUP_MESSAGES.invalidId }) }),
          response: { 200: backupRunSchema, ...errors },
        },
        onRequest: fromTheCommand,
      },
      async (request) => {
        const run = await findRun(app.db, request.params.id);
        if (!run) throw AppError.notFound(BACKUP_MESSAGES.notFound, 'BACKUP_NOT_FOUND');
        return toBackupRun(run);
      },
    );
  },
  { name: 'backup-channel', dependencies: ['backups'] },
);
