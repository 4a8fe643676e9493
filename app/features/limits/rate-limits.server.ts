// Brute-force and spam limits (rate-limiter-flexible with its Prisma store): the counters live
// in the database (RateLimit), so every app instance counts against the same budgets and a
// restart forgets nothing. The budgets are sized for a school lab where 30–40 people share one
// public IP (docs/decisions/006).
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { prisma } from "~/lib/db.server.ts";
export { clientIp } from "~/lib/client-ip.ts";

export const TOO_MANY_REQUESTS = "Demasiados intentos. Espera unos minutos e inténtalo nuevamente.";

// Per-IP budgets can be raised with RATE_LIMIT_IP_FACTOR (e.g. a whole school district behind
// one address, or the end-to-end suite, whose every request comes from 127.0.0.1).
const ipFactor = Math.max(1, Number(process.env.RATE_LIMIT_IP_FACTOR) || 1);

/** The budgets, in one place (the tests and the decision record read them from here). */
export const BUDGETS = {
  /** Failed sign-ins from one IP, any account: a lab's typos are far below, a spray is not. */
  loginFailuresIp: { points: 100 * ipFactor, duration: 15 * 60 },
  /** Wrong passwords for one account from one IP: the owner elsewhere is never locked out. */
  loginFailuresAccount: { points: 10, duration: 15 * 60 },
  /** Registrations from one IP: a class of 40, plus retries, several classes an hour. */
  registerIp: { points: 120 * ipFactor, duration: 60 * 60 },
  /** Registration attempts for one e-mail address. */
  registerAccount: { points: 5, duration: 60 * 60 },
  /** Contact messages from one IP. */
  contactIp: { points: 40 * ipFactor, duration: 15 * 60 },
} as const;

const limiters = Object.fromEntries(
  Object.entries(BUDGETS).map(([name, budget]) => [
    name,
    new RateLimiterPrisma({ storeClient: prisma, tableName: "rateLimit", keyPrefix: name, ...budget }),
  ]),
) as Record<keyof typeof BUDGETS, RateLimiterPrisma>;

export type LimiterName = keyof typeof BUDGETS;

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

const normal = (key: string) => key.toLowerCase();

/** Takes one point from each named bucket; refused when any bucket is empty. */
export async function consume(checks: Array<[LimiterName, string]>): Promise<RateLimitResult> {
  let retry = 0;
  for (const [name, key] of checks) {
    try {
      await limiters[name].consume(normal(key));
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        retry = Math.max(retry, Math.ceil(error.msBeforeNext / 1000));
      } else {
        throw error;
      }
    }
  }
  return retry > 0 ? { ok: false, retryAfterSeconds: retry } : { ok: true };
}

/** Refused when any bucket is already spent; takes nothing (failures are counted separately). */
export async function check(checks: Array<[LimiterName, string]>): Promise<RateLimitResult> {
  let retry = 0;
  for (const [name, key] of checks) {
    const state = await limiters[name].get(normal(key));
    if (state && state.consumedPoints >= BUDGETS[name].points) {
      retry = Math.max(retry, Math.ceil(state.msBeforeNext / 1000));
    }
  }
  return retry > 0 ? { ok: false, retryAfterSeconds: Math.max(1, retry) } : { ok: true };
}

/** Counts one failure in each bucket (never throws for a spent bucket). */
export async function recordFailure(checks: Array<[LimiterName, string]>): Promise<void> {
  for (const [name, key] of checks) {
    await limiters[name].penalty(normal(key), 1);
  }
}

export async function reset(name: LimiterName, key: string) {
  await limiters[name].delete(normal(key));
}
