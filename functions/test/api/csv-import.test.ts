import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildCategoryInput, buildManufacturerInput, unique } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import { createInProcessJobRunner } from '../../src/modules/imports/in-process-job-runner';
import { runImportJob } from '../../src/modules/imports/import-job-service';
import { CSV_TEMPLATE_HEADERS } from '../../src/modules/imports/csv-template';
import type { Category, Manufacturer } from '@parts/shared/schemas';
import { CSV_MAX_REQUEST_BYTES, megabytes } from '@parts/shared/constants';

let api: Api;
let runner: ReturnType<typeof createInProcessJobRunner>;
let admin: string;
let customer: string;
let category: Category;
let manufacturer: Manufacturer;
beforeAll(async () => {
  api = await createApi((base) => {
    runner = createInProcessJobRunner(base);
    return { jobs: runner };
  });
  admin = (await api.admin()).cookie;
  customer = (await api.customer()).cookie;
  category = await api.deps.catalog.createCategory(buildCategoryInput({ name: `Valves ${unique('c')}` }));
  manufacturer = await api.deps.catalog.createManufacturer(buildManufacturerInput({ name: `Acme ${unique('m')}` }));
});
afterAll(async () => {
  reportRejected('csv-import.test.ts');
  await api.close();
});

function csvForm(csv: string | Buffer, mapping?: unknown): FormData {
  const body = new FormData();
  if (mapping !== undefined) body.append('columnMapping', typeof mapping === 'string' ? mapping : JSON.stringify(mapping));
  body.append('csvFile', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)], { type: 'text/csv' }), 'parts.csv');
  return body;
}

const MAPPING = {
  Name: 'name',
  'Part No': 'partNumber',
  Price: 'price',
  Category: 'categoryId',
  Maker: 'manufacturerId',
  Status: 'status',
  Bore: 'spec:bore',
};

describe('GET /api/parts/csv-template', () => {
  test('admins download every mappable column and an example row; guests 401, users 403', async () => {
    await expectRejected(api.call('GET', '/api/parts/csv-template'), 401);
    await expectRejected(api.call('GET', '/api/parts/csv-template', { cookie: customer }), 403);
    const res = await api.call('GET', '/api/parts/csv-template', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.csv"/);
    const text = await res.text();
    const [header, example] = text.trim().split('\r\n');
    expect(header!.split(',')).toEqual([...CSV_TEMPLATE_HEADERS]);
    for (const field of ['name', 'partNumber', 'description', 'price', 'categoryId', 'manufacturerId', 'status', 'image']) {
      expect(header!.split(',')).toContain(field);
    }
    expect(example).toContain('HC-32-100');
  });
});

describe('in-request CSV bodies: at most 3 MB, larger files through S3 staging (ADR 108)', () => {
  test('a CSV over CSV_MAX_REQUEST_BYTES is refused with 413 and the way to the large-file upload; one at the limit is read', async () => {
    const header = 'name,partNumber\n';
    const row = 'Valve,V-1\n';
    const atLimit = header + row.repeat(Math.floor((CSV_MAX_REQUEST_BYTES - header.length) / row.length));
    const ok = await api.call('POST', '/api/parts/import-csv/preview', { cookie: admin, body: csvForm(atLimit) });
    expect(ok.status).toBe(200);
    const over = atLimit + row.repeat(Math.ceil((CSV_MAX_REQUEST_BYTES - atLimit.length + 1) / row.length));
    await expectRejected(
      api.call('POST', '/api/parts/import-csv/preview', { cookie: admin, body: csvForm(over) }),
      413,
      `The CSV file is larger than ${megabytes(CSV_MAX_REQUEST_BYTES)} MB; use the large-file upload instead`,
    );
    expect(CSV_MAX_REQUEST_BYTES).toBeLessThanOrEqual(3 * 1024 * 1024);
  });

  test('a multipart body over 4 MiB gets 413 JSON before it is read', async () => {
    const res = await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(Buffer.alloc(4 * 1024 * 1024 + 1, 0x61)) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Request body too large \(limit 4 MB\)/);
  });
});

