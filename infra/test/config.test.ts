import { describe, expect, it } from 'vitest';
import { allStageConfigs, PRODUCTION_REQUIRED, readStageConfig, SIZE_PRESETS, stageConfig } from '../src/config';
import type { StageSettings } from '../src/config';
import { CDK_JSON, committedStage } from './support/template';

const from = (ctx: Record<string, unknown>) => readStageConfig((k) => ctx[k]);
const dev = committedStage('dev');
const prod = committedStage('prod');

describe('stage settings are committed in cdk.json (context.stages), not flags', () => {
  it('every committed stage is complete and valid, and dev is the default', () => {
    const configs = allStageConfigs(CDK_JSON.context.stages);
    expect(configs.map((c) => c.stage).sort()).toEqual(['dev', 'prod']);
    expect(from(CDK_JSON.context)).toMatchObject({ stage: 'dev', prefix: 'parts-dev', size: 'small', sizes: SIZE_PRESETS.small, region: dev.region });
    const p = from({ ...CDK_JSON.context, stage: 'prod' });
    expect(p).toMatchObject({ production: true, size: 'large', siteOrigin: `https://${prod.domainName}` });
    for (const key of PRODUCTION_REQUIRED) expect(prod[key], key).toBeTruthy();
  });

  it('a production stage that lacks a required setting is refused at synth', () => {
    for (const key of [...PRODUCTION_REQUIRED, 'region', 'size', 'mailDomain', 'monthlyBudgetUsd'] as (keyof StageSettings)[]) {
      const { [key]: _dropped, ...incomplete } = prod;
      expect(() => from({ stage: 'prod', stages: { prod: incomplete } }), key).toThrow(new RegExp(`"${key}" is required`));
    }
    const { production: _p, ...noFlag } = dev;
    expect(() => stageConfig('dev', noFlag)).toThrow(/"production" is required/);
  });

  it('the settings flags of earlier versions are refused, so a later deploy cannot drop or change one silently', () => {
    for (const flag of ['alarmEmail', 'siteOrigin', 'mailDomain', 'size', 'region', 'searchVolumeGb']) {
      expect(() => from({ ...CDK_JSON.context, [flag]: 'x' }), flag).toThrow(/no longer a flag: set it for the stage in cdk.json/);
    }
  });

  it('refuses unknown stages, unknown settings, stage names that cannot become resource names, and bad values', () => {
    expect(() => from({ ...CDK_JSON.context, stage: 'qa' })).toThrow(/Stage "qa" is not in cdk.json/);
    expect(() => from({ ...CDK_JSON.context, stage: 'Prod' })).toThrow(/Context "stage"/);
    expect(() => stageConfig('a-very-long-stage-name', dev)).toThrow(/max 12/);
    expect(() => stageConfig('dev', { ...dev, alarmEmial: 'x@example.com' })).toThrow(/unknown setting\(s\) alarmEmial/);
    expect(() => stageConfig('dev', { ...dev, size: 'huge' })).toThrow(/"small" or "large"/);
    expect(() => stageConfig('dev', { ...dev, region: 'Ireland' })).toThrow(/AWS region/);
    expect(() => stageConfig('dev', { ...dev, sizes: { apiMemoryMb: 1.5 } })).toThrow(/positive integer/);
    expect(() => stageConfig('dev', { ...dev, sizes: { searchMasterCount: 2 } })).toThrow(/0 or 3/);
    expect(() => stageConfig('dev', { ...dev, mailFrom: 'quotes@elsewhere.example' })).toThrow(/must be an address at/);
    expect(() => stageConfig('dev', { ...dev, purchaseOrderNumber: 'yes' })).toThrow(/"purchaseOrderNumber" must be "optional" or "required", got "yes"/);
    expect(stageConfig('dev', dev).purchaseOrderNumber).toBe('optional');
    expect(stageConfig('dev', { ...dev, purchaseOrderNumber: 'required' }).purchaseOrderNumber).toBe('required');
    expect(stageConfig('dev', { ...dev, size: 'large', sizes: { searchVolumeGb: 200 } }).sizes).toMatchObject({ searchVolumeGb: 200, searchInstanceCount: 2 });
  });

  it('two stages in one region may not create the same SES identity', () => {
    expect(() => allStageConfigs({ dev, prod: { ...prod, region: dev.region, mailDomain: dev.mailDomain, mailFrom: undefined } })).toThrow(/both send from/);
    expect(() => allStageConfigs({ dev, prod: { ...prod, region: 'us-west-2', mailDomain: dev.mailDomain, mailFrom: undefined } })).not.toThrow();
  });
});
