import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTIONS_TSCONFIG, LAMBDA_DIR } from './paths';

/**
 * Never bundled: jsPDF's optional HTML and SVG renderers (`doc.html()`, `addSvgAsImage`), which the quote
 * PDF does not use. jsPDF requires them inside those methods only, in a try/catch, so leaving them out
 * changes nothing else and drops ~460 KB (html2canvas, canvg with core-js, DOMPurify).
 */
export const NEVER_BUNDLED = ['html2canvas', 'canvg', 'dompurify'];

/**
 * The esbuild options of every Lambda (ADR 082): one ESM entry, `index.mjs`, with code splitting, so a
 * module only some routes use (behind `await import()`) is a chunk loaded on first use instead of at init.
 * The AWS SDK is bundled (the version we test with), minified, with source maps beside the code.
 * `AppFunction` bundles with these at synth and `npm run bench:lambda` with the same call.
 */
export function lambdaBuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    entryPoints: { index: join(LAMBDA_DIR, `${entry}.ts`) },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    legalComments: 'none',
    tsconfig: FUNCTIONS_TSCONFIG,
    external: NEVER_BUNDLED,
    metafile: true,
    logLevel: 'warning',
    // CommonJS dependencies inside an ESM bundle still call require() for Node built-ins.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  };
}

/** Bundles `functions/src/lambda/<entry>.ts` into `outdir` (index.mjs, chunks/, source maps and index.meta.json). */
export function bundleLambda(entry: string, outdir: string): Metafile {
  const result = buildSync(lambdaBuildOptions(entry, outdir));
  if (!result.metafile) throw new Error('esbuild returned no metafile');
  writeFileSync(join(outdir, 'index.meta.json'), JSON.stringify(result.metafile));
  return result.metafile;
}

/** The output files Node loads before the handler runs: index.mjs and the chunks it imports statically. */
export function initFiles(metafile: Metafile): string[] {
  // Chunks reached by import() are entry points too: the handler's file is the one named index.mjs.
  const entry = Object.keys(metafile.outputs).find((file) => /(^|\/)index\.mjs$/.test(file));
  if (!entry) throw new Error('The metafile has no entry output');
  const files = new Set<string>();
  const visit = (file: string) => {
    const output = metafile.outputs[file];
    if (!output || files.has(file)) return;
    files.add(file);
    for (const i of output.imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entry);
  return [...files];
}

/** Bytes of JavaScript loaded at init (see initFiles). */
export function initBytes(metafile: Metafile): number {
  return initFiles(metafile).reduce((sum, file) => sum + (metafile.outputs[file]?.bytes ?? 0), 0);
}
