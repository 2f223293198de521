import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OPENSEARCH_API_NAMESPACES, OPENSEARCH_ROOT_APIS } from '@parts/functions/modules/search/adapters/opensearch-apis';
import { PDF_RUNTIME_FILES } from '@parts/functions/modules/quotes/pdf-font-files';
import { FUNCTIONS_SRC, FUNCTIONS_TSCONFIG, LAMBDA_DIR, REPO_ROOT } from './paths';

/**
 * Never bundled: jsPDF's optional HTML and SVG renderers (`doc.html()`, `addSvgAsImage`), which the quote
 * PDF does not use. jsPDF requires them inside those methods only, in a try/catch, so leaving them out
 * changes nothing else and drops ~460 KB (html2canvas, canvg with core-js, DOMPurify).
 */
const NEVER_BUNDLED = ['html2canvas', 'canvg', 'dompurify'];

/**
 * Worker threads a Lambda's code starts, each bundled as its own entry beside index.mjs (ADR 094): the API
 * reads uploaded spreadsheets in `parse-worker.mjs` (functions/src/lib/parse-sandbox.ts finds it there).
 */
const WORKER_ENTRIES: Record<string, Record<string, string>> = {
  api: { 'parse-worker': join(FUNCTIONS_SRC, 'lib/parse-worker.ts') },
};

/**
 * The esbuild options of every Lambda (ADR 082): one ESM entry, `index.mjs`, with code splitting, so a
 * module only some routes use (behind `await import()`) is a chunk loaded on first use instead of at init.
 * The AWS SDK is bundled (the version we test with), minified, with source maps beside the code.
 * `AppFunction` bundles with these at synth and `npm run bench:lambda` with the same call (`bundleLambda`,
 * which adds the `openSearchApiSubset` plugin).
 */
function lambdaBuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    entryPoints: { index: join(LAMBDA_DIR, `${entry}.ts`), ...WORKER_ENTRIES[entry] },
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

/**
 * Packages a bundled dependency requires but our code never reaches, bundled as a stub that throws if it
 * is ever called. wawoff2 (1.2 MB of WOFF2 codec): subset-font's format converter requires it at load, and
 * the quote PDF only subsets TrueType to TrueType, which never converts (ADR 098).
 */
const STUBBED: Record<string, string> = {
  wawoff2: 'WOFF2 conversion is not in this bundle: the quote PDF subsets TrueType fonts only (ADR 098)',
};

function stubbedModules(stubs: Record<string, string> = STUBBED): Plugin {
  const names = Object.keys(stubs).map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return {
    name: 'stubbed-modules',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'stubbed' }));
      b.onLoad({ filter: /.*/, namespace: 'stubbed' }, (args) => ({
        loader: 'js',
        contents: `const fail = () => { throw new Error(${JSON.stringify(stubs[args.path])}); }; module.exports = new Proxy({}, { get: (_, key) => (key === '__esModule' || key === 'then' ? undefined : fail) });`,
      }));
    },
  };
}

/** The file of the OpenSearch client that registers every API of OpenSearch when the client loads. */
const OPENSEARCH_API_REGISTRY = /[\\/]@opensearch-project[\\/]opensearch[\\/]api[\\/]OpenSearchApi\.js$/;
const LEFT_OUT = 'opensearch-api-left-out';

/**
 * Leaves out of the bundle the OpenSearch APIs our code does not call (ADR 083). The client's API registry
 * requires every API module (`./ml/_api`, `./_core/reindex`, …) when it loads; each one not listed in
 * `functions/src/modules/search/adapters/opensearch-apis.ts` becomes a stub that throws if it is ever called.
 * The code cannot call one: it sees the client as `SearchClient`, which has only the listed APIs.
 */
function openSearchApiSubset(): Plugin {
  const kept = new Set([...OPENSEARCH_ROOT_APIS.map((name) => `./_core/${name}`), ...OPENSEARCH_API_NAMESPACES.map((name) => `./${name}/_api`)]);
  return {
    name: 'opensearch-api-subset',
    setup(b) {
      b.onResolve({ filter: /^\.\/\w+\/\w+$/ }, (args) =>
        OPENSEARCH_API_REGISTRY.test(args.importer) && !kept.has(args.path) ? { path: args.path, namespace: LEFT_OUT } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: LEFT_OUT }, (args) => ({
        loader: 'js',
        contents: `module.exports = function leftOut() { throw new Error(${JSON.stringify(
          `The OpenSearch API ${args.path} is not in this bundle: add it to functions/src/modules/search/adapters/opensearch-apis.ts`,
        )}); };`,
      }));
    },
  };
}

/**
 * Files that bundled code reads at run time, by the module that reads them (ADR 098: the quote PDF's fonts
 * and the HarfBuzz WebAssembly). When that module is in a bundle, each file is copied to
 * `<outdir>/node_modules/<package path>`, where the code's `require.resolve(<package path>)` finds it from
 * `chunks/` in Lambda as it finds the package locally.
 */
const RUNTIME_FILES: readonly { module: RegExp; files: readonly string[] }[] = [
  { module: /(^|\/)functions\/src\/modules\/quotes\/pdf-text\.ts$/, files: PDF_RUNTIME_FILES },
];

/** Copies the RUNTIME_FILES of the modules in `metafile` beside the bundle; answers the paths copied. */
function copyRuntimeFiles(metafile: Metafile, outdir: string): string[] {
  const resolveFrom = createRequire(join(REPO_ROOT, 'functions/package.json'));
  const inputs = Object.keys(metafile.inputs);
  const copied: string[] = [];
  for (const { module, files } of RUNTIME_FILES) {
    if (!inputs.some((input) => module.test(input))) continue;
    for (const file of files) {
      const target = join(outdir, 'node_modules', file);
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(resolveFrom.resolve(file), target);
      copied.push(file);
    }
  }
  return copied;
}

/** Bundles `functions/src/lambda/<entry>.ts` into `outdir` (index.mjs, chunks/, source maps, index.meta.json and RUNTIME_FILES). */
export async function bundleLambdaAsync(entry: string, outdir: string): Promise<Metafile> {
  const result = await build({ ...lambdaBuildOptions(entry, outdir), plugins: [openSearchApiSubset(), stubbedModules()] });
  if (!result.metafile) throw new Error('esbuild returned no metafile');
  writeFileSync(join(outdir, 'index.meta.json'), JSON.stringify(result.metafile));
  copyRuntimeFiles(result.metafile, outdir);
  return result.metafile;
}

/**
 * `bundleLambdaAsync` for callers that must not wait (CDK's local bundling is synchronous): esbuild runs
 * its plugins only in its asynchronous API, so the bundle is made by a child process.
 */
export function bundleLambda(entry: string, outdir: string): Metafile {
  execFileSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'infra/scripts/bundle-lambda.ts'), entry, outdir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return JSON.parse(readFileSync(join(outdir, 'index.meta.json'), 'utf8')) as Metafile;
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
