import type { Redis } from 'ioredis';
import {
  LOCK_MS,
  MAX_FAILURES,
  type AttemptClaim,
  type UnknownAccountThrottle,
} from './login-throttle';

/**
 * The claim of `MemoryUnknownAccountThrottle` as one Lua script, so every server process sharing
 * this Redis counts the same attempts atomically. KEYS: count, lock. ARGV: max failures, lock ms,
 * how long an idle count is kept.
 */
const CLAIM_SCRIPT = `
local lockTtl = redis.call('PTTL', KEYS[2])
if lockTtl > 0 then return lockTtl end
local failures = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if failures >= tonumber(ARGV[1]) then
  redis.call('DEL', KEYS[1])
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
end
return 0
`;

/** A count nobody adds to for a day is forgotten, so random emails cannot fill Redis. */
const IDLE_COUNT_MS = 24 * 60 * 60 * 1000;

/** Unknown-email sign-in counts in Redis (REDIS_URL): shared by every server process. */
export class RedisUnknownAccountThrottle implements UnknownAccountThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async claim(email: string, now: number): Promise<AttemptClaim> {
    const key = `${this.keyPrefix}login:unknown:${email}`;
    const lockTtl = (await this.redis.eval(
      CLAIM_SCRIPT,
      2,
      `${key}:count`,
      `${key}:lock`,
      MAX_FAILURES,
      LOCK_MS,
      IDLE_COUNT_MS,
    )) as number;
    return lockTtl > 0 ? { allowed: false, lockedUntil: now + lockTtl } : { allowed: true };
  }
}
