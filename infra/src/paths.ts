import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute paths inside the checkout, so synth works from any working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FUNCTIONS_SRC = join(REPO_ROOT, 'functions/src');
export const LAMBDA_DIR = join(FUNCTIONS_SRC, 'lambda');
export const FUNCTIONS_TSCONFIG = join(REPO_ROOT, 'functions/tsconfig.json');
export const WEB_DIST = join(REPO_ROOT, 'web/dist');
const WEB_SSR_DIST = join(REPO_ROOT, 'web/dist-ssr');
export const PLACEHOLDER_SITE = join(REPO_ROOT, 'infra/placeholder-site');

/** `-c placeholderSite=true`: offline checks of a fresh clone only (the tests); a production stage refuses it. */
export const PLACEHOLDER_CONTEXT = 'placeholderSite';

export const MISSING_BUILD_MESSAGE = 'The web app is not built (web/dist/index.html, web/dist-ssr/entry-server.js): run `npm run build -w web` first';

/** Whether the SPA and the server renderer are both built. */
function webIsBuilt(dist: string = WEB_DIST, ssr: string = WEB_SSR_DIST): boolean {
  return existsSync(join(dist, 'index.html')) && existsSync(join(ssr, 'entry-server.js'));
}

/**
 * The directory deployed to the site bucket: the built SPA, or — only when asked for explicitly — the
 * placeholder page. Without a build and without that explicit choice synth fails: every page, /admin
 * included, would answer 503.
 */
export function siteSourceDir(options: { placeholder: boolean; dist?: string; ssr?: string }): string {
  if (options.placeholder) return PLACEHOLDER_SITE;
  const dist = options.dist ?? WEB_DIST;
  if (!webIsBuilt(dist, options.ssr ?? WEB_SSR_DIST)) throw new Error(MISSING_BUILD_MESSAGE);
  return dist;
}
