/** `tsx infra/scripts/bundle-lambda.ts <entry> <outdir>`: what `bundleLambda` runs in a child process (see lambda-bundle.ts). */
import { bundleLambdaAsync } from '../src/lambda-bundle';

const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) throw new Error('usage: bundle-lambda.ts <entry> <outdir>');
await bundleLambdaAsync(entry, outdir);
