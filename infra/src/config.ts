/**
 * Stage settings: one committed entry per stage in cdk.json under `context.stages.<stage>` (ADR 103). The
 * only flag a deploy takes is `-c stage=<name>`; every other setting lives in the file, so a later deploy
 * cannot drop one by forgetting a flag. A stage whose settings are incomplete or unknown is refused at synth.
 */
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
  /** 0: no dedicated masters; else 3 (an odd number, one per AZ of a zone-aware domain). */
  searchMasterCount: number;
  searchMasterInstanceType: string;
  /** Reserved concurrency of the public functions (api, web-renderer): the most they can cost at once. */
  apiReservedConcurrency: number;
  rendererReservedConcurrency: number;
  logRetentionDays: number;
}

export type StageSize = 'small' | 'large';

/** What cdk.json holds for one stage. */
export interface StageSettings {
  /** A production stage must name its account, domain, alarm address and budget (refused otherwise). */
  production: boolean;
  /** Region of the data stack (table, buckets, functions, search); the edge stack is always us-east-1. */
  region: string;
  /** Pins the stage to one account, so credentials for another account fail the deploy instead of creating a copy. */
  account?: string;
  size: StageSize;
  /** The storefront's own name (parts.example.com): an ACM certificate in us-east-1 and an alias on CloudFront. */
  domainName?: string;
  alarmEmail?: string;
  /** The SES domain identity mail is sent from; one per stage and region (SES identities are per account and region). */
  mailDomain: string;
  /** The sender: an address at mailDomain, optionally as "Name <address>"; default Industrial Parts Hub <quotes@mailDomain>. */
  mailFrom?: string;
  /** AWS Budgets alarm (actual and forecast spend) to the alarm topic. */
  monthlyBudgetUsd: number;
  /** Whether a buyer accepting an offer must give a purchase order number (ADR 121): SITE_PO_NUMBER of the API. */
  purchaseOrderNumber?: 'optional' | 'required';
  /** Preset values this stage changes. */
  sizes?: Partial<StageSizes>;
}

export interface StageConfig {
  stage: string;
  /** Prefix of every physical name: `parts-<stage>`. */
  prefix: string;
  production: boolean;
  size: StageSize;
  sizes: StageSizes;
  region: string;
  account?: string;
  domainName?: string;
  /** https://<domainName> when the stage has a domain; else undefined (the distribution's own name is used). */
  siteOrigin?: string;
  alarmEmail?: string;
  mailDomain: string;
  mailFrom: string;
  monthlyBudgetUsd: number;
  purchaseOrderNumber: 'optional' | 'required';
}

/**
 * Settings of earlier versions that mean nothing now: refused with the reason, so a stale cdk.json entry is not
 * mistaken for one that still acts. The API has no origin secret and no API Gateway stage throttle (ADR 120).
 */
const RETIRED_SETTINGS: Record<string, string> = {
  originSecret: 'the origin secret is gone: CloudFront signs every origin request (ADR 120); remove the setting',
  'sizes.apiThrottleRate': 'there is no API Gateway stage throttle any more: reserved concurrency and the WAF cap the API (ADR 120)',
  'sizes.apiThrottleBurst': 'there is no API Gateway stage throttle any more: reserved concurrency and the WAF cap the API (ADR 120)',
};

export const SIZE_PRESETS: Record<StageSize, StageSizes> = {
  small: {
    apiMemoryMb: 1024,
    rendererMemoryMb: 1024,
    indexerMemoryMb: 512,
    importMemoryMb: 1024,
    importChunkConcurrency: 4,
    // One node, and the index has 0 replicas (OPENSEARCH_REPLICAS): green, not always yellow.
    searchInstanceType: 't3.small.search',
    searchInstanceCount: 1,
    searchVolumeGb: 10,
    searchMasterCount: 0,
    searchMasterInstanceType: 'm7g.medium.search',
    apiReservedConcurrency: 50,
    rendererReservedConcurrency: 20,
    logRetentionDays: 30,
  },
  large: {
    apiMemoryMb: 1769,
    rendererMemoryMb: 1769,
    indexerMemoryMb: 1024,
    importMemoryMb: 2048,
    importChunkConcurrency: 16,
    // Two data nodes in two AZs (one replica each) under three dedicated masters.
    searchInstanceType: 'r7g.large.search',
    searchInstanceCount: 2,
    searchVolumeGb: 100,
    searchMasterCount: 3,
    searchMasterInstanceType: 'm7g.medium.search',
    apiReservedConcurrency: 300,
    rendererReservedConcurrency: 100,
    logRetentionDays: 90,
  },
};

