// Brute-force and spam limits (rate-limiter-flexible with its Prisma store): the counters live
// in the database (RateLimit), so every app instance counts against the same budgets and a
// restart forgets nothing. The budgets are sized for a school lab where 30–40 people share one
// public IP (docs/decisions/006).
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { prisma } from "~/lib/db.server.ts";
import { fail, ok, type Result } from "~/lib/failure.ts";
export { clientIp } from "~/lib/client-ip.ts";

export const TOO_MANY_REQUESTS = "Demasiados intentos. Espera unos minutos e inténtalo nuevamente.";

// Per-IP budgets can be raised with RATE_LIMIT_IP_FACTOR (e.g. a whole school district behind
// one address, or the end-to-end suite, whose every request comes from 127.0.0.1).
const ipFactor = Math.max(1, Number(process.env.RATE_LIMIT_IP_FACTOR) || 1);

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** The budgets, in one place (the tests and the decision record read them from here). */
export const BUDGETS = {
  /** Failed sign-ins from one browser (its signed device cookie), any account. */
  loginFailuresDevice: { points: 10, duration: 15 * MINUTE },
  /**
   * Failed sign-ins from one IP that count against everyone there without a device cookie
   * (scripts, API clients): failures without a device cookie, and failures for unknown addresses.
   */
  loginFailuresIp: { points: 100 * ipFactor, duration: 15 * MINUTE },
  /** Wrong passwords for one address, from anywhere; a browser the owner signed in from is exempt. */
  loginFailuresAccount: { points: 10, duration: 15 * MINUTE },
  /** New device cookies handed out to one IP: a lab of 40 opening the form many times over. */
  loginDevicesIp: { points: 200 * ipFactor, duration: 15 * MINUTE },
  /** Registrations from one IP: a class of 40, plus retries, several classes an hour. */
  registerIp: { points: 120 * ipFactor, duration: 60 * MINUTE },
  /** Registration attempts for one e-mail address. */
  registerAccount: { points: 5, duration: 60 * MINUTE },
  /** Contact messages from one IP. */
  contactIp: { points: 40 * ipFactor, duration: 15 * MINUTE },
  /**
   * Password recovery requests (/recuperar and its API twin) from one IP: a class of 40 asking
   * at once, most twice (a typo, a second link), with room to spare.
   */
  recoverIp: { points: 100 * ipFactor, duration: 15 * MINUTE },
  /**
   * Recovery requests for one typed address, whether or not an account has it (a 429 tells
   * nothing): a person asks again twice; nobody fills someone's inbox with links.
   */
  recoverAddress: { points: 3, duration: 15 * MINUTE },
  /** Internal messages from one sender (by user id): a teacher writing to a class of 40, one by one. */
  messagesSenderMinute: { points: 20, duration: MINUTE },
  /** Internal messages from one sender in a day: five classes of 40. */
  messagesSenderDay: { points: 200, duration: DAY },
  /** Wrong current passwords in 'Cambiar contraseña', per account: a stolen session cannot guess on. */
  passwordChangeUser: { points: 10, duration: 15 * MINUTE },
  /** 'Descargar mis datos' per account (web and API): a few a day is what a person needs; each reads all their rows. */
  myDataUser: { points: 5, duration: 60 * MINUTE },
  /** Wrong passwords in 'Eliminar mi cuenta', per account: a borrowed session cannot guess on. */
  accountDeletionUser: { points: 5, duration: 15 * MINUTE },
  /**
   * Wrong class codes ('Unirme a una clase', web and API) per account: a learner mistypes a few
   * times; nobody walks the 30^8 codes (docs/decisions/022-classes-and-their-code.md).
   */
  classCodeUser: { points: 10, duration: 15 * MINUTE },
  /**
   * A module's questions ('Preguntas'), asked or edited, per account: a learner with a few doubts
   * in a row, not a flood of the course's list and its teachers' notifications (decision 028).
   */
  questionsUserShort: { points: 6, duration: 10 * MINUTE },
  questionsUserDay: { points: 40, duration: DAY },
  /**
   * Requests to change one's own e-mail, per account, whether or not the address has an account
   * (each mails the address typed): a person fixing a typo or two, not a script probing addresses.
   */
  emailChangeUserHour: { points: 5, duration: 60 * MINUTE },
  emailChangeUserDay: { points: 10, duration: DAY },
  /** Answers to a module's questions, per account: a teacher going through a backlog. */
  answersUserMinute: { points: 20, duration: MINUTE },
  answersUserDay: { points: 300, duration: DAY },
  /**
   * Rows of class-import previews per teacher (docs/decisions/032-class-invitations.md): a class
   * of 45 reviewed some twenty times an hour, or a school's list of 1 000 once; nobody walks a
   * register of addresses or RUTs through the importer.
   */
  classImportRowsUser: { points: 1000, duration: 60 * MINUTE },
} as const;

