// Brute-force and spam limits (rate-limiter-flexible, in memory: one app process per
// database; a scaled-out deployment would switch these to a shared store).
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export const TOO_MANY_REQUESTS = "Demasiados intentos. Espera unos minutos e inténtalo nuevamente.";

// Per-IP budgets can be raised with RATE_LIMIT_IP_FACTOR (e.g. behind a shared NAT, or for the
// end-to-end suite, whose every request comes from 127.0.0.1).
const ipFactor = Math.max(1, Number(process.env.RATE_LIMIT_IP_FACTOR) || 1);

const limiters = {
  loginIp: new RateLimiterMemory({ keyPrefix: "login-ip", points: 30 * ipFactor, duration: 15 * 60 }),
  loginAccount: new RateLimiterMemory({ keyPrefix: "login-account", points: 8, duration: 15 * 60 }),
  registerIp: new RateLimiterMemory({ keyPrefix: "register-ip", points: 10 * ipFactor, duration: 60 * 60 }),
  registerAccount: new RateLimiterMemory({ keyPrefix: "register-account", points: 5, duration: 60 * 60 }),
  contactIp: new RateLimiterMemory({ keyPrefix: "contact-ip", points: 5 * ipFactor, duration: 10 * 60 }),
};

export type LimiterName = keyof typeof limiters;

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Takes one point from each named bucket; refused when any bucket is empty. */
export async function consume(checks: Array<[LimiterName, string]>): Promise<RateLimitResult> {
  let retry = 0;
  for (const [name, key] of checks) {
    try {
      await limiters[name].consume(key.toLowerCase());
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

export async function reset(name: LimiterName, key: string) {
  await limiters[name].delete(key.toLowerCase());
}

/** The client's address as set by our server (server/index.ts overwrites any sent value). */
export function clientIp(request: Request): string {
  return request.headers.get("x-academia-client-ip") ?? "local";
}
