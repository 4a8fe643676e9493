import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum (m = 19456 KiB, t = 2, p = 1). 2 = Algorithm.Argon2id
// (a const enum, which isolated modules cannot import).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// A hash of a random string: verified against when the e-mail is unknown, so an unknown
// account and a wrong password take the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, passwordHash: string | null | undefined) {
  if (!passwordHash) {
    dummyHash ??= hashPassword(crypto.randomUUID());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
