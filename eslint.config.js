// ESLint: correctness (typescript-eslint, React hooks), accessibility (jsx-a11y) and the layers
// of the code base (README.md, "Layout"): a change that breaks a layer fails
// `npm test` instead of slipping through review. Formatting is Prettier's (prettier.config.js).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Imports that would cross a layer, by the folder that may not make them. */
const FEATURES = {
  group: ["~/features/*", "~/features/**", "**/features/**"],
  message: "lib/ and components/ import no feature: pass data in, or move the code into the feature.",
};
const ROUTES = { group: ["~/routes/*", "~/routes/**"], message: "Only app/routes.ts knows the route modules." };
const ROOT = {
  regex: String.raw`^(~|\.{1,2})(/\.\.)*/root(\.tsx)?$`,
  message: "app/root.tsx imports the features, lib/ and components/, never the other way: share a type instead.",
};
// Every way to name the database module, its adapter or the generated Prisma client: the `~/`
// alias, a relative path from any depth, with or without an extension, and the Prisma packages.
const DATABASE = String.raw`(^|/)(db\.server|db-adapter)(\.[cm]?[jt]sx?)?$|(^|/)generated(/|$)|^@prisma(/|$)`;
const PRISMA = {
  regex: DATABASE,
  message: "Data access lives in app/features/<area>/*.server.ts: call a feature service instead.",
};
// The same paths in `import("…")` and `typeof import("…")`, which no-restricted-imports does not see.
const DYNAMIC_PRISMA = [
  "error",
  ...["ImportExpression > Literal.source", "TSImportType Literal"].map((selector) => ({
    selector: `${selector}[value=/${DATABASE.replaceAll("/", "\\x2F")}/]`,
    message: PRISMA.message,
  })),
];
/**
 * Every feature, lowest first (docs/decisions/019-course-features-one-way.md): a feature may import
 * the rows before its own, never a later row nor its neighbour on the same row. Code two features
 * need goes down (app/lib, app/components/ui) or up (the feature or route that uses both).
 */
const FEATURE_ORDER = [
  ["audit", "backup", "limits", "mail", "search"],
  ["contact", "monitoring", "notifications"],
  ["accounts", "due-dates"],
  ["library", "messages", "offline"],
  ["courses"],
  ["enrolment"],
  ["announcements", "certificates", "questions", "quizzes"],
  ["authoring", "learning", "reports"],
  ["classes"],
  ["assignments"],
  ["privacy"],
  ["profile"],
];
/**
 * Each table's owner (docs/decisions/038-tables-have-owners.md): only its feature reads or writes
 * it through the client (`prisma.<model>`, `tx.<model>`); other features call the owner's
 * functions. The tables of app/lib/db/ (Tally, DataStep, LocalMonth, CacheStamp) are the
 * database's own machinery.
 */
const TABLE_OWNERS = {
  assignments: ["assignment", "assignmentClass", "assignmentFile", "submission", "submissionFile"],
  accounts: ["user", "userWord", "session", "emailChange", "accountToken"],
  announcements: ["announcement"],
  audit: ["auditLog"],
  authoring: ["module", "moduleFile", "moduleLink", "quizQuestion", "quizOption"],
  backup: ["backupRun"],
  certificates: ["certificate"],
  classes: ["courseClass", "classMember", "classInvitation"],
  contact: ["contactMessage", "contactReply"],
  courses: ["course", "courseTeacher", "courseWord"],
  "due-dates": ["moduleReminder", "calendarFeed"],
  enrolment: ["enrolment"],
  library: ["book", "bookWord"],
  limits: ["rateLimit"],
  mail: ["outboxMail"],
  messages: ["message"],
  notifications: ["notification", "notificationPref"],
  questions: ["moduleQuestion", "moduleAnswer"],
  quizzes: ["quizAttempt", "attemptAnswer", "quizPairTally", "openAttempt"],
  reports: ["gradeColumn", "manualGrade", "gradebookWeight"],
};
/**
 * The reads and writes of another feature's table that are still there: a list that may only
 * shrink (move each behind a function of the owner). A new one fails lint.
 */
