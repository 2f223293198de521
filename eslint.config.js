import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const awsOrTransport = [
  { group: ['hono', 'hono/*', '@hono/*'], message: 'Domain code is transport-free: no hono here.' },
  { group: ['@aws-sdk/*'], message: 'Domain code talks to ports, not to AWS SDK clients.' },
  { group: ['**/adapters/*', '**/adapters/**'], message: 'Domain code imports ports, never adapters.' },
];

/**
 * The API's business capabilities (functions/src/modules/<name>/, issue 27). Code outside a module, and other
 * modules, use it only through its index.ts; its tests may import its internals. `await import()` of a
 * module's internal file (a route-only dependency loaded on first use, ADR 082/083) is not an import
 * declaration, so it stays allowed.
 */
const apiModules = ['accounts', 'bom', 'catalog', 'imports', 'mail', 'quotes', 'search', 'demand'];
const throughIndex = (name) => `Use another capability only through its index.ts (import from its folder, e.g. '../${name}').`;
const outsideModules = [{ group: ['**/modules/*/*'], message: "Use a module only through its index.ts (import from 'modules/<name>')." }];
// The composition roots (Lambda handlers, the local server, the AWS wiring) also pick a module's engine or
// mailer from its adapters/ directly: those stay out of the index, so a barrel never pulls them into a bundle.
const compositionRoot = [
  {
    group: ['**/modules/*/*', '!**/modules/*/adapters', '!**/modules/*/adapters/*'],
    message: "Use a module through its index.ts (or an adapter from 'modules/<name>/adapters/').",
  },
];
const otherModules = (self) => apiModules.filter((m) => m !== self).map((m) => ({ group: [`**/${m}/*`], message: throughIndex(m) }));

/**
 * The web's features (web/src/features/<name>/): a feature imports shared components, hooks and lib, never
 * another feature's files; where one feature (or a shared component) needs another, it imports that
 * feature's index.ts. app/ (the router, the providers) is the composition root and may import any page.
 */
const webFeatures = [
  'admin',
  'auth',
  'bom',
  'catalog',
  'content',
  'home',
  'manufacturers',
  'part-detail',
  'quote-basket',
  'quote-loop',
  'quote-request',
  'support',
];
const webTypesOnly = {
  group: ['@parts/functions', '@parts/functions/*'],
  allowTypeImports: true,
  message: 'The web talks to the API over HTTP only (type imports are fine).',
};
const otherFeatures = (self) =>
  webFeatures
    .filter((f) => f !== self)
    .map((f) => ({ group: [`**/${f}/*`], message: `Use another feature only through its index.ts (import from its folder, e.g. '../${f}').` }));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'cdk.out/**', '**/cdk.out/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // `f?.(await g())` runs neither f nor g when f is missing: the part dialog closed without saving (ADR 142).
          selector: 'CallExpression[optional=true] > AwaitExpression.arguments',
          message: 'An optional call skips its arguments when the function is missing: await into a constant first, then call.',
        },
      ],
    },
  },
  {
    // Type-aware checks for the mistakes a reader can't see: a promise nobody awaits or one passed where a
    // void callback is expected (an event handler, a forEach).
    files: ['{shared,functions,web,infra,test}/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/modules/**', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: outsideModules }] },
  },
  {
    files: ['functions/src/{lambda,local,config}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: compositionRoot }] },
  },
  {
    files: ['functions/src/domain/**', 'functions/src/services/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...awsOrTransport, ...outsideModules] }] },
  },
  ...apiModules.flatMap((m) => [
    {
      files: [`functions/src/modules/${m}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: otherModules(m) }] },
    },
    {
      // A module's services and rules (the files at its top level) are transport-free and talk to ports.
      files: [`functions/src/modules/${m}/*.ts`],
      ignores: ['**/*.test.ts', '**/index.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [...awsOrTransport, ...otherModules(m)] }] },
    },
  ]),
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@parts/*', '../../*'], message: 'shared/ imports nothing from the other folders.' }] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Types may come from the API (Hono's typed client reads the routes' answers); code may not.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [webTypesOnly],
        },
      ],
    },
  },
  {
    files: ['web/src/{components,hooks,lib,api}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            webTypesOnly,
            { group: ['**/features/*/*'], message: "Shared code uses a feature only through its index.ts (import from 'features/<name>')." },
          ],
        },
      ],
    },
  },
  {
    // Size limits for production code (issue 27): a file a reader can hold, a function that fits a screen or
    // two. Tests and benchmarks are exempt (a describe block is long by nature).
    files: ['{functions,shared,web}/src/**/*.{ts,tsx}', 'infra/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/bench/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
  ...webFeatures.map((f) => ({
    files: [`web/src/features/${f}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [webTypesOnly, ...otherFeatures(f)] }] },
  })),
);