describe('POST /api/parts/import-csv/preview', () => {
  test('headers and up to 5 sample rows, with a BOM, semicolons and quoted newlines', async () => {
    const csv = '\uFEFFName;Part No;Notes\n"Valve; big";V-1;"two\nlines"\n' + Array.from({ length: 7 }, (_, i) => `P${i};N${i};x`).join('\n');
    const res = await api.call('POST', '/api/parts/import-csv/preview', { cookie: admin, body: csvForm(csv) });
    expect(res.status).toBe(200);
    const preview = (await res.json()) as { headers: string[]; sampleRows: Record<string, string>[] };
    expect(preview.headers).toEqual(['Name', 'Part No', 'Notes']);
    expect(preview.sampleRows).toHaveLength(5);
    expect(preview.sampleRows[0]).toEqual({ Name: 'Valve; big', 'Part No': 'V-1', Notes: 'two\nlines' });
  });

  test.each([
    ['an empty file', '', 'The CSV file is empty'],
    ['a binary file', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14, 0, 0, 0, 8, 0]), 'The file is not a text CSV file'],
    ['a file without a header row', '1,2,3\n4,5,6\n', 'The CSV file has no header row'],
  ])('refuses %s with 400', async (_what, file, message) => {
    await expectRejected(api.call('POST', '/api/parts/import-csv/preview', { cookie: admin, body: csvForm(file) }), 400, message);
  });

  test('no file, a non-multipart body, guests and users', async () => {
    const noFile = new FormData();
    noFile.append('other', 'x');
    await expectRejected(api.call('POST', '/api/parts/import-csv/preview', { cookie: admin, body: noFile }), 400, 'Choose a CSV file to upload');
    await expectRejected(
      api.call('POST', '/api/parts/import-csv/preview', { cookie: admin, json: { csv: 'a,b' } }),
      415,
      'Content-Type must be multipart/form-data',
    );
    await expectRejected(api.call('POST', '/api/parts/import-csv/preview', { body: csvForm('a,b\n1,2') }), 401);
    await expectRejected(api.call('POST', '/api/parts/import-csv/preview', { cookie: customer, body: csvForm('a,b\n1,2') }), 403);
  });
});

