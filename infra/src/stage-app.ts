import { Tags } from 'aws-cdk-lib';
import type { App } from 'aws-cdk-lib';
import type { StageConfig } from './config';
import { EdgeStack } from './edge-stack';
import { acknowledgeNagFindings } from './nag';
import { PartsCatalogueStack } from './stack';

/** Stack names of a stage: the data stack in the stage's region and the edge stack in us-east-1. */
export const stackNames = (stage: string) => ({ main: `PartsCatalogue-${stage}`, edge: `PartsCatalogueEdge-${stage}` });

/** Both stacks of one stage, as `cdk deploy --all` deploys them (edge first: the data stack reads its outputs). */
export function defineStage(app: App, config: StageConfig, site: { dir: string; placeholder: boolean }) {
  const names = stackNames(config.stage);
  const edge = new EdgeStack(app, names.edge, { config, description: `Industrial parts catalogue (${config.stage}): WAF and certificate, us-east-1` });
  const main = new PartsCatalogueStack(app, names.main, {
    config,
    edge,
    siteDir: site.dir,
    placeholderSite: site.placeholder,
    description: `Industrial parts catalogue (${config.stage})`,
  });
  // Findings of cdk-nag's AwsSolutions pack accepted, each with its reason (test/nag.test.ts runs the pack).
  acknowledgeNagFindings(main, config);
  for (const stack of [edge, main]) {
    Tags.of(stack).add('project', 'parts-catalogue');
    Tags.of(stack).add('stage', config.stage);
  }
  return { edge, main };
}
