/** Stage settings read from CDK context (`cdk.json` or `-c key=value`); every resource name derives from the stage. */
export interface StageSizes {
  apiMemoryMb: number;
  /** The page renderer: rendering is CPU-bound, and Lambda's CPU grows with memory. */
  rendererMemoryMb: number;
  indexerMemoryMb: number;
  importMemoryMb: number;
  /** Chunks of large CSV imports imported at once (the chunk queue's maxConcurrency, ADR 061). */
  importChunkConcurrency: number;
  searchInstanceType: string;
  searchInstanceCount: number;
  searchVolumeGb: number;
  /** Steady-state requests per second API Gateway lets through before answering 429. */
  apiThrottleRate: number;
  apiThrottleBurst: number;
  logRetentionDays: number;
}

export interface StageConfig {
  stage: string;
  /** Prefix of every physical name: `parts-<stage>`. */
  prefix: string;
  size: 'small' | 'large';
  sizes: StageSizes;
  /** Custom site origin (https://parts.example.com) when a domain fronts CloudFront; else the distribution's own. */
  siteOrigin?: string;
  alarmEmail?: string;
  /** The domain mail is sent from (an SES domain identity; verify it with the DKIM records SES gives). */
  mailDomain: string;
  /** The sender of every mail: an address at mailDomain, optionally as "Name <address>". */
  mailFrom: string;
  account?: string;
  region?: string;
}

export const SIZE_PRESETS: Record<StageConfig['size'], StageSizes> = {
  small: {
    apiMemoryMb: 1024,
    rendererMemoryMb: 1024,
    indexerMemoryMb: 512,
    importMemoryMb: 1024,
    importChunkConcurrency: 4,
    searchInstanceType: 't3.small.search',
    searchInstanceCount: 1,
    searchVolumeGb: 10,
    apiThrottleRate: 50,
    apiThrottleBurst: 100,
    logRetentionDays: 30,
  },
  large: {
    apiMemoryMb: 1769,
    rendererMemoryMb: 1769,
    indexerMemoryMb: 1024,
    importMemoryMb: 2048,
    importChunkConcurrency: 16,
    searchInstanceType: 'r7g.large.search',
    searchInstanceCount: 2,
    searchVolumeGb: 100,
    apiThrottleRate: 500,
    apiThrottleBurst: 1000,
    logRetentionDays: 90,
  },
};

export type ContextReader = (key: string) => unknown;

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,11}$/;

function text(read: ContextReader, key: string): string | undefined {
  const value = read(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`Context "${key}" must be a string`);
  return String(value);
}

function positiveInt(read: ContextReader, key: string, fallback: number): number {
  const raw = text(read, key);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`Context "${key}" must be a positive integer, got "${raw}"`);
  return value;
}

/** Context values from `-c` arrive as strings, from cdk.json as JSON values; both are accepted. */
export function readStageConfig(read: ContextReader): StageConfig {
  const stage = text(read, 'stage') ?? 'dev';
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`Context "stage" must be lowercase letters, digits and dashes (max 12, starting with a letter), got "${stage}"`);
  }
  const size = text(read, 'size') ?? 'small';
  if (size !== 'small' && size !== 'large') throw new Error(`Context "size" must be "small" or "large", got "${size}"`);
  const preset = SIZE_PRESETS[size];
  const sizes: StageSizes = {
    apiMemoryMb: positiveInt(read, 'apiMemoryMb', preset.apiMemoryMb),
    rendererMemoryMb: positiveInt(read, 'rendererMemoryMb', preset.rendererMemoryMb),
    indexerMemoryMb: positiveInt(read, 'indexerMemoryMb', preset.indexerMemoryMb),
    importMemoryMb: positiveInt(read, 'importMemoryMb', preset.importMemoryMb),
    importChunkConcurrency: positiveInt(read, 'importChunkConcurrency', preset.importChunkConcurrency),
    searchInstanceType: text(read, 'searchInstanceType') ?? preset.searchInstanceType,
    searchInstanceCount: positiveInt(read, 'searchInstanceCount', preset.searchInstanceCount),
    searchVolumeGb: positiveInt(read, 'searchVolumeGb', preset.searchVolumeGb),
    apiThrottleRate: positiveInt(read, 'apiThrottleRate', preset.apiThrottleRate),
    apiThrottleBurst: positiveInt(read, 'apiThrottleBurst', preset.apiThrottleBurst),
    logRetentionDays: positiveInt(read, 'logRetentionDays', preset.logRetentionDays),
  };
  const siteOrigin = text(read, 'siteOrigin');
  if (siteOrigin !== undefined && !/^https:\/\/[a-z0-9.-]+$/.test(siteOrigin)) {
    throw new Error(`Context "siteOrigin" must look like https://parts.example.com, got "${siteOrigin}"`);
  }
  const mailDomain = text(read, 'mailDomain') ?? 'industrialpartshub.example';
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(mailDomain)) throw new Error(`Context "mailDomain" must be a domain name, got "${mailDomain}"`);
  const mailFrom = text(read, 'mailFrom') ?? `Industrial Parts Hub <quotes@${mailDomain}>`;
  const fromAddress = /<([^<>]+)>$/.exec(mailFrom)?.[1] ?? mailFrom;
  if (!fromAddress.toLowerCase().endsWith(`@${mailDomain}`)) {
    throw new Error(`Context "mailFrom" must be an address at ${mailDomain}, got "${mailFrom}"`);
  }
  return {
    stage,
    prefix: `parts-${stage}`,
    size,
    sizes,
    siteOrigin,
    alarmEmail: text(read, 'alarmEmail'),
    mailDomain,
    mailFrom,
    account: text(read, 'account'),
    region: text(read, 'region'),
  };
}