/** Settings every production stage must have; a test and the app refuse a production stage without them. */
export const PRODUCTION_REQUIRED = ['account', 'domainName', 'alarmEmail'] as const;

/** The flags of earlier versions: now settings in cdk.json, refused as flags so none is silently ignored. */
const RETIRED_FLAGS = [
  'size',
  'siteOrigin',
  'alarmEmail',
  'mailDomain',
  'mailFrom',
  'account',
  'region',
  ...(Object.keys(SIZE_PRESETS.small) as (keyof StageSizes)[]),
];

const SETTING_KEYS: (keyof StageSettings)[] = [
  'production',
  'region',
  'account',
  'size',
  'domainName',
  'alarmEmail',
  'mailDomain',
  'mailFrom',
  'monthlyBudgetUsd',
  'purchaseOrderNumber',
  'sizes',
];

export type ContextReader = (key: string) => unknown;

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,11}$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const REGION_PATTERN = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;
function fail(stage: string, message: string): never {
  throw new Error(`Stage "${stage}" (cdk.json context.stages.${stage}): ${message}`);
}

/** Validates one stage's settings and derives the rest. */
export function stageConfig(stage: string, raw: unknown): StageConfig {
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`Context "stage" must be lowercase letters, digits and dashes (max 12, starting with a letter), got "${stage}"`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(stage, 'missing: add an object with the settings of docs/deploy.md');
  const s = raw as Record<string, unknown>;
  for (const key of [...Object.keys(s), ...Object.keys(typeof s.sizes === 'object' && s.sizes !== null ? s.sizes : {}).map((k) => `sizes.${k}`)]) {
    if (RETIRED_SETTINGS[key]) fail(stage, `"${key}": ${RETIRED_SETTINGS[key]}`);
  }
  const unknown = Object.keys(s).filter((k) => !(SETTING_KEYS as string[]).includes(k));
  if (unknown.length > 0) fail(stage, `unknown setting(s) ${unknown.join(', ')}`);

  const str = (key: keyof StageSettings, required: boolean): string | undefined => {
    const v = s[key];
    if (v === undefined || v === null || v === '') {
      if (required) fail(stage, `"${key}" is required`);
      return undefined;
    }
    if (typeof v !== 'string') fail(stage, `"${key}" must be a string`);
    return v;
  };
  if (typeof s.production !== 'boolean') fail(stage, '"production" is required (true or false)');
  const production = s.production;
  const region = str('region', true)!;
  if (!REGION_PATTERN.test(region)) fail(stage, `"region" must be an AWS region like eu-west-1, got "${region}"`);
  const account = str('account', production);
  if (account !== undefined && !/^\d{12}$/.test(account)) fail(stage, `"account" must be 12 digits, got "${account}"`);
  const size = str('size', true)!;
  if (size !== 'small' && size !== 'large') fail(stage, `"size" must be "small" or "large", got "${size}"`);
  const domainName = str('domainName', production);
  if (domainName !== undefined && !DOMAIN_PATTERN.test(domainName)) fail(stage, `"domainName" must be a domain name, got "${domainName}"`);
  const alarmEmail = str('alarmEmail', production);
  if (alarmEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(alarmEmail)) fail(stage, `"alarmEmail" must be an e-mail address, got "${alarmEmail}"`);
  const mailDomain = str('mailDomain', true)!;
  if (!DOMAIN_PATTERN.test(mailDomain)) fail(stage, `"mailDomain" must be a domain name, got "${mailDomain}"`);
  const mailFrom = str('mailFrom', false) ?? `Industrial Parts Hub <quotes@${mailDomain}>`;
  const fromAddress = /<([^<>]+)>$/.exec(mailFrom)?.[1] ?? mailFrom;
  if (!fromAddress.toLowerCase().endsWith(`@${mailDomain}`)) fail(stage, `"mailFrom" must be an address at ${mailDomain}, got "${mailFrom}"`);
  const purchaseOrderNumber = str('purchaseOrderNumber', false) ?? 'optional';
  if (purchaseOrderNumber !== 'optional' && purchaseOrderNumber !== 'required')
    fail(stage, `"purchaseOrderNumber" must be "optional" or "required", got "${purchaseOrderNumber}"`);
  const budget = s.monthlyBudgetUsd;
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget <= 0) fail(stage, '"monthlyBudgetUsd" is required (a positive whole number of USD)');

  const preset = SIZE_PRESETS[size];
  const overrides = s.sizes ?? {};
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) fail(stage, '"sizes" must be an object');
  const sizes: StageSizes = { ...preset };
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in preset)) fail(stage, `unknown size "${key}"`);
    const k = key as keyof StageSizes;
    if (typeof preset[k] === 'string') {
      if (typeof value !== 'string' || value === '') fail(stage, `sizes.${key} must be a string`);
      (sizes as unknown as Record<string, unknown>)[k] = value;
    } else {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || (value === 0 && k !== 'searchMasterCount')) {
        fail(stage, `sizes.${key} must be a positive integer, got ${JSON.stringify(value)}`);
      }
      (sizes as unknown as Record<string, unknown>)[k] = value;
    }
  }
  if (sizes.searchMasterCount !== 0 && sizes.searchMasterCount !== 3) fail(stage, 'sizes.searchMasterCount must be 0 or 3');

  return {
    stage,
    prefix: `parts-${stage}`,
    production,
    size,
    sizes,
    region,
    account,
    domainName,
    siteOrigin: domainName ? `https://${domainName}` : undefined,
    alarmEmail,
    mailDomain,
    mailFrom,
    monthlyBudgetUsd: budget,
    purchaseOrderNumber,
  };
}

