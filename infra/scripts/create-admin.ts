/**
 * Creates (or resets the password of) an administrator in a deployed stage's table, with the operator's
 * own AWS credentials: `npm run create-admin -w infra -- --stage prod --region eu-west-1 --username admin`.
 * The password comes from ADMIN_PASSWORD or is asked for without echo.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createAwsRepositories } from '@parts/functions/config/aws-deps';
import { loadEnv } from '@parts/functions/config/env';
import { hashPassword } from '@parts/functions/modules/accounts/password';

const MIN_ADMIN_PASSWORD = 12;

async function askHidden(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write(question);
  muted._writeToOutput = () => {};
  return new Promise((resolve) =>
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string', default: 'dev' },
      region: { type: 'string', default: process.env.AWS_REGION },
      username: { type: 'string', default: 'admin' },
      'table-name': { type: 'string' },
      endpoint: { type: 'string', default: process.env.DYNAMODB_ENDPOINT },
    },
  });
  if (!values.region) throw new Error('Give --region (or set AWS_REGION) of the deployed stage');
  if (values.username.trim().length < 3) throw new Error('Username must be at least 3 characters');
  const password = process.env.ADMIN_PASSWORD ?? (await askHidden(`Password for ${values.username}: `));
  if (password.length < MIN_ADMIN_PASSWORD) throw new Error(`Use an admin password of at least ${MIN_ADMIN_PASSWORD} characters`);
  const tableName = values['table-name'] ?? `parts-${values.stage}-catalogue`;
  const env = loadEnv({ AWS_REGION: values.region, TABLE_NAME: tableName, DYNAMODB_ENDPOINT: values.endpoint });
  const { users } = createAwsRepositories(env);
  const admin = await users.upsertAdmin({ username: values.username.trim(), isAdmin: true, passwordHash: await hashPassword(password) });
  console.log(`Administrator "${admin.username}" (id ${admin.id}) is ready in ${tableName}.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