describe('POST /api/parts/import-csv', () => {
  test('broken rows among good ones: good rows land, errors carry spreadsheet row numbers; a second import changes nothing', async () => {
    const pn = unique('PN').toUpperCase();
    const csv = [
      'Name,Part No,Price,Category,Maker,Status,Bore',
      `Gate valve,${pn}-1,12.50,${category.id},${manufacturer.slug},active,32 mm`, // row 2: by id and slug
      `"Ball valve, 3-way",${pn}-2,,${category.name},${manufacturer.name},Coming Soon,2 in`, // row 3: by names
      `,${pn}-3,1,${category.slug},${manufacturer.slug},,`, // row 4: no name
      `Check valve,${pn}-4,-5,${category.slug},${manufacturer.slug},,`, // row 5: negative price
      `Relief valve,${pn}-5,1,no-such-category,${manufacturer.slug},,`, // row 6: unknown category
      '', // row 7: blank, skipped
      `"Needle valve\nwith a note",${pn}-6,abc,${category.slug},${manufacturer.slug},,`, // row 8: bad price
      `Globe valve,${pn}-7,3,${category.slug},nobody,,`, // row 9: unknown manufacturer
      `Butterfly valve,${pn}-8,4,${category.slug},${manufacturer.slug},sold out,`, // row 10: bad status
      `Plug valve,${pn}-9,5.00,${category.slug},${manufacturer.slug},discontinued,`, // row 11
    ].join('\r\n');
    const res = await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(csv, MAPPING) });
    expect(res.status).toBe(200);
    const result = await res.json();
    expect(result).toEqual({
      totalRecords: 9,
      successCount: 3,
      errorCount: 6,
      errors: [
        { row: 4, error: 'Part Name is required' },
        { row: 5, error: "Price must be 0 or more, got '-5'" },
        { row: 6, error: "Unknown category 'no-such-category'" },
        { row: 8, error: 'Price: “abc” is not a price; enter one like 12.50' },
        { row: 9, error: "Unknown manufacturer 'nobody'" },
        { row: 10, error: expect.stringMatching(/^Status must be Active, Discontinued or Coming Soon, got '/) },
      ],
    });
    const listed = (await (await api.call('GET', `/api/parts?q=${encodeURIComponent(`${pn}-2`)}`)).json()) as {
      data: { partNumber: string; name: string; status: string; price: number | null; specifications: Record<string, string>; slug: string; id: number }[];
    };
    const ball = listed.data.find((p) => p.partNumber === `${pn}-2`)!;
    expect(ball).toMatchObject({ name: 'Ball valve, 3-way', status: 'coming_soon', price: null, specifications: { bore: '2 in' } });
    expect((await api.deps.catalog.getPart(ball.id))?.specNumbers).toEqual({ bore: 50.8 });
    const read = await api.call('GET', `/api/parts/${ball.slug}`);
    expect(await read.json()).toMatchObject({ category: { slug: category.slug }, manufacturer: { slug: manufacturer.slug } });

    const before = await api.deps.catalog.getPart(ball.id);
    const count = await api.deps.catalog.countParts();
    const again = await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(csv, MAPPING) });
    expect(await again.json()).toMatchObject({ totalRecords: 9, successCount: 3, errorCount: 6 });
    expect(await api.deps.catalog.countParts()).toBe(count);
    const after = await api.deps.catalog.getPart(ball.id);
    expect(after).toEqual(before);
  });

  test('a re-import with a changed price updates the part in place, keyed by (manufacturer, part number)', async () => {
    const pn = unique('UP').toUpperCase();
    const mapping = { name: 'name', partNumber: 'partNumber', price: 'price', categoryId: 'categoryId', manufacturerId: 'manufacturerId' };
    const row = (price: string) => `name,partNumber,price,categoryId,manufacturerId\nWidget,${pn},${price},${category.id},${manufacturer.id}\n`;
    await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(row('1.00'), mapping) });
    const count = await api.deps.catalog.countParts();
    const res = await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(row('2.50'), mapping) });
    expect(await res.json()).toEqual({ totalRecords: 1, successCount: 1, errorCount: 0, errors: [] });
    expect(await api.deps.catalog.countParts()).toBe(count);
    const listed = (await (await api.call('GET', `/api/parts?q=${pn}`)).json()) as { data: { partNumber: string; price: number }[] };
    expect(listed.data.find((p) => p.partNumber === pn)?.price).toBe(2.5);
  });

  test('prices are read by the shared money reader: 12,50 is $12.50, 1.234,56 is $1,234.56, an ambiguous 1,234 is refused with both readings (issue 25)', async () => {
    const pn = unique('MONEY').toUpperCase();
    const mapping = { name: 'name', partNumber: 'partNumber', price: 'price', categoryId: 'categoryId', manufacturerId: 'manufacturerId' };
    const cells = ['12,50', '1.234,56', '$1,234.50', '1 234,5', '1,234', '1.234', '12,345', '12.345'];
    const csv = [
      'name,partNumber,price,categoryId,manufacturerId',
      ...cells.map((price, i) => `Widget,${pn}-${i},"${price}",${category.id},${manufacturer.id}`),
    ].join('\n');
    const res = await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(csv, mapping) });
    const result = (await res.json()) as { successCount: number; errors: { row: number; error: string }[] };
    expect(result.errors).toEqual([
      { row: 6, error: 'Price: “1,234” could be $1,234.00 or $1.234: type 1234 (this price keeps at most 2 decimals)' },
      { row: 7, error: 'Price: “1.234” could be $1,234.00 or $1.234: type 1234 (this price keeps at most 2 decimals)' },
      { row: 8, error: 'Price: “12,345” could be $12,345.00 or $12.345: type 12345 (this price keeps at most 2 decimals)' },
      { row: 9, error: 'Price: “12.345” could be $12,345.00 or $12.345: type 12345 (this price keeps at most 2 decimals)' },
    ]);
    const listed = (await (await api.call('GET', `/api/parts?q=${pn}&pageSize=50`)).json()) as { data: { partNumber: string; price: number }[] };
    const priceOf = (i: number) => listed.data.find((p) => p.partNumber === `${pn}-${i}`)?.price;
    expect([0, 1, 2, 3].map(priceOf)).toEqual([12.5, 1234.56, 1234.5, 1234.5]);
  });

  test('a broken record (unclosed quote) is reported on its row and the rows before it are kept', async () => {
    const pn = unique('Q').toUpperCase();
    const csv = `name,partNumber,categoryId,manufacturerId\nOk part,${pn},${category.id},${manufacturer.id}\n"Broken,${pn}-2,${category.id},${manufacturer.id}\n`;
    const res = await api.call('POST', '/api/parts/import-csv', {
      cookie: admin,
      body: csvForm(csv, { name: 'name', partNumber: 'partNumber', categoryId: 'categoryId', manufacturerId: 'manufacturerId' }),
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { successCount: number; errorCount: number; errors: { row: number; error: string }[] };
    expect(result).toMatchObject({
      successCount: 1,
      errorCount: 1,
      errors: [{ row: 3, error: expect.stringMatching(/^Could not read this row: Quote Not Closed/) }],
    });
  });

  test.each([
    ['a mapping without the part number', { Name: 'name' }, 'Map both Part Name and Part Number'],
    ['a mapping to an unknown field', { Name: 'name', 'Part No': 'partNumber', Price: 'cost' }, /Specification targets look like spec:<name>/],
    ['a header that is not in the file', { Name: 'name', 'Part Number': 'partNumber' }, "The column 'Part Number' is not in the file"],
    ['two columns on one field', { Name: 'name', 'Part No': 'partNumber', Price: 'name' }, 'Two columns are mapped to name'],
    ['mapping text that is not JSON', '{name', 'columnMapping must be JSON text'],
    ['a mapping that is a list', ['name'], /expected record|Map both/],
  ])('refuses %s', async (_what, mapping, message) => {
    await expectRejected(api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm('Name,Part No,Price\nA,B,1\n', mapping) }), 400, message);
  });

  test('missing mapping or file, empty and binary files, roles', async () => {
    await expectRejected(
      api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm('Name,Part No\nA,B\n') }),
      400,
      'Map both Part Name and Part Number',
    );
    const noFile = new FormData();
    noFile.append('columnMapping', JSON.stringify(MAPPING));
    await expectRejected(api.call('POST', '/api/parts/import-csv', { cookie: admin, body: noFile }), 400, 'Choose a CSV file to upload');
    await expectRejected(api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm('', MAPPING) }), 400, 'The CSV file is empty');
    await expectRejected(
      api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2]), MAPPING) }),
      400,
      'The file is not a text CSV file',
    );
    await expectRejected(api.call('POST', '/api/parts/import-csv', { body: csvForm('a', MAPPING) }), 401);
    await expectRejected(api.call('POST', '/api/parts/import-csv', { cookie: customer, body: csvForm('a', MAPPING) }), 403);
    await expectRejected(api.call('POST', '/api/parts/import-csv', { cookie: admin, body: 'Name,Part No', headers: { 'content-type': 'text/csv' } }), 415);
  });
});

