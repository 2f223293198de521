import { RemovalPolicy, Tags } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '@parts/functions/adapters/dynamodb/table';
import type { StageConfig } from '../config';

export interface DataProps {
  config: StageConfig;
}

/** The single table, built from the data layer's own definition so keys and indexes never drift. */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const def = TABLE_DEFINITION;
    this.table = new Table(this, 'Table', {
      // A generated name (PartsCatalogue-<stage>-DataTable…, output TableName): the table is kept when the stack
      // goes or a first deploy rolls back, and deletion protection stops CloudFormation from deleting it then,
      // so a fixed name would make the retry fail with "already exists" (ADR 104).
      partitionKey: { name: def.partitionKey, type: AttributeType.STRING },
      sortKey: { name: def.sortKey, type: AttributeType.STRING },
      billingMode: def.billingMode === 'PAY_PER_REQUEST' ? BillingMode.PAY_PER_REQUEST : BillingMode.PROVISIONED,
      stream: StreamViewType[def.stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
      // Sessions and rate-limit counters carry it (epoch seconds); readers never rely on the deletion.
      timeToLiveAttribute: def.timeToLiveAttribute,
    });
    // Finds the kept table of a stage after the stack is gone (`aws resourcegroupstaggingapi get-resources`).
    Tags.of(this.table).add('parts:table', `${props.config.prefix}-catalogue`);
    for (const gsi of def.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
  }
}
