import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { baseClientConfig, type AwsClientOptions } from '../aws/request-timeouts';

/** A document client that drops undefined attributes (absent is what they mean); requests time out (request-timeouts.ts). */
export function createDocumentClient(options: AwsClientOptions): {
  raw: DynamoDBClient;
  doc: DynamoDBDocumentClient;
} {
  const raw = new DynamoDBClient({ ...baseClientConfig(options), ...(options.endpoint ? { endpoint: options.endpoint } : {}) });
  const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  return { raw, doc };
}
