import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DomainEventPublisher } from '../../lib/domain-events';
import type { SecretBox } from '../../lib/secret-box';
import type { Outbox } from '../deliveries/outbox';
import type { UnknownAccountThrottle } from './login-throttle';

/**
 * What the auth services are given by the routes: sign-in, registration, password links and
 * password change share them.
 */
export interface AuthDeps {
  db: Db;
  outbox: Pick<Outbox, 'dispatch'>;
  publicUrl: string;
  superKey: string;
  /** Where the key comes from (ADVOCATE_SUPER_KEY or the generated file): a first start's wrong-key text says so. */
  superKeySource: 'environment' | 'file';
  throttle: UnknownAccountThrottle;
  logger: FastifyBaseLogger;
  /** A registration that waits for verification is announced to notifications. */
  events: DomainEventPublisher;
  /** Opens authenticator keys for the second step of signing in (ADR 037). */
  twoFactorBox: SecretBox;
}

/** Who asked: the address, and the browser a new session records (route-kit's has no browser). */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}
