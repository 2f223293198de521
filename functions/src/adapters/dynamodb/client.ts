import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** A document client that drops undefined attributes (absent is what they mean). */
export function createDocumentClient(options: { region: string; endpoint?: string; credentials?: { accessKeyId: string; secretAccessKey: string } }): {
  raw: DynamoDBClient;
  doc: DynamoDBDocumentClient;
} {
  const raw = new DynamoDBClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  return { raw, doc };
}
