import { type CfnResource, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { StageConfig } from './config';
import type { PartsCatalogueStack } from './stack';

/**
 * cdk-nag's AwsSolutions pack runs over the synthesized app in the infra tests (test/nag.test.ts) and fails on any
 * error not acknowledged here. Each acknowledgement names the construct it applies to and why the finding is
 * accepted; a finding without one is a defect to fix, not to acknowledge.
 */
export function acknowledgeNagFindings(stack: PartsCatalogueStack, config: StageConfig): void {
  const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id: `AwsSolutions-${id}`, reason });
  const arn = (scope: IConstruct) => `<${stack.getLogicalId(scope.node.defaultChild as CfnResource)}.Arn>`;

  // OpenSearch (ADR 008): a public endpoint guarded by a resource policy naming the functions' roles and SigV4 on
  // every request; a VPC would add NAT gateways or endpoints (a fixed cost above the small stage's whole search bill).
  const domain = stack.search.domain;
  ack(domain, 'OS1', 'ADR 008: public endpoint, access only for the named IAM roles with SigV4 over TLS 1.2; no VPC (NAT/endpoints cost)');
  ack(domain, 'OS3', 'ADR 008: access is by IAM identity (resource policy naming the roles), not by IP: Lambda has no fixed addresses');
  if (config.sizes.searchMasterCount === 0) {
    ack(domain, 'OS4', 'small preset: one data node decides itself; dedicated masters would triple the cost (large preset has 3)');
  }
  if (config.sizes.searchInstanceCount === 1) {
    ack(domain, 'OS7', 'small preset: one node, index with 0 replicas; the index is a projection rebuilt from the table (reindex)');
  }

  // Every function: the managed basic-execution policy only lets it write its own logs; Node.js 22 is the runtime
  // the bundles target (esbuild target node22, ADR 082) and are tested on — a newer one is a deliberate upgrade.
  const functions = [
    stack.api.handler,
    stack.api.importJob,
    stack.api.importChunk,
    stack.indexer.handler,
    stack.indexer.reindex,
    stack.mail.mailer,
    stack.renderer.handler,
    stack.sitemaps.job,
    stack.quoteExpiry.job,
  ];
  for (const f of functions) {
    ack(f, 'L1', 'Node.js 22 is the runtime the bundles target (esbuild node22) and the tests run; upgrading is its own change');
    ack(f, 'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', 'CloudWatch Logs writes only');
    ack(f, 'IAM5[Resource::*]', 'X-Ray tracing: xray:PutTraceSegments and PutTelemetryRecords have no resource-level permissions');
  }
  // Object and index ARNs need a wildcard: each is one bucket prefix, one table's indexes or one domain's paths.
  const tableIndexes = `${arn(stack.data.table)}/index/*`;
  ack(stack, `IAM5[Resource::${tableIndexes}]`, "The table's own GSIs (queries by slug, category, …); the actions are listed one by one");
  ack(stack, `IAM5[Resource::${arn(stack.files.staging)}/*]`, 'Staged CSV files of imports: the bucket holds nothing else and expires them');
  ack(stack, `IAM5[Resource::${arn(stack.files.attachments)}/uploads/*]`, 'Direct uploads: keys are per user and checked by the API');
  ack(stack, `IAM5[Resource::${arn(stack.files.attachments)}/quotes/*]`, "Quote requests' files: the API reads and writes under this prefix only");
  ack(stack, `IAM5[Resource::${arn(stack.web.bucket)}/sitemap*]`, 'The sitemaps job writes only sitemap.xml and sitemaps/<n>.xml');
  ack(
    stack,
    `IAM5[Resource::arn:<AWS::Partition>:es:<AWS::Region>:<AWS::AccountId>:domain/${stack.search.domainName}/*]`,
    "The search domain's HTTP paths (index, _bulk, _search); the actions are ESHttp* of one domain, read-only for the renderer",
  );

  // Buckets: CloudFront logs every request (the access-logs bucket); the others are read through the API, whose
  // access log and the functions' logs record who asked for what. Server access logs would log the log bucket itself.
  ack(stack.edge.accessLogs, 'S1', 'It is the log bucket (CloudFront standard logs); logging it into itself is not possible');
  ack(stack.web.bucket, 'S1', 'Build output read only by CloudFront (OAC), whose access logs record every request');
  ack(stack.files.attachments, 'S1', 'Objects are reached only by presigned URLs the API issues and logs (who, which key)');
  ack(stack.files.staging, 'S1', 'CSV files staged for an import, expired after 3 days; the API logs each presigned upload');

  // The session key is rotated by hand (docs/security.md): rotating it logs everyone out.
  ack(stack.node.findChild('JwtSecret'), 'SMG4', 'Rotation logs every user out: done by hand (docs/security.md)');

  // Webhook secrets are agreed with each ERP: a rotation is a change on both sides, done by hand (docs/webhooks.md).
  ack(stack.node.findChild('WebhookSecrets'), 'SMG4', 'Each secret is agreed with the receiving ERP: rotated by hand on both sides (docs/webhooks.md)');

  // The indexer's dead-letter queue is the stream mapping's on-failure destination: a DLQ of its own would be a DLQ's DLQ.
  ack(stack.indexer.deadLetters, 'SQS3', "It is the stream mapping's on-failure destination (a dead-letter queue)");
  if (!config.domainName) {
    ack(stack.web.distribution, 'CFR4', 'A stage without a domain answers on *.cloudfront.net, whose default certificate sets the TLS policy');
  }

  // Constructs CDK adds: the BucketDeployment and AwsCustomResource singletons (their policies and runtimes are CDK's).
  for (const child of stack.node.children) {
    const id = child.node.id;
    if (id.startsWith('Custom::CDKBucketDeployment')) {
      ack(child, 'L1', "CDK's BucketDeployment handler: its runtime is CDK's choice");
      ack(child, 'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', "CDK's BucketDeployment: logs only");
      for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
        ack(child, `IAM5[Action::${action}]`, "CDK's BucketDeployment copies the site from the CDK asset bucket into the site bucket");
      }
      ack(child, `IAM5[Resource::${arn(stack.web.bucket)}/*]`, "CDK's BucketDeployment writes the site bucket");
      const assets = `cdk-hnb659fds-assets-${config.account ?? '<AWS::AccountId>'}-${config.region}`;
      ack(child, `IAM5[Resource::arn:aws:s3:::${assets}/*]`, "CDK's BucketDeployment reads its asset from the bootstrap bucket");
    }
    if (id.startsWith('AWS679f53fac002430cb0da5b7982bd2287')) {
      ack(child, 'L1', "CDK's AwsCustomResource handler (the OpenSearch log resource policy): its runtime is CDK's choice");
      ack(child, 'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', "CDK's AwsCustomResource: logs only");
    }
  }
  ack(domain, 'IAM5[Resource::*]', 'CDK puts the CloudWatch Logs resource policy for the slow logs: logs:PutResourcePolicy has no resource scope');
}