describe('big files through S3: POST /api/uploads/csv, POST /api/imports, GET /api/imports/:id', () => {
  test('a staged CSV is imported by a job whose progress is readable until it completes', async () => {
    const pn = unique('BIG').toUpperCase();
    const rows = Array.from({ length: 450 }, (_, i) => `Part ${i},${pn}-${i},${i}.25,${category.slug},${manufacturer.slug}`);
    rows.splice(100, 0, `,${pn}-X,1,${category.slug},${manufacturer.slug}`);
    const csv = ['name,partNumber,price,category,maker', ...rows].join('\n');
    const size = Buffer.byteLength(csv);

    await expectRejected(api.call('POST', '/api/uploads/csv', { json: { size } }), 401);
    await expectRejected(api.call('POST', '/api/uploads/csv', { cookie: customer, json: { size } }), 403);
    await expectRejected(api.call('POST', '/api/uploads/csv', { cookie: admin, json: { size: 600 * 1024 * 1024 } }), 400, 'The CSV file is larger than 512 MB');
    const presigned = await api.call('POST', '/api/uploads/csv', { cookie: admin, json: { fileName: 'big.csv', size } });
    expect(presigned.status).toBe(201);
    const signed = (await presigned.json()) as { key: string; url: string; headers: Record<string, string> };
    const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: csv });
    expect(put.ok).toBe(true);

    const mapping = { name: 'name', partNumber: 'partNumber', price: 'price', category: 'categoryId', maker: 'manufacturerId' };
    await expectRejected(api.call('POST', '/api/imports', { cookie: customer, json: { key: signed.key, columnMapping: mapping } }), 403);
    const started = await api.call('POST', '/api/imports', { cookie: admin, json: { key: signed.key, columnMapping: mapping } });
    expect(started.status).toBe(202);
    const job = (await started.json()) as { id: string; state: string };
    expect(job.state).toBe('queued');
    await runner.whenIdle();
    await expectRejected(api.call('GET', `/api/imports/${job.id}`, { cookie: customer }), 403);
    const progress = await api.call('GET', `/api/imports/${job.id}`, { cookie: admin });
    expect(await progress.json()).toMatchObject({
      id: job.id,
      state: 'completed',
      rowsDone: 450,
      rowsFailed: 1,
      totalRecords: 451,
      successCount: 450,
      errorCount: 1,
      errors: [{ row: 102, error: 'Part Name is required' }],
      finishedAt: expect.any(String),
    });
    const listed = (await (await api.call('GET', `/api/parts?q=${pn}-449`)).json()) as { data: { partNumber: string }[] };
    expect(listed.data.map((p) => p.partNumber)).toContain(`${pn}-449`);
  });

  test('a job over a staged non-CSV file ends failed with a message', async () => {
    const presigned = (await (await api.call('POST', '/api/uploads/csv', { cookie: admin, json: { size: 6 } })).json()) as {
      key: string;
      url: string;
      headers: Record<string, string>;
    };
    await fetch(presigned.url, { method: 'PUT', headers: presigned.headers, body: new Uint8Array([0, 1, 2, 3, 4, 5]) });
    const started = await api.call('POST', '/api/imports', { cookie: admin, json: { key: presigned.key, columnMapping: { a: 'name', b: 'partNumber' } } });
    const { id } = (await started.json()) as { id: string };
    await runner.whenIdle();
    expect(await (await api.call('GET', `/api/imports/${id}`, { cookie: admin })).json()).toMatchObject({
      state: 'failed',
      message: 'The file is not a text CSV file',
    });
  });

  test('unknown keys, missing objects, bad mappings and unknown jobs', async () => {
    const mapping = { a: 'name', b: 'partNumber' };
    await expectRejected(
      api.call('POST', '/api/imports', { cookie: admin, json: { key: 'uploads/1/../../etc/passwd', columnMapping: mapping } }),
      400,
      'Unknown upload key',
    );
    await expectRejected(
      api.call('POST', '/api/imports', { cookie: admin, json: { key: 'imports/00000000-0000-0000-0000-000000000000.csv', columnMapping: mapping } }),
      400,
      'The uploaded CSV file was not found; upload it again',
    );
    await expectRejected(
      api.call('POST', '/api/imports', { cookie: admin, json: { key: 'imports/x.csv', columnMapping: { a: 'name' } } }),
      400,
      'Map both Part Name and Part Number',
    );
    await expectRejected(api.call('POST', '/api/imports', { cookie: admin, json: {} }), 400);
    await expectRejected(api.call('POST', '/api/imports', { cookie: admin, body: '{', headers: { 'content-type': 'application/json' } }), 400);
    await expectRejected(api.call('POST', '/api/imports', { json: { key: 'imports/x.csv', columnMapping: mapping } }), 401);
    await expectRejected(api.call('GET', '/api/imports/not-a-job', { cookie: admin }), 404, 'Import job not found');
    await expectRejected(api.call('GET', '/api/imports/00000000-0000-4000-8000-000000000000', { cookie: admin }), 404, 'Import job not found');
    await expectRejected(api.call('GET', '/api/imports/00000000-0000-4000-8000-000000000000'), 401);
    await expectRejected(api.call('POST', '/api/uploads/csv', { cookie: admin, json: { size: 'big' } }), 400);
  });
});

