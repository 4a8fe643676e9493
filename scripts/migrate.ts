// Migration CLI: deploy and status are server/migrate/'s (plain SQL, as the production server runs
// at start); dev, diff and reset run Prisma's schema engine as WebAssembly (scripts/migrate/).
//
//   node scripts/migrate.ts deploy                       apply pending migrations
//   node scripts/migrate.ts dev --name NAME [--create-only] [--accept-data-loss]
//   node scripts/migrate.ts status                       folder vs database (exit 1 if behind)
//   node scripts/migrate.ts diff                         SQL of the next migration
//   node scripts/migrate.ts reset --force                delete the database and re-deploy
//
// DATABASE_URL (default file:./data/academia.db, relative to the working directory) selects
// the database, exactly as at runtime. Its scheme selects the provider and the matching schema
// and migrations folder: file: → prisma/schema.prisma + prisma/migrations (SQLite);
// postgres:// or postgresql:// → prisma/postgresql/schema.prisma + prisma/postgresql/migrations.
import { parseArgs } from "node:util";
import {
  databaseProvider,
  databaseUrl,
  deployMigrations,
  migrationStatus,
  migrationsFolderFor,
  providerPaths,
  rel,
} from "../server/migrate/index.ts";
import { devMigration, diffSchema, resetDatabase } from "./migrate/dev-commands.ts";
import { describeError } from "./migrate/errors.ts";

const USAGE = `Usage:
  node scripts/migrate.ts deploy
  node scripts/migrate.ts dev --name NAME [--create-only] [--accept-data-loss]
  node scripts/migrate.ts status
  node scripts/migrate.ts diff
  node scripts/migrate.ts reset --force`;

/** The URL without its password, for messages. */
function redact(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*):[^@/]*@/i, "$1:***@");
}

function fail(message: string, code = 1): never {
  console.error(`Error: ${message}`);
  process.exit(code);
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: "string", short: "n" },
        "create-only": { type: "boolean" },
        "accept-data-loss": { type: "boolean" },
        force: { type: "boolean", short: "f" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`, 2);
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (positionals.length > 1) fail(`Unexpected argument "${positionals[1]}".\n${USAGE}`, 2);

  const url = databaseUrl();
  let folder: string;
  let schemaFile: string;
  try {
    folder = migrationsFolderFor(url);
    schemaFile = rel(providerPaths(databaseProvider(url)).schemaPath);
  } catch (err) {
    fail((err as Error).message);
  }
  const started = performance.now();
  const elapsed = () => `${Math.round(performance.now() - started)} ms`;

  switch (command) {
    case "deploy": {
      const r = await deployMigrations(url);
      if (r.total === 0) console.log(`No migrations found in ${folder}.`);
      else if (r.applied.length === 0)
        console.log(`No pending migrations to apply (${r.total} already applied). [${elapsed()}]`);
      else
        console.log(
          `Applied ${r.applied.length} migration(s):\n${r.applied.map((n) => `  ${n}`).join("\n")}\n[${elapsed()}]`,
        );
      return 0;
    }
    case "dev": {
      if (!values.name) fail(`dev needs --name NAME.\n${USAGE}`, 2);
      const r = await devMigration({
        url,
        name: values.name,
        createOnly: values["create-only"],
        acceptDataLoss: values["accept-data-loss"],
      });
      if (r.appliedBefore.length) console.log(`Applied pending migrations: ${r.appliedBefore.join(", ")}`);
      for (const w of r.warnings) console.warn(`Warning: ${w}`);
      if (r.created === null) {
        console.log(`Already in sync: the schema has no changes, nothing to do (no migration created). [${elapsed()}]`);
      } else if (!r.appliedNew) {
        console.log(
          `Created ${folder}/${r.created}/migration.sql (not applied: edit it, then run dev or deploy). [${elapsed()}]`,
        );
      } else {
        console.log(`Created and applied ${folder}/${r.created}/migration.sql [${elapsed()}]`);
      }
      return 0;
    }
    case "status": {
      const r = await migrationStatus({ url });
      console.log(r.summary);
      return r.upToDate ? 0 : 1;
    }
    case "diff": {
      const sql = await diffSchema({ url });
      if (sql === "") console.log(`-- No changes: ${folder} already matches ${schemaFile}.`);
      else process.stdout.write(sql.endsWith("\n") ? sql : `${sql}\n`);
      return 0;
    }
    case "reset": {
      if (!values.force) {
        fail(`reset deletes every row of ${redact(url)}. Confirm with: node scripts/migrate.ts reset --force`, 2);
      }
      const r = await resetDatabase(url);
      console.log(`Database ${redact(url)} recreated; applied ${r.applied.length} migration(s). [${elapsed()}]`);
      return 0;
    }
    default:
      fail(`Unknown command "${command}".\n${USAGE}`, 2);
  }
}

try {
  const code = await main(process.argv.slice(2));
  // The wasm engine may leave timers behind: exit explicitly.
  process.exit(code);
} catch (err) {
  fail(describeError(err));
}
