import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requestHandlerOptions, type RequestTimeouts } from '../aws/request-timeouts';

/** A document client that drops undefined attributes (absent is what they mean); requests time out (request-timeouts.ts). */
export function createDocumentClient(options: {
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  timeouts?: Partial<RequestTimeouts>;
  maxAttempts?: number;
}): {
  raw: DynamoDBClient;
  doc: DynamoDBDocumentClient;
} {
  const raw = new DynamoDBClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    requestHandler: requestHandlerOptions(options.timeouts),
  });
  const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  return { raw, doc };
}
