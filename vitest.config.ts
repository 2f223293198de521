import { defineConfig } from 'vitest/config';

/**
 * unit: pure code (no engines). integration: against DynamoDB Local, s3rver and the embedded search
 * engine, started once by the global setup. web: React components in jsdom. infra: CDK assertions.
 *
 * The groups run one after the other: unit and web, then integration (its global setup's engines), then
 * infra. Vitest's default is one worker per core less one, which on this 2-core machine is a single
 * worker: `maxWorkers: 2` is set on every project. Unit and web run in worker threads, not child processes:
 * the same 95 files took user+sys 144 s instead of 183 s (docs/testing.md).
 * docs/testing.md ("How the suite is kept fast") has the figures.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'test/docs/**/*.test.ts'],
          environment: 'node',
          pool: 'threads',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['functions/test/**/*.test.ts', 'test/contract/**/*.test.ts', 'test/smoke/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
          // Files share a worker's modules (ADR 140): each file builds its own app, table and index from
          // createTestDeps; importing the app again for every file cost about a third of the CPU.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: DynamoDB Local (Java) needs one of them.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'threads',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          // As integration (ADR 140): every file builds its own stacks; aws-cdk-lib is loaded once per worker.
          isolate: false,
          maxWorkers: 2,
          // Last and on its own: its esbuild bundling takes every core, and the web's jsdom tests wait 1 s at most.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
