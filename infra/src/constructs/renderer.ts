import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FunctionUrlAuthType, InvokeMode, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AppFunction } from './app-function';
import type { SearchDomain } from './search';

/** Page paths whose HTML depends on the listing's query strings: their own CloudFront behaviours, keyed on them (one list with the local page cache). */
export { LISTING_PAGE_PATTERNS } from '@parts/shared/cache-keys';

/**
 * After esbuild bundled functions/src/lambda/web-renderer.ts: the server renderer's build
 * (web/dist-ssr/entry-server.js, from `npm run build -w web`) bundled with React and its other
 * dependencies into web-ssr/entry-server.mjs, and the page template (web/dist/index.html), Vite
 * manifest and stylesheet (its critical CSS is inlined per route, ADR 136) into web/. Without a web build the bundling fails, unless the placeholder site was asked for
 * explicitly (offline checks only): then nothing is added and the function answers 503.
 */
export function rendererBundleCommands(inputDir: string, outputDir: string, requireBuild = true): string[] {
  const ssr = `${inputDir}/web/dist-ssr/entry-server.js`;
  const dist = `${inputDir}/web/dist`;
  const esbuild = [
    `"${inputDir}/node_modules/.bin/esbuild" "${ssr}"`,
    '--bundle --platform=node --format=esm --target=node22 --minify --legal-comments=none --log-level=warning',
    `'--define:process.env.NODE_ENV="production"'`,
    `"--banner:js=import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);"`,
    `--outfile="${outputDir}/web-ssr/entry-server.mjs"`,
  ].join(' ');
  return [
    `if [ -f "${ssr}" ] && [ -f "${dist}/index.html" ]; then ${esbuild} && mkdir -p "${outputDir}/web/.vite" && cp "${dist}/index.html" "${outputDir}/web/index.html" && cp "${dist}/.vite/manifest.json" "${outputDir}/web/.vite/manifest.json" && mkdir -p "${outputDir}/web/assets" && cp "${dist}"/assets/*.css "${outputDir}/web/assets/"; else ${
      requireBuild
        ? 'echo "web/dist-ssr is missing: run npm run build -w web before synth or deploy" >&2; exit 1'
        : 'echo "placeholder site: the page renderer ships without the server renderer and answers 503" >&2'
    }; fi`,
  ];
}

export interface RendererProps {
  config: StageConfig;
  table: ITable;
  search: SearchDomain;
  logRetention: RetentionDays;
  /**
   * Canonical URLs, Open Graph URLs and robots.txt's sitemap address: the stage's domain. A stage without one (never
   * production) renders without them — its CloudFront name would be a cycle: the distribution needs the function
   * URL, which needs the function (ADR 105).
   */
  siteOrigin?: string;
  /** False only with the explicit placeholder site: the bundling then tolerates a missing web build. */
  requireBuild: boolean;
}

/**
 * The public pages' renderer: its own Lambda (ADR 080), read-only on the table and the search domain. CloudFront
 * reaches it through its function URL, which takes only requests signed by the distribution's origin access control
 * (ADR 105): a direct request is refused by Lambda's IAM check before the function runs, and costs nothing. It gets
 * every path that is not /api, /assets or a sitemap: public pages rendered, unknown paths the not-found page with 404,
 * client-only routes the SPA shell — the same answers as the local server (SERVER_RENDERED_ROUTES in the web).
 */
export class Renderer extends Construct {
  readonly handler: AppFunction;
  /** AWS_IAM: only CloudFront's signed GET/HEAD requests (web.ts) invoke the function. */
  readonly url: FunctionUrl;

  constructor(scope: Construct, id: string, props: RendererProps) {
    super(scope, id);
    const { config } = props;
    this.handler = new AppFunction(this, 'Handler', {
      functionName: `${config.prefix}-web-renderer`,
      reservedConcurrency: config.sizes.rendererReservedConcurrency,
      entry: 'web-renderer',
      description: 'Server-rendered public pages (web/src/entry-server.tsx) and robots.txt',
      memoryMb: config.sizes.rendererMemoryMb,
      // CloudFront's origin read timeout is 30 s.
      timeout: Duration.seconds(29),
      logRetention: props.logRetention,
      // The same app as the API, in-process and anonymous; it signs no sessions (a random key per container). No
      // origin secret: the function URL's IAM check is the guard.
      environment: {
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        ...(props.siteOrigin ? { SITE_URL: props.siteOrigin } : {}),
      },
      afterBundling: (inputDir, outputDir) => rendererBundleCommands(inputDir, outputDir, props.requireBuild),
    })
      .bindTable(props.table, 'read')
      .bindSearch(props.search, 'read');
    props.search.allowRole(this.handler.fn.role!, 'read');

    this.url = this.handler.fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM, invokeMode: InvokeMode.BUFFERED });
  }
}
