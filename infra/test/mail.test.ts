import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowStatementsOf, asArray, buildStack, grants, logicalIdOf, roleOf } from './support/template';

let template: Template;
beforeAll(() => {
  ({ template } = buildStack({ mailDomain: 'parts.example.com', mailFrom: 'Parts <quotes@parts.example.com>' }));
}, 240_000);

describe('mail through Amazon SES', () => {
  it('the domain is an SES identity with DKIM, sending under the stage configuration set', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: 'parts-dev-mail' });
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'parts.example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
  });

  it('the mailer sends the outbox every minute with the stage settings', () => {
    const mailer = logicalIdOf(template, 'AWS::Lambda::Function', { Properties: { FunctionName: 'parts-dev-mailer' } });
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'parts-dev-mailer',
      Environment: {
        Variables: Match.objectLike({ MAIL_TRANSPORT: 'ses', MAIL_FROM: 'Parts <quotes@parts.example.com>', SES_CONFIGURATION_SET: 'parts-dev-mail' }),
      },
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [mailer, 'Arn'] } })],
    });
  });

  it('only the mailer may send, and only as the identity under the configuration set', () => {
    const sends = (role: string) => allowStatementsOf(template, role).filter((s) => asArray(s.Action).some((a) => a.startsWith('ses:')));
    const mailerSends = sends(roleOf(template, 'parts-dev-mailer'));
    expect(mailerSends.flatMap((s) => asArray(s.Action))).toEqual(['ses:SendEmail']);
    const resources = JSON.stringify(mailerSends.flatMap((s) => asArray(s.Resource as unknown)));
    expect(resources).toContain('identity/parts.example.com');
    expect(resources).toContain('configuration-set/parts-dev-mail');
    expect(resources).not.toContain('"*"');
    for (const other of ['api', 'import-job', 'indexer']) expect(sends(roleOf(template, `parts-dev-${other}`))).toEqual([]);
  });

  it('webhooks (ADR 123): the mailer sweeps them on its schedule; their secrets are in Secrets Manager, read by the mailer and the API only', () => {
    const secret = logicalIdOf(template, 'AWS::SecretsManager::Secret', { Properties: { Name: 'parts-dev/webhook-secrets' } });
    for (const fn of ['parts-dev-mailer', 'parts-dev-api']) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        FunctionName: fn,
        Environment: { Variables: Match.objectLike({ WEBHOOK_SECRETS_ARN: { Ref: secret } }) },
      });
    }
    const reads = (fn: string) => grants(template, roleOf(template, `parts-dev-${fn}`), 'secretsmanager:GetSecretValue', secret);
    expect(reads('mailer')).toBe(true);
    expect(reads('api')).toBe(true);
    for (const other of ['import-job', 'indexer', 'web-renderer', 'quote-expiry', 'sitemaps']) expect(reads(other)).toBe(false);
  });

  it('a sender outside the mail domain is refused at synth', () => {
    expect(() => buildStack({ mailDomain: 'parts.example.com', mailFrom: 'quotes@elsewhere.example' })).toThrow(/must be an address at parts.example.com/);
  });
});