/**
 * Every stage of the file at once: two stages in one region may not share an SES identity (the second
 * deploy would fail creating it), nor a domain.
 */
export function allStageConfigs(stages: unknown): StageConfig[] {
  if (typeof stages !== 'object' || stages === null) throw new Error('cdk.json has no context.stages');
  const configs = Object.entries(stages).map(([name, raw]) => stageConfig(name, raw));
  for (const [i, a] of configs.entries()) {
    for (const b of configs.slice(i + 1)) {
      if (a.region === b.region && a.mailDomain === b.mailDomain) {
        throw new Error(
          `Stages "${a.stage}" and "${b.stage}" both send from ${a.mailDomain} in ${a.region}: give each stage its own mailDomain (e.g. a subdomain)`,
        );
      }
      if (a.domainName !== undefined && a.domainName === b.domainName) throw new Error(`Stages "${a.stage}" and "${b.stage}" share the domain ${a.domainName}`);
    }
  }
  return configs;
}

/** The selected stage (`-c stage=<name>`, default dev), checked together with every other stage of the file. */
export function readStageConfig(read: ContextReader): StageConfig {
  const flags = RETIRED_FLAGS.filter((key) => read(key) !== undefined);
  if (flags.length > 0) {
    throw new Error(
      `Context ${flags.map((f) => `"${f}"`).join(', ')} is no longer a flag: set it for the stage in cdk.json under context.stages.<stage> (docs/deploy.md)`,
    );
  }
  const stage = read('stage') ?? 'dev';
  if (typeof stage !== 'string') throw new Error('Context "stage" must be a string');
  const stages = read('stages');
  const all = allStageConfigs(stages);
  const config = all.find((c) => c.stage === stage);
  if (!config) {
    if (!STAGE_PATTERN.test(stage)) stageConfig(stage, undefined);
    throw new Error(`Stage "${stage}" is not in cdk.json context.stages (there: ${Object.keys(stages as object).join(', ')}); add its settings there first`);
  }
  return config;
}