describe('an import job whose worker is gone', () => {
  const MINUTE = 60_000;
  let clock: Date;
  let stalled: Api;
  let stalledAdmin: string;
  let where: string;
  beforeAll(async () => {
    clock = new Date('2026-03-02T08:00:00.000Z');
    // The runner never runs anything: like an invocation lost, or a worker that crashed or hit the 15-minute limit.
    stalled = await createApi({ now: () => clock, jobs: { startImport: async () => undefined } });
    stalledAdmin = (await stalled.admin()).cookie;
    const c = await stalled.deps.catalog.createCategory(buildCategoryInput({ name: `Pumps ${unique('c')}` }));
    const m = await stalled.deps.catalog.createManufacturer(buildManufacturerInput({ name: `Maker ${unique('m')}` }));
    where = `${c.slug},${m.slug}`;
  });
  afterAll(() => stalled.close());

  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

  async function stage(csv: string): Promise<string> {
    const signed = (await (await stalled.call('POST', '/api/uploads/csv', { cookie: stalledAdmin, json: { size: Buffer.byteLength(csv) } })).json()) as {
      key: string;
      url: string;
      headers: Record<string, string>;
    };
    expect((await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: csv })).ok).toBe(true);
    return signed.key;
  }

  async function startJob(csv = `name,partNumber,category,maker\nValve,V-1,${where}\n`) {
    const columnMapping = { name: 'name', partNumber: 'partNumber', category: 'categoryId', maker: 'manufacturerId' };
    const res = await stalled.call('POST', '/api/imports', { cookie: stalledAdmin, json: { key: await stage(csv), columnMapping } });
    expect(res.status).toBe(202);
    return (await res.json()) as { id: string; createdAt: string; updatedAt: string };
  }

  const read = async (id: string) => (await (await stalled.call('GET', `/api/imports/${id}`, { cookie: stalledAdmin })).json()) as Record<string, unknown>;

  test('a job is created with updatedAt; still queued at 16 minutes, failed (and stored so) just after', async () => {
    const job = await startJob();
    expect(job.updatedAt).toBe(clock.toISOString());
    advance(16 * MINUTE);
    expect(await read(job.id)).toMatchObject({ state: 'queued' });
    advance(1000);
    const failed = await read(job.id);
    expect(failed).toMatchObject({
      state: 'failed',
      message: 'The import stopped before it finished. Upload the file again to retry.',
      finishedAt: clock.toISOString(),
      updatedAt: clock.toISOString(),
    });
    expect(await stalled.deps.imports.getImportJob(job.id)).toMatchObject({ state: 'failed', finishedAt: clock.toISOString() });
    // Reading again later changes nothing.
    advance(60 * MINUTE);
    expect(await read(job.id)).toEqual(failed);
  });

  test('a running job counts from its last progress write, not from its start', async () => {
    const job = await startJob();
    advance(MINUTE);
    await stalled.deps.imports.updateImportJob(job.id, { state: 'running', updatedAt: clock.toISOString() });
    advance(10 * MINUTE);
    await stalled.deps.imports.updateImportJob(job.id, { rowsDone: 500, updatedAt: clock.toISOString() });
    advance(15 * MINUTE); // 26 minutes after creation, 15 after the last progress
    expect(await read(job.id)).toMatchObject({ state: 'running', rowsDone: 500 });
    advance(2 * MINUTE);
    expect(await read(job.id)).toMatchObject({
      state: 'failed',
      rowsDone: 500,
      message: 'The import stopped before it finished. Upload the file again to retry.',
    });
  });

  test('a worker that starts after its job was declared stalled imports nothing', async () => {
    const pn = unique('LATE').toUpperCase();
    const job = await startJob(`name,partNumber,category,maker\nLate valve,${pn},${where}\n`);
    advance(17 * MINUTE);
    expect(await read(job.id)).toMatchObject({ state: 'failed' });
    const result = await runImportJob(stalled.deps, job.id);
    expect(result).toMatchObject({ state: 'failed', message: 'The import stopped before it finished. Upload the file again to retry.' });
    const listed = (await (await stalled.call('GET', `/api/parts?q=${pn}`)).json()) as { data: unknown[] };
    expect(listed.data).toEqual([]);
  });

  // 1,200 rows through DynamoDB Local: generous on a loaded 2-core machine.
  test('a live worker is never declared stalled: each progress write restarts the 16 minutes', { timeout: 120_000 }, async () => {
    const pn = unique('LIVE').toUpperCase();
    const rows = Array.from({ length: 1200 }, (_, i) => `Part ${i},${pn}-${i},${where}`);
    const job = await startJob(['name,partNumber,category,maker', ...rows].join('\n'));
    const seen: unknown[] = [];
    // After each of the worker's writes, the admin looks 15 minutes later.
    const watched = {
      ...stalled.deps.imports,
      updateImportJob: async (...args: Parameters<typeof stalled.deps.imports.updateImportJob>) => {
        const written = await stalled.deps.imports.updateImportJob(...args);
        advance(15 * MINUTE);
        seen.push((await read(job.id)).state);
        return written;
      },
    };
    const done = await runImportJob({ ...stalled.deps, imports: watched }, job.id);
    expect(done).toMatchObject({ state: 'completed', successCount: 1200, errorCount: 0 });
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen.slice(0, -1).every((state) => state === 'running')).toBe(true);
    expect(seen.at(-1)).toBe('completed');
  });
});

