import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

// The plugin's own two stores (not exported by its index, and untyped): the same counting, the same
// Redis keys and Lua script as when the plugin picks a store itself.
const require = createRequire(import.meta.url);
type Flags = [continueExceeding: boolean, exponentialBackoff: boolean];
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  ...args: [...Flags, cache?: number]
) => FastifyRateLimitStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  ...args: [...Flags, redis: Redis, key?: string]
) => FastifyRateLimitStore;

/** Whether Redis answers, as the last count (or connection event) found it; told to the log once per change. */
export interface RedisHealth {
  /** Worth trying: connected. */
  usable(): boolean;
  /** Connected and the last count went through. */
  reachable(): boolean;
  failed(error: Error): void;
  succeeded(): void;
}

/**
 * Counts in Redis while it answers, and in this process's memory when it does not: while Redis is
 * away each process counts alone (a client gets each limit once per process), never without limits.
 */
class RedisOrMemoryStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: FastifyRateLimitStore,
    private readonly memory: FastifyRateLimitStore,
    private readonly health: RedisHealth,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void {
    if (!this.health.usable()) return this.memory.incr(key, callback, timeWindow, max);
    this.redis.incr(
      key,
      (error, result) => {
        if (error || !result) {
          this.health.failed(error ?? new Error('no answer'));
          this.memory.incr(key, callback, timeWindow, max);
        } else {
          this.health.succeeded();
          callback(null, result);
        }
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new RedisOrMemoryStore(this.redis.child(routeOptions), this.memory.child(routeOptions), this.health);
  }
}

/** The store class for the plugin's `store` option (the plugin constructs it with its options). */
export function redisOrMemoryStore(redis: Redis, nameSpace: string, health: RedisHealth): FastifyRateLimitStoreCtor {
  return class extends RedisOrMemoryStore {
    constructor(options: RateLimitPluginOptions) {
      const flags: Flags = [options.continueExceeding ?? false, options.exponentialBackoff ?? false];
      super(new RedisStore(...flags, redis, nameSpace), new LocalStore(...flags, options.cache), health);
    }
  };
}
