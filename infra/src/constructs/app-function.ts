import { RemovalPolicy } from 'aws-cdk-lib';
import type { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { execSync } from 'node:child_process';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { bundleLambda } from '../lambda-bundle';
import { LAMBDA_DIR, REPO_ROOT } from '../paths';
import type { SearchDomain } from './search';

export interface AppFunctionProps {
  /** Physical function name, e.g. `parts-prod-api`. */
  functionName: string;
  /** File name under functions/src/lambda without extension. */
  entry: string;
  memoryMb: number;
  timeout: Duration;
  logRetention: RetentionDays;
  description: string;
  environment?: Record<string, string>;
  /** Runs under another function's role (the reindex task shares the indexer's identity). */
  role?: IRole;
  /** The most instances at once (reserved concurrency): caps what a flood can cost, and what it takes from the others. */
  reservedConcurrency: number;
  /** Shell commands run after esbuild, from the repository root, to add files beside the bundle. */
  afterBundling?: (inputDir: string, outputDir: string) => string[];
}

/**
 * The function's code: esbuild run in this process at synth (`bundleLambda`, the options `npm run bench:lambda`
 * uses too), then `afterBundling`'s commands from the repository root. The asset's hash is the output's.
 */
function lambdaCode(entry: string, afterBundling?: AppFunctionProps['afterBundling']): Code {
  return Code.fromAsset(LAMBDA_DIR, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // CDK's asset cache keys on the bundling options, which do not hash `local`: the entry tells the functions apart.
      environment: { LAMBDA_ENTRY: entry },
      // Never pulled: local bundling always succeeds or throws.
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
      local: {
        tryBundle(outputDir) {
          bundleLambda(entry, outputDir);
          for (const command of afterBundling?.(REPO_ROOT, outputDir) ?? []) execSync(command, { cwd: REPO_ROOT, stdio: 'inherit', shell: '/bin/sh' });
          return true;
        },
      },
    },
  });
}

const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
export const SEARCH_HTTP_ACTIONS = ['es:ESHttpGet', 'es:ESHttpHead', 'es:ESHttpPost', 'es:ESHttpPut', 'es:ESHttpDelete'];
/** Searching only: queries are GET or POST (_search); no PUT or DELETE of documents or indices. */
export const SEARCH_READ_ACTIONS = ['es:ESHttpGet', 'es:ESHttpHead', 'es:ESHttpPost'];

/**
 * Reserved concurrency of the background functions: each far above its normal need (one scheduled run, one
 * stream batch per shard), so only a runaway is capped. The public ones take theirs from the stage sizes.
 */
export const WORKER_CONCURRENCY = { 'import-job': 5, indexer: 20, reindex: 2, mailer: 2, sitemaps: 2, 'quote-expiry': 2 } as const;

export type ObjectAccess = 'read' | 'write' | 'delete';
const OBJECT_ACTIONS: Record<ObjectAccess, string> = { read: 's3:GetObject', write: 's3:PutObject', delete: 's3:DeleteObject' };

/**
 * A Lambda with the project's defaults (Node.js 22, arm64, local esbuild bundle as ESM with code splitting
 * and source maps — `lambdaBuildOptions`, ADR 082 —, a log group with retention, X-Ray) whose `bind*` methods grant exactly the actions used and set the
 * environment variable naming the resource in the same call.
 */
export class AppFunction extends Construct {
  readonly fn: LambdaFunction;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${props.functionName}`,
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.fn = new LambdaFunction(this, 'Function', {
      functionName: props.functionName,
      description: props.description,
      code: lambdaCode(props.entry, props.afterBundling),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb,
      reservedConcurrentExecutions: props.reservedConcurrency,
      timeout: props.timeout,
      tracing: Tracing.ACTIVE,
      role: props.role,
      logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });
  }

  private allow(actions: string[], resources: string[]) {
    this.fn.addToRolePolicy(new PolicyStatement({ actions, resources }));
  }

  bindTable(table: ITable, access: 'read' | 'readWrite'): this {
    const actions = access === 'read' ? TABLE_READ_ACTIONS : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS];
    this.allow(actions, [table.tableArn, `${table.tableArn}/index/*`]);
    this.fn.addEnvironment('TABLE_NAME', table.tableName);
    return this;
  }

  /** `prefixes` narrows the object actions to those key prefixes; the whole bucket otherwise. */
  bindBucket(bucket: IBucket, envName: 'ATTACHMENTS_BUCKET' | 'STAGING_BUCKET', access: ObjectAccess[], prefixes: string[] = ['']): this {
    this.allow(
      access.map((a) => OBJECT_ACTIONS[a]),
      prefixes.map((p) => bucket.arnForObjects(`${p}*`)),
    );
    // ListBucket turns a missing object into 404 instead of 403 and backs the health check's HeadBucket.
    this.allow(['s3:ListBucket'], [bucket.bucketArn]);
    this.fn.addEnvironment(envName, bucket.bucketName);
    return this;
  }

  bindSearch(search: SearchDomain, access: 'read' | 'readWrite' = 'readWrite'): this {
    this.allow(access === 'read' ? SEARCH_READ_ACTIONS : SEARCH_HTTP_ACTIONS, [`${search.domainArn}/*`]);
    this.fn.addEnvironment('SEARCH_ENGINE', 'opensearch');
    this.fn.addEnvironment('OPENSEARCH_URL', `https://${search.domain.domainEndpoint}`);
    this.fn.addEnvironment('OPENSEARCH_INDEX', search.indexName);
    this.fn.addEnvironment('OPENSEARCH_REPLICAS', String(search.replicas));
    return this;
  }

  bindJwtSecret(secret: ISecret): this {
    this.allow(['secretsmanager:GetSecretValue'], [secret.secretArn]);
    this.fn.addEnvironment('JWT_SECRET_ARN', secret.secretArn);
    return this;
  }

  /** Reads the webhook signing secrets (ADR 123): the API checks an endpoint's secret exists, the mailer signs with it. */
  bindWebhookSecrets(secret: ISecret): this {
    this.allow(['secretsmanager:GetSecretValue'], [secret.secretArn]);
    this.fn.addEnvironment('WEBHOOK_SECRETS_ARN', secret.secretArn);
    return this;
  }

  bindImportJob(target: IFunction): this {
    this.allow(['lambda:InvokeFunction'], [target.functionArn]);
    this.fn.addEnvironment('IMPORT_FUNCTION_NAME', target.functionName);
    return this;
  }
}