describe('rows without a category or a manufacturer (issue 32)', () => {
  type Listed = {
    data: {
      id: number;
      name: string;
      partNumber: string;
      slug: string;
      categoryId: number | null;
      manufacturerId: number | null;
      category: unknown;
      manufacturer: unknown;
    }[];
    facets: { categories: { id: number }[]; manufacturers: { id: number }[] };
  };
  const mapping = { Name: 'name', 'Part No': 'partNumber', Category: 'categoryId', Maker: 'manufacturerId' };

  test('are imported uncategorised / with the manufacturer unknown, listed and read as such; a second import changes nothing', async () => {
    const pn = unique('NOCAT').toUpperCase();
    const csv = [
      'Name,Part No,Category,Maker',
      `Loose bolt,${pn}-1,,`, // neither
      `Hinge,${pn}-2,${category.slug},`, // no manufacturer
      `Seal,${pn}-3,,${manufacturer.slug}`, // no category
    ].join('\n');
    const res = await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(csv, mapping) });
    expect(await res.json()).toEqual({ totalRecords: 3, successCount: 3, errorCount: 0, errors: [] });

    const listed = (await (await api.call('GET', `/api/parts?q=${encodeURIComponent(pn)}&pageSize=50`)).json()) as Listed;
    const byNumber = new Map(listed.data.map((p) => [p.partNumber, p]));
    expect(byNumber.get(`${pn}-1`)).toMatchObject({ categoryId: null, manufacturerId: null, category: null, manufacturer: null });
    expect(byNumber.get(`${pn}-2`)).toMatchObject({ categoryId: category.id, manufacturerId: null, manufacturer: null });
    expect(byNumber.get(`${pn}-3`)).toMatchObject({ categoryId: null, manufacturerId: manufacturer.id, category: null });
    for (const facet of [...listed.facets.categories, ...listed.facets.manufacturers]) expect(facet.id).toBeGreaterThan(0);

    const page = await api.call('GET', `/api/parts/${byNumber.get(`${pn}-1`)!.slug}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ partNumber: `${pn}-1`, categoryId: null, manufacturerId: null, category: null, manufacturer: null });
    const byMaker = (await (await api.call('GET', `/api/parts?q=${encodeURIComponent(pn)}&manufacturerId=${manufacturer.id}`)).json()) as Listed;
    expect(byMaker.data.map((p) => p.partNumber)).toEqual([`${pn}-3`]);
    const byCategory = (await (await api.call('GET', `/api/parts?q=${encodeURIComponent(pn)}&categoryId=${category.id}`)).json()) as Listed;
    expect(byCategory.data.map((p) => p.partNumber)).toEqual([`${pn}-2`]);

    const count = await api.deps.catalog.countParts();
    const before = await api.deps.catalog.getPart(byNumber.get(`${pn}-1`)!.id);
    const again = await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(csv, mapping) });
    expect(await again.json()).toEqual({ totalRecords: 3, successCount: 3, errorCount: 0, errors: [] });
    expect(await api.deps.catalog.countParts()).toBe(count);
    expect(await api.deps.catalog.getPart(byNumber.get(`${pn}-1`)!.id)).toEqual(before);
  });

  test('the same part number with the manufacturer unknown is one part, apart from the same number of a known manufacturer; the admin assigns both later', async () => {
    const pn = unique('UNK').toUpperCase();
    const csv = ['Name,Part No,Category,Maker', `First name,${pn},,`, `Known maker,${pn},,${manufacturer.id}`].join('\n');
    expect(await (await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(csv, mapping) })).json()).toMatchObject({ successCount: 2 });
    const renamed = ['Name,Part No,Category,Maker', `Second name,${pn},,`].join('\n');
    expect(await (await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(renamed, mapping) })).json()).toMatchObject({
      successCount: 1,
    });
    const listed = (await (await api.call('GET', `/api/parts?q=${encodeURIComponent(pn)}`)).json()) as Listed;
    expect(listed.data.map((p) => [p.name, p.manufacturerId]).sort()).toEqual([
      ['Known maker', manufacturer.id],
      ['Second name', null],
    ]);
    const unknown = listed.data.find((p) => p.manufacturerId === null)!;
    const other = await api.deps.catalog.createManufacturer(buildManufacturerInput());
    const stored = (await api.deps.catalog.getPart(unknown.id))!;
    const assigned = await api.call('PUT', `/api/parts/${unknown.id}`, {
      cookie: admin,
      json: { name: stored.name, slug: stored.slug, partNumber: stored.partNumber, status: stored.status, categoryId: category.id, manufacturerId: other.id },
    });
    expect(assigned.status).toBe(200);
    const read = await (await api.call('GET', `/api/parts/${stored.slug}`)).json();
    expect(read).toMatchObject({ categoryId: category.id, manufacturerId: other.id, category: { slug: category.slug }, manufacturer: { slug: other.slug } });
  });

  test('a row with several problems reports all of them', async () => {
    const pn = unique('MANY').toUpperCase();
    const csv = ['Name,Part No,Price,Category,Maker,Status', `,${pn},abc,no-such-category,nobody,sold out`].join('\n');
    const res = await api.call('POST', '/api/parts/import-csv', { cookie: admin, body: csvForm(csv, { ...mapping, Price: 'price', Status: 'status' }) });
    const result = (await res.json()) as { errors: { row: number; error: string }[] };
    expect(result.errors).toHaveLength(1);
    const [problem] = result.errors;
    expect(problem!.row).toBe(2);
    for (const part of [
      'Part Name is required',
      'Price: “abc” is not a price; enter one like 12.50',
      "Unknown category 'no-such-category'",
      "Unknown manufacturer 'nobody'",
      "Status must be Active, Discontinued or Coming Soon, got 'sold out'",
    ]) {
      expect(problem!.error).toContain(part);
    }
  });
});
