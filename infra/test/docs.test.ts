import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths';
import { stackNames } from '../src/stage-app';

/** docs/deploy.md's shell commands, block by block: the path a first deploy follows (issue 33). */
const doc = readFileSync(join(REPO_ROOT, 'docs/deploy.md'), 'utf8');
const commands = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, body]) =>
  body!
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l && !l.startsWith('#')),
);
const infraScripts = Object.keys((JSON.parse(readFileSync(join(REPO_ROOT, 'infra/package.json'), 'utf8')) as { scripts: object }).scripts);
const indexOf = (pattern: RegExp) => commands.findIndex((c) => pattern.test(c));

describe('docs/deploy.md: one command path from an empty account', () => {
  it('bootstraps the stage region and us-east-1, builds the web app, deploys both stacks, in that order', () => {
    const bootstrap = indexOf(/^npx cdk bootstrap /);
    expect(commands[bootstrap]).toMatch(/aws:\/\/\$ACCOUNT\/\$REGION aws:\/\/\$ACCOUNT\/us-east-1/);
    const build = indexOf(/^npm run build -w web$/);
    const deploy = indexOf(/^npx cdk deploy --all -c stage=\$STAGE$/);
    expect(bootstrap).toBeGreaterThan(indexOf(/^npm ci$/));
    expect(build).toBeGreaterThan(bootstrap);
    expect(deploy).toBeGreaterThan(build);
  });

  it('then the certificate record, DNS and DKIM records, the SES sandbox exit, the admin, a reindex and the tear down', () => {
    const steps = [
      /^aws acm describe-certificate --region us-east-1 /,
      /OutputKey=='DistributionDomain'/,
      /^aws sesv2 get-email-identity .*DkimAttributes/,
      /^aws sesv2 put-account-details .*--production-access-enabled/,
      /OutputKey=='TableName'/,
      /^npm run create-admin -w infra -- --stage \$STAGE --region \$REGION --table-name \$TABLE /,
      /^aws lambda invoke --region \$REGION --function-name parts-\$STAGE-reindex /,
      /^npx cdk destroy --all -c stage=\$STAGE$/,
    ].map((p) => [p, indexOf(p)] as const);
    for (const [p, i] of steps) expect(i, String(p)).toBeGreaterThanOrEqual(0);
    const order = steps.map(([, i]) => i);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(doc).toContain(stackNames('<stage>').edge);
  });

  it('passes no setting as a flag (settings live in cdk.json) and names only scripts the infra package has', () => {
    for (const c of commands.filter((c) => /\bcdk(local)? /.test(c))) {
      for (const [, key] of c.matchAll(/-c (\w+)=/g)) expect(['stage'], c).toContain(key);
    }
    for (const c of commands) {
      const script = /^npm run ([\w-]+) -w infra/.exec(c)?.[1];
      if (script) expect(infraScripts).toContain(script);
    }
  });

  it('says what destroy keeps', () => {
    const teardown = doc.slice(doc.indexOf('## Tear down'), doc.indexOf('## Deploying to LocalStack'));
    for (const kept of ['the **table**', 'the **attachments bucket**', 'the **CloudFront access-logs bucket**']) expect(teardown).toContain(kept);
  });
});
