// ESLint: correctness (typescript-eslint, React hooks), accessibility (jsx-a11y) and the layers
// of the code base (docs/architecture in README "Layout"): a change that breaks a layer fails
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
const PRISMA = {
  group: [
    "~/lib/db.server.ts",
    "~/lib/db.server",
    "~/generated/*",
    "~/generated/**",
    "@prisma/client",
    "@prisma/client/*",
  ],
  message: "Data access lives in app/features/<area>/*.server.ts: call a feature service instead.",
};

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
  // The offline service worker and its rules: plain JavaScript served as /sw.js (decision 012).
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
  // Layers.
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    ignores: ["app/lib/db.server.ts", "app/lib/db-adapter.ts", "app/lib/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [FEATURES, ROUTES, PRISMA] }] },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [FEATURES, ROUTES, PRISMA] }] },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx", "app/entry.server.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [ROUTES, PRISMA] }] },
  },
  {
    files: ["app/features/**/*.{ts,tsx}"],
    ignores: ["app/features/**/*.server.{ts,tsx}", "app/features/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [ROUTES, PRISMA] }] },
  },
);
