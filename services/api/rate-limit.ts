import type { Redis } from "ioredis";

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
}

export interface RateLimiter {
  hit(key: string): Promise<RateDecision>;
  close(): Promise<void>;
}

/** Fixed one-minute windows; the window index is part of the key so counters expire alone. */
function windowOf(now: number, windowMs: number): { index: number; resetSeconds: number } {
  const index = Math.floor(now / windowMs);
  return { index, resetSeconds: Math.max(1, Math.ceil(((index + 1) * windowMs - now) / 1000)) };
}

function decide(count: number, limit: number, resetSeconds: number): RateDecision {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
}

export class MemoryRateLimiter implements RateLimiter {
  private counts = new Map<string, number>();
  private currentWindow = -1;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  async hit(key: string): Promise<RateDecision> {
    const { index, resetSeconds } = windowOf(Date.now(), this.windowMs);
    if (index !== this.currentWindow) {
      this.counts.clear();
      this.currentWindow = index;
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return decide(count, this.limit, resetSeconds);
  }

  async close(): Promise<void> {
    this.counts.clear();
  }
}

/**
 * Shared across gateway replicas. If Redis does not answer, requests are let through (the
 * limiter protects capacity; it must not become an outage of its own).
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly limit: number,
    private readonly prefix: string,
    private readonly windowMs = 60_000,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  async hit(key: string): Promise<RateDecision> {
    const { index, resetSeconds } = windowOf(Date.now(), this.windowMs);
    const redisKey = `${this.prefix}:rl:${index}:${key}`;
    try {
      const res = await this.redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, this.windowMs + 1000)
        .exec();
      const count = Number(res?.[0]?.[1] ?? 0);
      return decide(count, this.limit, resetSeconds);
    } catch (err) {
      this.onError(err);
      return { allowed: true, limit: this.limit, remaining: this.limit, resetSeconds };
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
