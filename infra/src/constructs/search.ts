import { Aws, Lazy, RemovalPolicy } from 'aws-cdk-lib';
import { EbsDeviceVolumeType } from 'aws-cdk-lib/aws-ec2';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { Domain, EngineVersion, TLSSecurityPolicy } from 'aws-cdk-lib/aws-opensearchservice';
import type { CfnDomain } from 'aws-cdk-lib/aws-opensearchservice';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { SEARCH_HTTP_ACTIONS, SEARCH_READ_ACTIONS } from './app-function';

export interface SearchDomainProps {
  config: StageConfig;
}

/**
 * The OpenSearch domain holding the parts index. Public endpoint, but the resource policy lets in only the
 * roles given to `allowRoles` and every request must be SigV4-signed over TLS.
 */
export class SearchDomain extends Construct {
  readonly domain: Domain;
  readonly domainName: string;
  /** Built from the name, not the resource, so the domain's own policy can name it without a cycle. */
  readonly domainArn: string;
  readonly indexName = 'parts';
  /** Replicas per shard: 0 on one data node (a replica could never be placed: always yellow), else 1. */
  readonly replicas: number;
  private readonly principals: IRole[] = [];
  private readonly readers: IRole[] = [];

  constructor(scope: Construct, id: string, props: SearchDomainProps) {
    super(scope, id);
    const { config } = props;
    const { sizes } = config;
    this.domainName = config.prefix;
    this.domainArn = `arn:${Aws.PARTITION}:es:${Aws.REGION}:${Aws.ACCOUNT_ID}:domain/${this.domainName}`;
    const multiNode = sizes.searchInstanceCount > 1;
    this.replicas = multiNode ? 1 : 0;
    this.domain = new Domain(this, 'Domain', {
      domainName: this.domainName,
      version: EngineVersion.OPENSEARCH_2_19,
      capacity: {
        dataNodes: sizes.searchInstanceCount,
        dataNodeInstanceType: sizes.searchInstanceType,
        // large: three dedicated masters (a quorum survives one AZ); small: the one data node decides.
        ...(sizes.searchMasterCount > 0 ? { masterNodes: sizes.searchMasterCount, masterNodeInstanceType: sizes.searchMasterInstanceType } : {}),
        multiAzWithStandbyEnabled: false,
      },
      // Slow search and indexing logs to CloudWatch Logs (thresholds are index settings: docs/deploy.md).
      logging: {
        slowSearchLogEnabled: true,
        slowSearchLogGroup: this.logGroup('SlowSearchLogs', 'slow-search', config),
        slowIndexLogEnabled: true,
        slowIndexLogGroup: this.logGroup('SlowIndexLogs', 'slow-index', config),
      },
      ebs: { volumeSize: sizes.searchVolumeGb, volumeType: EbsDeviceVolumeType.GP3 },
      zoneAwareness: multiNode ? { enabled: true, availabilityZoneCount: 2 } : { enabled: false },
      encryptionAtRest: { enabled: true },
      nodeToNodeEncryption: true,
      enforceHttps: true,
      tlsSecurityPolicy: TLSSecurityPolicy.TLS_1_2,
      // The index is a projection rebuilt from DynamoDB with one command, so it is not worth retaining.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const cfn = this.domain.node.defaultChild as CfnDomain;
    // Lazy: the roles are added after construction by allowRole(). Readers get their own statement: the
    // resource policy alone is enough for a same-account role, so it must not grant them writes either.
    const statement = (roles: IRole[], actions: string[]) => ({
      Effect: 'Allow',
      Principal: { AWS: roles.map((r) => r.roleArn) },
      Action: actions,
      Resource: `${this.domainArn}/*`,
    });
    cfn.accessPolicies = {
      Version: '2012-10-17',
      Statement: Lazy.any({
        produce: () => [statement(this.principals, SEARCH_HTTP_ACTIONS), ...(this.readers.length > 0 ? [statement(this.readers, SEARCH_READ_ACTIONS)] : [])],
      }),
    };
  }

  /** Deleted with the stack (generated names, retention of the stage) like every other log group. */
  private logGroup(id: string, name: string, config: StageConfig): LogGroup {
    return new LogGroup(this, id, {
      logGroupName: `/aws/opensearch/${config.prefix}/${name}`,
      retention: config.sizes.logRetentionDays as RetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
  }

  /** `read`: searches only (GET, HEAD, POST); the page renderer's role. */
  allowRole(role: IRole, access: 'read' | 'readWrite' = 'readWrite') {
    (access === 'read' ? this.readers : this.principals).push(role);
  }
}
