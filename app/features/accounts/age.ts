// Ages for the consent rule (Ley 21.719: under 14), on Chile's calendar date, never a UTC instant. Browser-safe.

/** Under this age (in whole years) a registration needs a parent's or guardian's consent. */
const CONSENT_AGE = 14;

/** Today's date in Chile as YYYY-MM-DD. */
export function chileToday(now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago" }).format(now);
}

/** Whole years between a birth date and a day (both YYYY-MM-DD); null for a malformed date. */
export function ageOn(birth: string, day: string): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birth);
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!b || !d) return null;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const [dy, dm, dd] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const hadBirthday = dm > bm || (dm === bm && dd >= bd);
  return dy - by - (hadBirthday ? 0 : 1);
}

/** Whether a person born on `birth` needs a guardian's consent to register today (Chile). */
export function needsGuardian(birth: string, now = new Date()): boolean {
  const age = ageOn(birth, chileToday(now));
  // A date in the future is refused by the birth date's own rule, not asked for a guardian.
  return age !== null && age >= 0 && age < CONSENT_AGE;
}
