import { Aws, CfnOutput, Lazy, SecretValue, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { StageConfig } from './config';
import { Api } from './constructs/api';
import { Data } from './constructs/data';
import { EdgeSecurity } from './constructs/edge-security';
import { bucketNames, bucketOrigins, Files } from './constructs/files';
import { Indexer } from './constructs/indexer';
import { Mail } from './constructs/mail';
import { Monitoring } from './constructs/monitoring';
import { QuoteExpiry } from './constructs/quote-expiry';
import { LISTING_PAGE_PATTERNS, Renderer } from './constructs/renderer';
import { SearchDomain } from './constructs/search';
import { Sitemaps } from './constructs/sitemaps';
import { Web } from './constructs/web';
import type { EdgeStack } from './edge-stack';

export interface PartsCatalogueStackProps extends StackProps {
  config: StageConfig;
  /** Directory deployed to the site bucket (web/dist, or the placeholder page when asked for explicitly). */
  siteDir: string;
  /** True only for offline checks without a web build: the renderer then ships without the server renderer. */
  placeholderSite: boolean;
  /** The stage's us-east-1 stack: the WAF web ACL and the certificate of the domain. */
  edge: EdgeStack;
}

/** The whole product for one stage. */
export class PartsCatalogueStack extends Stack {
  readonly data: Data;
  readonly files: Files;
  readonly search: SearchDomain;
  readonly api: Api;
  readonly indexer: Indexer;
  readonly web: Web;
  readonly monitoring: Monitoring;
  readonly edge: EdgeSecurity;
  readonly mail: Mail;
  readonly quoteExpiry: QuoteExpiry;
  readonly renderer: Renderer;
  readonly sitemaps: Sitemaps;

  constructor(scope: Construct, id: string, props: PartsCatalogueStackProps) {
    super(scope, id, { ...props, env: { account: props.config.account, region: props.config.region }, crossRegionReferences: true });
    const { config } = props;
    if (props.placeholderSite && config.production)
      throw new Error(`Stage "${config.stage}" is a production stage: it is never deployed with the placeholder site`);
    const logRetention = config.sizes.logRetentionDays as RetentionDays;

    this.data = new Data(this, 'Data', { config });
    this.search = new SearchDomain(this, 'Search', { config });
    const jwtSecret = new Secret(this, 'JwtSecret', {
      secretName: `${config.prefix}/jwt-secret`,
      description: 'HS256 key for session JWTs, generated at deploy',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    // Webhook signing secrets by name (ADR 123, docs/webhooks.md): a JSON object the operator fills in
    // (`aws secretsmanager put-secret-value`); it starts empty, so no endpoint can be added before its secret is there.
    const webhookSecrets = new Secret(this, 'WebhookSecrets', {
      secretName: `${config.prefix}/webhook-secrets`,
      description: 'Webhook signing secrets by name, a JSON object {"<name>":"<secret>"} (ADR 123)',
      secretStringValue: SecretValue.unsafePlainText('{}'),
    });
    // Lazy: the distribution is built after the API that it fronts, and the API needs the buckets.
    const siteOrigin = config.siteOrigin ?? Lazy.string({ produce: () => this.web.siteUrl });
    // The buckets' CORS cannot name the CloudFront name either: the API's role names the buckets, and the distribution
    // needs the API's function URL (ADR 120). A stage without a domain (never production) allows CloudFront's names;
    // the presigned URL, issued to the signed-in user only, stays the authorisation of each PUT.
    this.files = new Files(this, 'Files', { config, siteOrigin: config.siteOrigin ?? 'https://*.cloudfront.net' });
    this.edge = new EdgeSecurity(this, 'Edge', { config });
    this.api = new Api(this, 'Api', {
      config,
      table: this.data.table,
      files: this.files,
      search: this.search,
      jwtSecret,
      webhookSecrets,
      logRetention,
      // Not the distribution's name: distribution → API function URL → function would be a cycle (ADR 120). A stage
      // without a domain lets the browser's Sec-Fetch-Site: same-origin stand for it (http/origin-check.ts).
      allowedOrigin: config.siteOrigin ?? 'same-origin',
    });
    this.indexer = new Indexer(this, 'Indexer', { config, table: this.data.table, search: this.search, logRetention });
    this.mail = new Mail(this, 'Mail', { config, table: this.data.table, logRetention, webhookSecrets });
    this.quoteExpiry = new QuoteExpiry(this, 'QuoteExpiry', { config, table: this.data.table, logRetention, siteOrigin });
    this.renderer = new Renderer(this, 'Renderer', {
      config,
      table: this.data.table,
      search: this.search,
      logRetention,
      ...(config.siteOrigin ? { siteOrigin: config.siteOrigin } : {}),
      requireBuild: !props.placeholderSite,
    });
    this.web = new Web(this, 'Web', {
      config,
      siteDir: props.siteDir,
      apiUrl: this.api.url,
      rendererUrl: this.renderer.url,
      uploadOrigins: bucketOrigins(config),
      attachmentsHost: `${bucketNames(config).attachments}.s3.${Aws.REGION}.amazonaws.com`,
      webAclArn: props.edge.firewall.webAcl.attrArn,
      ...(config.domainName && props.edge.certificate ? { domain: { name: config.domainName, certificate: props.edge.certificate } } : {}),
      accessLogs: this.edge.accessLogs,
      listingPagePatterns: LISTING_PAGE_PATTERNS,
    });
    this.sitemaps = new Sitemaps(this, 'Sitemaps', { config, table: this.data.table, siteBucket: this.web.bucket, siteOrigin, logRetention });
    this.monitoring = new Monitoring(this, 'Monitoring', {
      config,
      api: this.api.handler.fn,
      functions: {
        api: this.api.handler.fn,
        'import-job': this.api.importJob.fn,
        'import-chunk': this.api.importChunk.fn,
        indexer: this.indexer.handler.fn,
        reindex: this.indexer.reindex.fn,
        mailer: this.mail.mailer.fn,
        'quote-expiry': this.quoteExpiry.job.fn,
        'web-renderer': this.renderer.handler.fn,
        sitemaps: this.sitemaps.job.fn,
      },
      deadLetters: this.indexer.deadLetters,
      importChunkDeadLetters: this.api.importChunkDeadLetters,
      indexer: this.indexer.handler.fn,
      search: this.search.domain,
      mailsGivenUp: this.mail.givenUp,
    });

    new CfnOutput(this, 'SiteUrl', { value: config.siteOrigin ?? this.web.siteUrl, description: 'The storefront' });
    new CfnOutput(this, 'DistributionDomain', {
      value: this.web.distribution.distributionDomainName,
      description: config.domainName ? `Publish: ${config.domainName} CNAME (or alias) to this name` : 'The storefront is served on this name',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'ReindexFunction', { value: this.indexer.reindex.fn.functionName });
    new CfnOutput(this, 'IndexerDeadLetterQueue', { value: this.indexer.deadLetters.queueUrl });
    new CfnOutput(this, 'ImportChunkDeadLetterQueue', { value: this.api.importChunkDeadLetters.queueUrl });
    new CfnOutput(this, 'MailIdentity', {
      value: config.mailDomain,
      description: 'SES domain identity: publish its DKIM records, then request production access',
    });
    new CfnOutput(this, 'AlarmTopic', { value: this.monitoring.topic.topicArn });
  }
}
