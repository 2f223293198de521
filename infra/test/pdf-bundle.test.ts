import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { extractText } from 'unpdf';
import { PDF_RUNTIME_FILES } from '@parts/functions/modules/quotes/pdf-font-files';
import { bundleLambda, initFiles } from '../src/lambda-bundle';

const run = promisify(execFile);

/**
 * The quote PDF as deployed (ADR 098): the API bundle carries the fonts and HarfBuzz's WebAssembly beside
 * its chunks, and the bundled PDF code finds them there, with no node_modules of the checkout above it.
 */
let dir: string;
let meta: Metafile;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'parts-pdf-bundle-'));
  meta = bundleLambda('api', dir);
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the API bundle and the quote PDF', () => {
  it('copies the fonts and the WebAssembly beside the bundle, and loads none of the PDF code at init', () => {
    for (const file of PDF_RUNTIME_FILES) expect(existsSync(join(dir, 'node_modules', file)), file).toBe(true);
    const atInit = initFiles(meta)
      .flatMap((file) => Object.keys(meta.outputs[file]!.inputs))
      .join('\n');
    expect(atInit).not.toMatch(/pdf-text|subset-font|harfbuzzjs|fontverter|wawoff2/);
    // The WOFF2 codec subset-font's converter requires is a stub (TrueType in, TrueType out).
    expect(Object.keys(meta.inputs).join('\n')).not.toMatch(/node_modules\/wawoff2\//);
  });

  it('renders Latin, Greek, Cyrillic, Chinese, Japanese and Korean text from the bundled chunk', async () => {
    const [chunk] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint?.endsWith('functions/src/modules/quotes/quote-pdf.ts'))!;
    const chunkFile = join(dir, 'chunks', chunk.replace(/.*\/chunks\//, ''));
    const input = {
      site: {
        companyName: 'Αθήνα Μηχανική',
        addressLines: ['Улица Ленина 5'],
        phone: '+1',
        email: 'a@example.com',
        quotesEmail: 'q@example.com',
        siteUrl: 'https://x.example',
        quoteTerms: ['Terms.'],
      },
      quote: {
        id: 7,
        customerName: 'Zoë 北京 Łódź 서울',
        customerEmail: 'zoe@example.com',
        status: 'quoted',
        createdAt: '2026-11-20T10:00:00.000Z',
        items: [],
        attachments: [],
        history: [],
      },
      offer: {
        quoteId: 7,
        version: 1,
        sentAt: '2026-11-21T09:00:00.000Z',
        sentBy: 'admin',
        validUntil: '2026-12-21',
        state: 'open',
        totalCents: 12000,
        message: 'お見積りありがとうございます。',
        lines: [
          {
            itemId: 1,
            partNumber: 'HX-1',
            name: '六角螺栓 M8',
            requestedQuantity: 10,
            status: 'offered',
            quantity: 10,
            unitPriceMicros: 12_000_000,
            priceBreaks: [],
            appliedUnitPriceMicros: 12_000_000,
            lineTotalCents: 12000,
            leadTime: 14,
            minimumOrderQuantity: 1,
          },
        ],
      },
    };
    const script = `const { renderOfferPdf } = await import(${JSON.stringify(chunkFile)}); process.stdout.write((await renderOfferPdf(${JSON.stringify(input)})).toString('base64'));`;
    const { stdout } = await run(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
    const { text } = await extractText(new Uint8Array(Buffer.from(stdout, 'base64')), { mergePages: true });
    const flat = text.replace(/\s+/g, '');
    for (const expected of ['Αθήνα Μηχανική', 'Улица Ленина 5', 'Zoë 北京 Łódź 서울', 'お見積りありがとうございます。', '六角螺栓 M8'])
      expect(flat).toContain(expected.replace(/\s+/g, ''));
  }, 120_000);
});
