// Validated configuration. Every environment variable the app reads is listed here (and in
// README's configuration table).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "./log.server.ts";

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().default("file:./data/academia.db"),
  DATA_DIR: z.string().default("./data"),
  SESSION_SECRET: z.string().min(32).optional(),
  APP_URL: optionalUrl,
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  APP_NAME: z.string().min(1).default("Academia Abierta"),
  CONTACT_PHONE: z.string().default("+56 64 223 4567"),
  CONTACT_EMAIL: z.string().default("contacto@academia-abierta.cl"),
  CONTACT_ADDRESS: z.string().default("Av. Juan Mackenna 1040, Osorno, Chile"),
  /** Who is responsible for personal data (Ley 21.719) and how to reach them: /privacidad. */
  PRIVACY_CONTROLLER: z.string().optional(),
  PRIVACY_EMAIL: z.string().optional(),
  PRIVACY_ADDRESS: z.string().optional(),
  FACEBOOK_URL: z.string().default("https://www.facebook.com/academiaabierta"),
  LINKEDIN_URL: z.string().default("https://www.linkedin.com/company/academia-abierta"),
  MAP_EMBED_URL: z
    .string()
    .default("https://www.openstreetmap.org/export/embed.html?bbox=-73.16%2C-40.59%2C-73.11%2C-40.56&layer=mapnik"),
  MAX_PDF_MB: z.coerce.number().positive().default(10),
  MAX_IMAGE_MB: z.coerce.number().positive().default(5),
  /** An S3-compatible bucket for every stored file (app/lib/storage/s3.server.ts reads these). */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.string().optional(),
  S3_PREFIX: z.string().optional(),
  /** How often each instance's mail sender looks at the outbox, and how long a claim holds. */
  MAIL_SEND_INTERVAL_S: z.coerce.number().positive().default(30),
  MAIL_LEASE_S: z.coerce.number().positive().default(300),
  /** At most this many mails a minute from each sender (the SMTP provider's limit): one every 60 ÷ rate s. */
  MAIL_RATE_PER_MIN: z.coerce.number().positive().max(60_000).default(600),
  /** How long an anonymous catalog page may be served from memory (0: never); lib/page-cache.server.ts. */
  PAGE_CACHE_S: z.coerce.number().min(0).default(60),
  /** The most a signed-in learner's device keeps for reading offline (decision 014), in MB. */
  OFFLINE_CACHE_MB: z.coerce.number().positive().max(2000).default(50),
  /** Whether a course's teachers may publish it themselves (docs/product.md#course-teams); off: admins review. */
  TEACHERS_PUBLISH: z.enum(["true", "false"]).default("false"),
  /** How many days before a module's due date its reminder e-mail goes out (docs/product.md#due-dates). */
  REMINDER_DAYS_BEFORE: z.coerce.number().int().min(0).max(60).default(2),
  /** The hour (0–23, Chile's time) of the daily digest e-mail ('Resumen diario', docs/product.md#notifications). */
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  /** Seconds between two looks for due-date reminders and the daily digest (each goes out at most this late). */
  NOTICE_JOBS_EVERY_S: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Backups (docs/decisions/029-backup-and-restore.md): where, how many to keep, how often the server makes one. */
  /** Unset: DATA_DIR/backups (so ./data/backups by default). */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** A scheduled backup every this many hours: daily unless set; 0 turns the schedule off. */
  BACKUP_EVERY_H: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().min(0).max(8760).default(24)),
  /** Where PostgreSQL's pg_dump and pg_restore are, when not found by themselves. */
  PG_BIN: z.string().optional(),
  /** The log's level (app/lib/log.server.ts): fatal, error, warn, info (the default), debug, trace or silent. */
  LOG_LEVEL: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
    z.enum(LOG_LEVELS).optional(),
  ),
  /** The bearer token GET /metrics asks for; unset, /metrics answers 404 (docs/decisions/030). */
  METRICS_TOKEN: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(16).optional()),
  PORT: z.coerce.number().int().positive().max(65535).catch(3000),
  HOST: z.string().catch("0.0.0.0").default("0.0.0.0"),
});

type Env = z.infer<typeof EnvSchema>;

let cached: (Env & { sessionSecret: string; dataDir: string; cookieSecure: boolean }) | undefined;

export function env() {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Configuración inválida: ${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  // Several instances on one PostgreSQL database must sign cookies and tokens alike: a secret
  // generated into each machine's data directory would not be shared.
  if (!e.SESSION_SECRET && /^postgres(ql)?:/.test(e.DATABASE_URL)) {
    throw new Error(SESSION_SECRET_REQUIRED);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const cookieSecure =
    e.COOKIE_SECURE !== undefined
      ? e.COOKIE_SECURE === "true"
      : e.NODE_ENV === "production" && (e.APP_URL?.startsWith("https:") ?? false);
  cached = { ...e, dataDir, cookieSecure, sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir) };
  return cached;
}

export const SESSION_SECRET_REQUIRED =
  "Configuración inválida: SESSION_SECRET es obligatoria con PostgreSQL (DATABASE_URL=postgresql://…): " +
  "todas las instancias deben firmar sesiones y tokens con el mismo secreto (32 caracteres o más).";

/** Test hook: forget the cached configuration after changing process.env. */
export function resetEnvCache() {
  cached = undefined;
}

// Without SESSION_SECRET (the demo), a random secret is made once and kept in the data
// directory, so no secret is ever committed and restarts keep tokens valid.
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, ".session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

/**
 * The public base URL for links in e-mails, certificates and QR codes: APP_URL, or (the demo,
 * APP_URL unset) the address this server listens on. Never the request's Host header or any
 * other request value: a forged Host would otherwise put an attacker's site into our mail.
 */
export function publicUrl(): string {
  const { APP_URL, PORT, HOST } = env();
  if (APP_URL) return APP_URL.replace(/\/$/, "");
  return listenOrigin(HOST, PORT);
}

/** http://localhost:PORT for a wildcard address, else the host the server was told to use. */
export function listenOrigin(host: string, port: number): string {
  const wildcard = !host || host === "0.0.0.0" || host === "::" || host === "[::]";
  const name = wildcard ? "localhost" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export const APP_URL_UNSET_WARNING =
  "AVISO: APP_URL no está definida. Los enlaces de correos, certificados y códigos QR usarán " +
  "la dirección local del servidor; en producción define APP_URL con la dirección pública (https://…).";