const limiters = Object.fromEntries(
  Object.entries(BUDGETS).map(([name, budget]) => [
    name,
    new RateLimiterPrisma({ storeClient: prisma, tableName: "rateLimit", keyPrefix: name, ...budget }),
  ]),
) as Record<keyof typeof BUDGETS, RateLimiterPrisma>;

type LimiterName = keyof typeof BUDGETS;
export type Bucket = [LimiterName, string];

/** A budget's answer: go on, or the 429 Failure (its message and `retryAfterSeconds`) to answer with. */
export type RateLimitResult<T extends object = object> = Result<T>;

const tooMany = (retryAfterSeconds: number, message: string) => fail(429, message, { retryAfterSeconds });

const normal = (key: string) => key.toLowerCase();
const rowKey = ([name, key]: Bucket) => `${name}:${normal(key)}`;
const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The counter rows of these subjects (a user id, an address) in every budget: a deleted account's go with it. */
function counterKeys(subjects: string[]): string[] {
  return (Object.keys(BUDGETS) as LimiterName[]).flatMap((name) => subjects.map((subject) => rowKey([name, subject])));
}

/** Account deletion: the counters kept for a person (their id and every address they had). */
export async function eraseCounters(tx: Pick<typeof prisma, "rateLimit">, subjects: string[]) {
  await tx.rateLimit.deleteMany({ where: { key: { in: counterKeys(subjects) } } });
}

/**
 * Takes one point from each named bucket; refused when any bucket is empty (the points stay
 * spent), with `message` (default TOO_MANY_REQUESTS).
 */
export async function consume(checks: Bucket[], message = TOO_MANY_REQUESTS): Promise<RateLimitResult> {
  let retry = 0;
  for (const [name, key] of checks) {
    try {
      await limiters[name].consume(normal(key));
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        retry = Math.max(retry, secondsOf(error.msBeforeNext));
      } else {
        throw error;
      }
    }
  }
  return retry > 0 ? tooMany(retry, message) : ok();
}

/**
 * Takes `points` from one bucket at once (a list's rows); refused, with nothing spent, when they
 * do not fit in what is left of the window.
 */
export async function consumePoints(
  [name, key]: Bucket,
  points: number,
  message = TOO_MANY_REQUESTS,
): Promise<RateLimitResult> {
  if (points <= 0) return ok();
  try {
    await limiters[name].consume(normal(key), points);
    return ok();
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    // Give the refused request's points back: a list too long for what is left spends nothing.
    await limiters[name].reward(normal(key), points);
    return tooMany(secondsOf(error.msBeforeNext), message);
  }
}

/** A reservation: the points spent in each bucket after this one, in the order given. */
export type Reservation = RateLimitResult<{ spent: number[] }>;

/**
 * Reserves one point in each bucket before the guarded work runs: the increment and the check
 * are one statement in the database, so concurrent requests cannot all pass a check made before
 * any of them counted. Refused (nothing kept) when any bucket would go over its budget; a caller
 * whose work succeeded gives the points back with `release`.
 */
export async function reserve(buckets: Bucket[], message = TOO_MANY_REQUESTS): Promise<Reservation> {
  const taken: Bucket[] = [];
  const spent: number[] = [];
  let retry = 0;
  for (const bucket of buckets) {
    const [name, key] = bucket;
    try {
      const res = await limiters[name].consume(normal(key));
      spent.push(res.consumedPoints);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      retry = Math.max(retry, secondsOf(error.msBeforeNext));
    }
    taken.push(bucket);
  }
  if (retry === 0) return ok({ spent });
  await release(taken);
  return tooMany(retry, message);
}

/** Gives back one reserved point in each bucket (never below zero, never into a new window). */
export async function release(buckets: Bucket[]): Promise<void> {
  for (const bucket of buckets) {
    await prisma.rateLimit.updateMany({
      where: { key: rowKey(bucket), points: { gt: 0 }, expire: { gt: new Date() } },
      data: { points: { decrement: 1 } },
    });
  }
}

/** Counts one point in each bucket without refusing anything (never throws for a spent bucket). */
export async function penalty(buckets: Bucket[]): Promise<void> {
  for (const [name, key] of buckets) {
    await limiters[name].penalty(normal(key), 1);
  }
}
