import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute paths inside the checkout, so synth works from any working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FUNCTIONS_SRC = join(REPO_ROOT, 'functions/src');
export const LAMBDA_DIR = join(FUNCTIONS_SRC, 'lambda');
export const FUNCTIONS_TSCONFIG = join(REPO_ROOT, 'functions/tsconfig.json');
export const LOCK_FILE = join(REPO_ROOT, 'package-lock.json');
export const WEB_DIST = join(REPO_ROOT, 'web/dist');
export const PLACEHOLDER_SITE = join(REPO_ROOT, 'infra/placeholder-site');

/** The built SPA when it exists, else a placeholder page, so `cdk synth` works on a fresh clone. */
export function siteSourceDir(dist: string = WEB_DIST): string {
  return existsSync(join(dist, 'index.html')) ? dist : PLACEHOLDER_SITE;
}
