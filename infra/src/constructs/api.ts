import { Duration } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AppFunction } from './app-function';
import { QUOTE_PREFIX, UPLOAD_PREFIX, type Files } from './files';
import type { SearchDomain } from './search';

export interface ApiProps {
  config: StageConfig;
  table: ITable;
  files: Files;
  search: SearchDomain;
  jwtSecret: ISecret;
  logRetention: RetentionDays;
  /** The storefront's origin (https://…): the only one whose pages may make state-changing calls. */
  siteOrigin: string;
  /** The value CloudFront sends in X-Origin-Verify; the app refuses requests without it. */
  originVerify: ISecret;
}

/** The Hono app behind an HTTP API, and the import job it starts asynchronously for large CSV files. */
export class Api extends Construct {
  readonly handler: AppFunction;
  readonly importJob: AppFunction;
  readonly httpApi: HttpApi;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config, files } = props;

    this.importJob = new AppFunction(this, 'ImportJob', {
      functionName: `${config.prefix}-import-job`,
      entry: 'import-job',
      description: 'Runs one CSV import job from the staging bucket',
      memoryMb: config.sizes.importMemoryMb,
      timeout: Duration.minutes(15),
      logRetention: props.logRetention,
      environment: { LOG_LEVEL: 'info' },
    })
      .bindTable(props.table, 'readWrite')
      .bindBucket(files.staging, 'STAGING_BUCKET', ['read', 'delete']);
    // A job marks itself failed; a blind retry would import the file twice over a half-written state.
    this.importJob.fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.hours(1) });

    this.handler = new AppFunction(this, 'Handler', {
      functionName: `${config.prefix}-api`,
      entry: 'api',
      description: 'Hono API (buildApp) for /api/*',
      memoryMb: config.sizes.apiMemoryMb,
      // API Gateway gives up at 30 s.
      timeout: Duration.seconds(29),
      logRetention: props.logRetention,
      // Production mode (Secure cookies, key required) belongs to the HTTP app; the workers sign no sessions.
      // Reached only through CloudFront, whose origin request policy sets CloudFront-Viewer-Address (web.ts).
      // ALLOWED_ORIGINS: state-changing calls whose Origin is not the site's are refused (http/origin-check.ts).
      // ORIGIN_VERIFY_SECRET: the API Gateway URL answers 403 to anyone but CloudFront (http/origin-verify.ts); a
      // dynamic reference, resolved by CloudFormation at deploy, so the value is in neither the template nor the repo.
      environment: {
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        TRUST_CLOUDFRONT_VIEWER_ADDRESS: 'true',
        ALLOWED_ORIGINS: props.siteOrigin,
        ORIGIN_VERIFY_SECRET: props.originVerify.secretValue.unsafeUnwrap(),
      },
    })
      .bindTable(props.table, 'readWrite')
      // Presign, check, claim (copy = read the upload + write the quote's key) and clean up, on these two prefixes only.
      .bindBucket(files.attachments, 'ATTACHMENTS_BUCKET', ['read', 'write', 'delete'], [UPLOAD_PREFIX, QUOTE_PREFIX])
      .bindBucket(files.staging, 'STAGING_BUCKET', ['read', 'write'])
      .bindSearch(props.search)
      .bindJwtSecret(props.jwtSecret)
      .bindImportJob(this.importJob.fn);
    props.search.allowRole(this.handler.fn.role!);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${config.prefix}-api`,
      description: 'Parts catalogue API (reached through CloudFront at /api/*)',
      createDefaultStage: false,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.sizes.apiThrottleRate, burstLimit: config.sizes.apiThrottleBurst },
      // One JSON line per request (who, what, answer, how long) in CloudWatch Logs.
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'AccessLogs', { logGroupName: `/aws/apigateway/${config.prefix}-api`, retention: props.logRetention }),
        ),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            method: '$context.httpMethod',
            path: '$context.path',
            status: '$context.status',
            bytes: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            userAgent: '$context.identity.userAgent',
            error: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    this.httpApi.addRoutes({
      path: '/api/{proxy+}',
      methods: [HttpMethod.ANY],
      integration: new HttpLambdaIntegration('Hono', this.handler.fn),
    });
  }
}
