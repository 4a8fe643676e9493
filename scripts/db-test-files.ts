// Which Vitest files touch the database, read from their imports (the Vitest project "db"); the
// others (project "pure") run on no database at all. Of the "db" files, the PostgreSQL run
// (scripts/pg-test.sh) runs those that say why in a line of their own, `// @postgresql: <reason>`:
// engine-specific SQL, triggers, migrations, plans, backups, concurrency, JSON. Nothing to list by hand: a test file belongs to "db" when it,
// or anything it imports (followed through local files, `~/` and relative paths, static and
// dynamic imports), reaches the database module, the generated Prisma clients, the migrations
// or a database driver, or when it names DATABASE_URL itself (a test that starts a process on
// the database). tests/setup.ts gives a "pure" file no database, so a file misread here fails
// instead of silently skipping PostgreSQL; scripts/db-test-files.test.ts checks the reading.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Where test files live (vitest.config.ts's include, as directories and a suffix). */
const TEST_ROOTS = ["app", "tests", "scripts"];
const TEST_FILE = /\.test\.tsx?$/;

/** A file's own reason to run on PostgreSQL too. */
const POSTGRES_MARKER = /^\/\/ @postgresql: (.+)$/m;

/** Local modules that are the database. */
const DB_MODULES = [
  /^app\/lib\/db\.server\.ts$/,
  /^app\/lib\/db-adapter\.ts$/,
  /^app\/generated\//,
  /^server\/migrate\//,
];
/** Packages that are a database or its client. */
const DB_PACKAGES = /^(@prisma\/|prisma$|pg$|better-sqlite3$)/;
/** A test that starts a process on a database names its address. */
const DB_TEXT = /\bDATABASE_URL\b/;
/** The reason given for a test file that names it. */
export const TEXT_REASON = "names DATABASE_URL";
/**
 * A second, cruder reading for scripts/db-test-files.test.ts: any of these words in a file read as
 * "pure" means the import reading missed a form (a new kind of import, a process on the database).
 */
export const DATABASE_WORDS =
  /db\.server|db-adapter|generated\/prisma|@prisma\/|PrismaClient|DATABASE_URL|TEST_DATABASE|\$queryRaw/;

const SPECIFIER =
  /(?:^|[^\w$.])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

function rel(file: string) {
  return path.relative(root, file).split(path.sep).join("/");
}

function resolveLocal(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(root, "app", spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  const stem = base.replace(/\.(js|jsx)$/, "");
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The import specifiers of one source file (type-only imports included: harmless, rare). */
export function importsOf(source: string): string[] {
  const specs: string[] = [];
  for (const match of source.matchAll(SPECIFIER)) specs.push((match[1] ?? match[2])!);
  return specs;
}

/** Why `file` touches the database (the chain of imports), or undefined when it does not. */
export function databaseReason(file: string, seen = new Map<string, string[] | null>()): string[] | undefined {
  const abs = path.resolve(root, file);
  const key = rel(abs);
  if (seen.has(key)) return seen.get(key) ?? undefined;
  seen.set(key, null); // a cycle reads as "not through here"
  if (DB_MODULES.some((re) => re.test(key))) {
    seen.set(key, [key]);
    return [key];
  }
  if (!/\.(ts|tsx)$/.test(key)) return undefined;
  const source = fs.readFileSync(abs, "utf8");
  if (TEST_FILE.test(key) && DB_TEXT.test(source)) {
    seen.set(key, [key, TEXT_REASON]);
    return [key, TEXT_REASON];
  }
  for (const spec of importsOf(source)) {
    if (DB_PACKAGES.test(spec)) {
      seen.set(key, [key, spec]);
      return [key, spec];
    }
    const local = resolveLocal(abs, spec);
    if (!local) continue;
    const chain = databaseReason(local, seen);
    if (chain) {
      seen.set(key, [key, ...chain]);
      return [key, ...chain];
    }
  }
  return undefined;
}

function walk(dir: string, out: string[]) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "generated" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (TEST_FILE.test(entry.name)) out.push(rel(full));
  }
}

/** Every Vitest file, repository-relative, sorted. */
export function allTestFiles(): string[] {
  const out: string[] = [];
  for (const dir of TEST_ROOTS) walk(path.join(root, dir), out);
  return out.sort();
}

/** Why `file` runs on PostgreSQL too (its `// @postgresql:` line), or undefined. */
export function postgresReason(file: string): string | undefined {
  return POSTGRES_MARKER.exec(fs.readFileSync(path.resolve(root, file), "utf8"))?.[1];
}

/** The test files that touch the database, the others, and the database files run on PostgreSQL. */
export function splitTestFiles() {
  const seen = new Map<string, string[] | null>();
  const db: string[] = [];
  const pure: string[] = [];
  for (const file of allTestFiles()) (databaseReason(file, seen) ? db : pure).push(file);
  return { db, pure, postgres: db.filter((file) => postgresReason(file)) };
}

if (import.meta.main) {
  const { db, pure, postgres } = splitTestFiles();
  console.log(`database (${db.length}):`);
  for (const file of db) console.log(`  ${databaseReason(file)!.join(" → ")}`);
  console.log(`also on PostgreSQL (${postgres.length}):`);
  for (const file of postgres) console.log(`  ${file}: ${postgresReason(file)}`);
  console.log(`no database (${pure.length}):`);
  for (const file of pure) console.log(`  ${file}`);
}
