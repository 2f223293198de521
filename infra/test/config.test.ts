import { describe, expect, it } from 'vitest';
import { readStageConfig, SIZE_PRESETS } from '../src/config';

const from = (ctx: Record<string, unknown>) => readStageConfig((k) => ctx[k]);

describe('stage config from context', () => {
  it('defaults to the small dev stage', () => {
    const config = from({});
    expect(config).toMatchObject({ stage: 'dev', prefix: 'parts-dev', size: 'small', sizes: SIZE_PRESETS.small });
  });

  it('accepts -c strings and cdk.json numbers for sizes', () => {
    expect(from({ size: 'large', searchVolumeGb: '200' }).sizes).toMatchObject({ searchVolumeGb: 200, searchInstanceCount: 2 });
    expect(from({ apiMemoryMb: 1536 }).sizes.apiMemoryMb).toBe(1536);
  });

  it('refuses stage names that cannot become resource names, unknown sizes and bad numbers', () => {
    expect(() => from({ stage: 'Prod' })).toThrow(/Context "stage"/);
    expect(() => from({ stage: 'a-very-long-stage-name' })).toThrow(/max 12/);
    expect(() => from({ stage: 'prod_1' })).toThrow(/Context "stage"/);
    expect(() => from({ size: 'huge' })).toThrow(/"small" or "large"/);
    expect(() => from({ apiMemoryMb: '1.5' })).toThrow(/positive integer/);
    expect(() => from({ searchInstanceCount: '0' })).toThrow(/positive integer/);
    expect(() => from({ siteOrigin: 'http://parts.example.com' })).toThrow(/siteOrigin/);
  });
});
