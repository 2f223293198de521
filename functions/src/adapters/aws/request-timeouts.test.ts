import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createDocumentClient } from '../dynamodb/client';
import { createS3Client } from '../s3/client';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** A server that accepts connections and never answers: a request lost on the way. */
let server: Server;
let endpoint: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('AWS SDK clients give up on a request nobody answers', () => {
  it('DynamoDB: the call fails with a timeout instead of waiting forever', async () => {
    const { doc, raw } = createDocumentClient({ region: 'us-east-1', endpoint, credentials, timeouts: { requestTimeoutMs: 300 }, maxAttempts: 1 });
    try {
      await expect(doc.send(new GetCommand({ TableName: 't', Key: { pk: 'a', sk: 'b' } }))).rejects.toMatchObject({ name: 'TimeoutError' });
    } finally {
      raw.destroy();
    }
  });

  it('S3: the call fails with a timeout instead of waiting forever', async () => {
    const s3 = createS3Client({ region: 'us-east-1', endpoint, credentials, timeouts: { requestTimeoutMs: 300 }, maxAttempts: 1 });
    try {
      await expect(s3.send(new GetObjectCommand({ Bucket: 'b', Key: 'k' }))).rejects.toMatchObject({ name: 'TimeoutError' });
    } finally {
      s3.destroy();
    }
  });
});
