import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  UpdateTimeToLiveCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';

/**
 * The single table, as data: the CDK stack builds the same table from this object so code and
 * infrastructure never drift. Every key attribute is a string.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [
    /**
     * Three queues, by partition: quote requests newest first (gsi1pk = 'QUOTE', gsi1sk = createdAt#id), the
     * outbox's due mails ('OUTBOX', dueAt#id) and unfinished import jobs ('IMPORT#UNFINISHED', createdAt#id).
     */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Quote requests by status, newest first: gsi2pk = 'QUOTE#STATUS#<status>'. */
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /** Quote requests by submitter, newest first: gsi3pk = 'QUOTE#BY#<username lower-case>'. */
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  stream: 'NEW_AND_OLD_IMAGES',
  /** Epoch seconds after which DynamoDB may delete the item (rate-limit counters); readers never rely on the deletion. */
  timeToLiveAttribute: 'expiresAt',
  billingMode: 'PAY_PER_REQUEST',
} as const;

export type GsiName = (typeof TABLE_DEFINITION.globalSecondaryIndexes)[number]['indexName'];

/** Creates the table when missing and waits until it is ACTIVE; safe to call on every start. */
export async function ensureTable(client: DynamoDBClient, tableName: string, timeoutMs = 60_000): Promise<void> {
  const def = TABLE_DEFINITION;
  const keyAttributes = new Set<string>([def.partitionKey, def.sortKey]);
  for (const gsi of def.globalSecondaryIndexes) {
    keyAttributes.add(gsi.partitionKey);
    keyAttributes.add(gsi.sortKey);
  }
  if (!(await describeStatus(client, tableName))) {
    try {
      await client.send(
        new CreateTableCommand({
          TableName: tableName,
          BillingMode: def.billingMode,
          AttributeDefinitions: [...keyAttributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
          KeySchema: [
            { AttributeName: def.partitionKey, KeyType: 'HASH' },
            { AttributeName: def.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: def.globalSecondaryIndexes.map((gsi) => ({
            IndexName: gsi.indexName,
            KeySchema: [
              { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
              { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          })),
          StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream },
        }),
      );
    } catch (err) {
      // Another process created it between our describe and create.
      if (!(err instanceof ResourceInUseException)) throw err;
    }
  }
  const deadline = Date.now() + timeoutMs;
  let delay = 50;
  for (;;) {
    if ((await describeStatus(client, tableName)) === 'ACTIVE') return ensureTimeToLive(client, tableName);
    if (Date.now() > deadline) throw new Error(`Table ${tableName} did not become ACTIVE within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 1000);
  }
}

/** Turns on TTL (tables made before it existed included); a table has one TTL attribute, set once. */
async function ensureTimeToLive(client: DynamoDBClient, tableName: string): Promise<void> {
  const res = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  const status = res.TimeToLiveDescription?.TimeToLiveStatus;
  if (status === 'ENABLED' || status === 'ENABLING') return;
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.timeToLiveAttribute, Enabled: true },
    }),
  );
}

async function describeStatus(client: DynamoDBClient, tableName: string): Promise<string | undefined> {
  try {
    const res = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return res.Table?.TableStatus ?? 'UNKNOWN';
  } catch (err) {
    if (err instanceof ResourceNotFoundException) return undefined;
    throw err;
  }
}
