import { App, Tags } from 'aws-cdk-lib';
import { readStageConfig } from '../src/config';
import { siteSourceDir } from '../src/paths';
import { PartsCatalogueStack } from '../src/stack';

const app = new App();
const config = readStageConfig((key) => app.node.tryGetContext(key));
// Environment-agnostic unless account/region are given, so synth needs no AWS credentials.
const env = config.account || config.region ? { account: config.account, region: config.region } : undefined;
const stack = new PartsCatalogueStack(app, `PartsCatalogue-${config.stage}`, {
  config,
  env,
  siteDir: siteSourceDir(),
  description: `Industrial parts catalogue (${config.stage})`,
});
Tags.of(stack).add('project', 'parts-catalogue');
Tags.of(stack).add('stage', config.stage);