const TABLES_BORROWED = {
  accounts: ["cacheStamp"],
  announcements: ["course", "enrolment"],
  authoring: ["course", "moduleReminder"],
  certificates: ["course", "user", "enrolment"],
  classes: ["course", "user", "enrolment", "accountToken"],
  contact: ["outboxMail"],
  courses: ["user", "tally"],
  "due-dates": ["enrolment", "module", "quizQuestion", "quizPairTally"],
  enrolment: ["course", "module", "quizAttempt"],
  learning: ["course", "enrolment", "module", "certificate", "quizAttempt", "quizQuestion", "moduleFile"],
  mail: ["user"],
  messages: ["user"],
  notifications: ["user"],
  privacy: ["user"],
  profile: ["user"],
  questions: ["course", "user", "module"],
  quizzes: ["course", "enrolment", "module"],
  reports: ["course", "enrolment", "module", "tally"],
};
const ALL_TABLES = [...Object.values(TABLE_OWNERS).flat(), "tally", "dataStep", "localMonth", "cacheStamp"];
/** For a feature: the selectors of the client calls on tables it neither owns nor borrows. */
const foreignTables = (name) => {
  const mine = new Set([...(TABLE_OWNERS[name] ?? []), ...(TABLES_BORROWED[name] ?? [])]);
  const others = ALL_TABLES.filter((table) => !mine.has(table));
  return [
    {
      selector: `MemberExpression[object.name=/^(prisma|tx|db)$/][property.name=/^(${others.join("|")})$/]`,
      message:
        `${name} may not read or write another feature's table directly: call the owner's function ` +
        "(TABLE_OWNERS in eslint.config.js, docs/decisions/038-tables-have-owners.md).",
    },
  ];
};
/** `~/features/<name>/…`, or a relative path up to it (`../<name>/…`, `../../features/<name>/…`). */
const featurePath = (names) => String.raw`^(~/features/|(\.\./)+(features/)?)(${names.join("|")})(/|$)`;
/** For each feature of FEATURE_ORDER: the import pattern and the import() selectors it may not use. */
const FEATURE_LAYERS = FEATURE_ORDER.flatMap((row, i) =>
  row.map((name) => {
    const above = [...row.filter((other) => other !== name), ...FEATURE_ORDER.slice(i + 1).flat()];
    const message =
      `${name} may not import ${above.join(", ")}: the features import one way, ` +
      `${FEATURE_ORDER.map((r) => r.join(" | ")).join(" ← ")} (docs/decisions/019-course-features-one-way.md). ` +
      "Move the code up into the feature that needs both, or pass the data in.";
    const regex = featurePath(above);
    const dynamic = ["ImportExpression > Literal.source", "TSImportType Literal"].map((selector) => ({
      selector: `${selector}[value=/${regex.replaceAll("/", "\\x2F")}/]`,
      message,
    }));
    return { name, pattern: { regex, message }, dynamic, tables: foreignTables(name) };
  }),
);
/**
 * The files that may reach the database: the feature services and their tests, the client itself
 * (lib/db.server.ts, lib/db-adapter.ts), the Vitest suite, the seed and the server's migrations.
 */
const DATA_ACCESS = [
  "app/features/**/*.server.{ts,tsx}",
  "app/features/**/*.test.ts",
  "app/lib/db.server.ts",
  "app/lib/db-adapter.ts",
  // The database's own machinery that no feature owns: bulk inserts, counters, stamps, data steps.
  "app/lib/db/**",
  "tests/**",
  // The speed goals measured on the test database (npm run bench:timings), set up as tests are.
  "scripts/bench/timings/**",
  "prisma/**",
  "server/**",
  // The migration commands over Prisma's schema engine (decision 001).
  "scripts/migrate/**",
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "**/build/",
      ".react-router/",
      "app/generated/",
      "node_modules/",
      ".tmp/",
      "test-results/",
      "playwright-report/",
      "data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          caughtErrors: "none",
        },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  // The offline service worker's rules (decision 014): plain JavaScript, bundled into /sw.js.
  {
    files: ["app/features/offline/*.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.serviceworker } },
    rules: { "max-len": ["error", { code: 120, ignoreRegExpLiterals: true }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs["recommended-latest"].rules,
      "max-len": ["error", { code: 120, ignoreRegExpLiterals: true }],
    },
  },
  // Layers (README "Layout"). Each block restates every pattern that applies to its files: a later
  // block's options replace an earlier one's for the files both match.
  {
    files: ["**/*.{ts,tsx,js}"],
    ignores: DATA_ACCESS,
    rules: {
      "no-restricted-imports": ["error", { patterns: [PRISMA] }],
      "no-restricted-syntax": DYNAMIC_PRISMA,
    },
  },
  {
    files: ["app/**/*.{ts,tsx,js}"],
    ignores: DATA_ACCESS,
    rules: { "no-restricted-imports": ["error", { patterns: [ROUTES, PRISMA] }] },
  },
  {
    files: ["app/features/**/*.{ts,tsx,js}"],
    ignores: DATA_ACCESS,
    rules: { "no-restricted-imports": ["error", { patterns: [ROUTES, ROOT, PRISMA] }] },
  },
  {
    files: ["app/features/**/*.server.{ts,tsx}", "app/features/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [ROUTES, ROOT] }] },
  },
  // The course features' order, restating the feature blocks' patterns above for their files.
  ...FEATURE_LAYERS.flatMap(({ name, pattern, dynamic, tables }) => [
    {
      files: [`app/features/${name}/**/*.{ts,tsx,js}`],
      ignores: DATA_ACCESS,
      rules: {
        "no-restricted-imports": ["error", { patterns: [ROUTES, ROOT, PRISMA, pattern] }],
        "no-restricted-syntax": [...DYNAMIC_PRISMA, ...dynamic],
      },
    },
    {
      files: [`app/features/${name}/**/*.server.{ts,tsx}`, `app/features/${name}/**/*.test.ts`],
      rules: {
        "no-restricted-imports": ["error", { patterns: [ROUTES, ROOT, pattern] }],
        "no-restricted-syntax": ["error", ...dynamic, ...tables],
      },
    },
  ]),
  {
    files: ["app/lib/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    ignores: ["app/lib/db.server.ts", "app/lib/db-adapter.ts", "app/lib/db/**", "app/lib/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [FEATURES, ROUTES, ROOT, PRISMA] }] },
  },
  {
    files: ["app/lib/db.server.ts", "app/lib/db-adapter.ts", "app/lib/db/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [FEATURES, ROUTES, ROOT] }] },
  },
);
