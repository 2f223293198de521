import { inject, test, expect } from 'vitest';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { S3Client, ListBucketsCommand } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS } from '../src/local/aws-local';

test('the integration harness brings up DynamoDB Local and s3rver', async () => {
  const dynamo = new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  const tables = await dynamo.send(new ListTablesCommand({}));
  expect(Array.isArray(tables.TableNames)).toBe(true);
  const s3 = new S3Client({ endpoint: inject('s3Endpoint'), region: 'us-east-1', credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
  const buckets = await s3.send(new ListBucketsCommand({}));
  expect(buckets.Buckets?.map((b) => b.Name)).toEqual(expect.arrayContaining(['test-attachments', 'test-staging']));
});
