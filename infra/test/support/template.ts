import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { readStageConfig } from '../../src/config';
import type { StageSettings } from '../../src/config';
import { REPO_ROOT } from '../../src/paths';
import { defineStage } from '../../src/stage-app';

/** The committed cdk.json: the tests build its stages, so what they check is what a deploy uses. */
export const CDK_JSON = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
  context: { stage: string; stages: Record<string, StageSettings> } & Record<string, unknown>;
};
export const committedStage = (name: string): StageSettings => {
  const s = CDK_JSON.context.stages[name];
  if (!s) throw new Error(`cdk.json has no stage ${name}`);
  return s;
};

/** A tiny built site: index.html plus one hashed bundle, so both deployments exist. */
function fakeSiteDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parts-site-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(join(dir, 'assets/index-abc123.js'), 'console.log(1)');
  return dir;
}

/**
 * Synthesises the stack with Lambda bundling skipped (CDK's `aws:cdk:bundling-stacks` = none), so
 * assertion tests take seconds; the real bundling is exercised by synth.test.ts.
 */
export function buildStack(
  settings: Partial<StageSettings> = {},
  options: { stage?: string; base?: string; siteDir?: string; placeholder?: boolean; context?: Record<string, unknown> } = {},
) {
  const stage = options.stage ?? 'dev';
  const base = committedStage(options.base ?? (CDK_JSON.context.stages[stage] ? stage : 'dev'));
  const { stage: _stage, stages: _stages, ...flags } = CDK_JSON.context;
  const app = new App({
    context: { ...flags, 'aws:cdk:bundling-stacks': [], stage, stages: { [stage]: { ...base, ...settings } }, ...options.context },
  });
  const config = readStageConfig((key) => app.node.tryGetContext(key));
  const placeholder = options.placeholder ?? false;
  const { main, edge } = defineStage(app, config, { dir: options.siteDir ?? fakeSiteDir(), placeholder });
  return { stack: main, edge, template: Template.fromStack(main), edgeTemplate: Template.fromStack(edge), config, app };
}

export interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource?: unknown;
  Principal?: unknown;
  Condition?: unknown;
}

export const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Logical id of the role a function (found by its physical name) runs under. */
export function roleOf(template: Template, functionName: string): string {
  const fns = template.findResources('AWS::Lambda::Function', { Properties: { FunctionName: functionName } });
  const fn = Object.values(fns)[0];
  if (!fn) throw new Error(`No function ${functionName}`);
  return fn.Properties.Role['Fn::GetAtt'][0];
}

/** Every Allow statement of identity policies attached to a role (inline policies and AWS::IAM::Policy). */
export function allowStatementsOf(template: Template, roleId: string): Statement[] {
  const out: Statement[] = [];
  for (const policy of Object.values(template.findResources('AWS::IAM::Policy'))) {
    const roles = asArray(policy.Properties.Roles) as { Ref?: string }[];
    if (!roles.some((r) => r.Ref === roleId)) continue;
    out.push(...(asArray(policy.Properties.PolicyDocument.Statement) as Statement[]));
  }
  const role = template.findResources('AWS::IAM::Role')[roleId];
  for (const inline of asArray(role?.Properties?.Policies) as { PolicyDocument: { Statement: Statement[] } }[]) {
    out.push(...asArray(inline.PolicyDocument.Statement));
  }
  return out.filter((s) => s.Effect === 'Allow');
}

/** `action` granted to the role on a resource expression mentioning `logicalId` (a Ref/GetAtt/Join). */
export function grants(template: Template, roleId: string, action: string, logicalId: string): boolean {
  return allowStatementsOf(template, roleId).some(
    (s) => asArray(s.Action).includes(action) && asArray(s.Resource).some((r) => JSON.stringify(r).includes(`"${logicalId}"`)),
  );
}

export function logicalIdOf(template: Template, type: string, props: Record<string, unknown> = {}): string {
  const ids = Object.keys(template.findResources(type, props));
  if (ids.length !== 1) throw new Error(`Expected one ${type} matching, found ${ids.length}`);
  return ids[0]!;
}

/** The site bucket: the only unnamed bucket whose objects belong to the bucket owner (the access-logs bucket is unnamed too). */
export function siteBucketIdOf(template: Template): string {
  return logicalIdOf(template, 'AWS::S3::Bucket', {
    Properties: { BucketName: Match.absent(), OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] } },
  });
}
