import { defineConfig } from 'vitest/config';

/**
 * unit: pure code (no engines). integration: against DynamoDB Local, s3rver and the embedded search
 * engine, started once by the global setup. web: React components in jsdom. infra: CDK assertions.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'test/docs/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['functions/test/**/*.test.ts', 'test/contract/**/*.test.ts', 'test/smoke/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
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
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['infra/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
