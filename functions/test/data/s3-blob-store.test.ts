import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { NotFoundError, ValidationError } from '../../src/domain/errors';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { unique } from '../support/builders';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(() => deps.close());

describe('S3 blob store against s3rver', () => {
  test('put, head, readStart, stream, delete', async () => {
    const key = `${unique('blob')}/file.pdf`;
    await deps.blobs.put('attachments', key, Buffer.from('%PDF-1.7 hello'), 'application/pdf');
    expect(await deps.blobs.head('attachments', key)).toEqual({ size: 14, contentType: 'application/pdf' });
    expect((await deps.blobs.readStart('attachments', key, 5)).toString()).toBe('%PDF-');
    expect(await text(await deps.blobs.stream('attachments', key))).toBe('%PDF-1.7 hello');
    await deps.blobs.delete('attachments', [key]);
    expect(await deps.blobs.head('attachments', key)).toBeUndefined();
    await expect(deps.blobs.readStart('attachments', key, 5)).rejects.toBeInstanceOf(NotFoundError);
  });

  test('copy duplicates an object with its type, for keys holding encoded names; a missing source is NotFound', async () => {
    const from = `uploads/${unique('copy')}/${encodeURIComponent('spec sheet ä+1.pdf')}`;
    const to = `quotes/${unique('copy')}/${encodeURIComponent('spec sheet ä+1.pdf')}`;
    await deps.blobs.put('attachments', from, Buffer.from('%PDF-1.7 copy me'), 'application/pdf');
    await deps.blobs.copy('attachments', from, to);
    expect(await deps.blobs.head('attachments', to)).toEqual({ size: 16, contentType: 'application/pdf' });
    expect(await text(await deps.blobs.stream('attachments', to))).toBe('%PDF-1.7 copy me');
    expect(await deps.blobs.head('attachments', from)).toEqual({ size: 16, contentType: 'application/pdf' });
    await expect(deps.blobs.copy('attachments', `${from}-missing`, `${to}-2`)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deps.blobs.copy('attachments', from, '')).rejects.toBeInstanceOf(ValidationError);
  });

  test('streams a body of known size into the staging bucket', async () => {
    const key = unique('csv');
    await deps.blobs.put('staging', key, Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]), 'text/csv', 8);
    expect(await deps.blobs.head('staging', key)).toMatchObject({ size: 8 });
  });

  test('a presigned PUT uploads with the signed type, and a presigned GET downloads with the file name', async () => {
    const key = unique('upload');
    const body = Buffer.from('\x89PNG fake image');
    const put = await deps.blobs.presignPut('attachments', key, 'image/png', body.length, 60);
    expect(put.headers).toEqual({ 'content-type': 'image/png' });
    expect(Date.parse(put.expiresAt)).toBeGreaterThan(Date.now());
    const upload = await fetch(put.url, { method: 'PUT', headers: put.headers, body });
    expect(upload.status).toBe(200);
    expect(await deps.blobs.head('attachments', key)).toEqual({ size: body.length, contentType: 'image/png' });

    const url = await deps.blobs.presignGet('attachments', key, 60, 'Zeichnung ä.png');
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(body);
    expect(decodeURIComponent(new URL(url).searchParams.get('response-content-disposition') ?? '')).toContain("filename*=UTF-8''Zeichnung ä.png");
  });

  test('ping succeeds while both buckets exist', async () => {
    await expect(deps.blobs.ping()).resolves.toBeUndefined();
  });

  test('bad input is a ValidationError', async () => {
    await expect(deps.blobs.head('attachments', '')).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.blobs.presignPut('attachments', 'k', 'image/png', -1, 60)).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.blobs.presignGet('attachments', 'k', 0)).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.blobs.head('elsewhere' as never, 'k')).rejects.toBeInstanceOf(ValidationError);
    await expect(deps.blobs.readStart('attachments', 'k', 0)).rejects.toBeInstanceOf(ValidationError);
  });
});
