import { App } from 'aws-cdk-lib';
import { readStageConfig } from '../src/config';
import { PLACEHOLDER_CONTEXT, siteSourceDir } from '../src/paths';
import { defineStage } from '../src/stage-app';

const app = new App();
// The stage's settings come from cdk.json (context.stages.<stage>); `-c stage=<name>` only picks one.
const config = readStageConfig((key) => app.node.tryGetContext(key));
// Refuses to synth without `npm run build -w web`, unless the placeholder page is asked for explicitly.
const placeholder = String(app.node.tryGetContext(PLACEHOLDER_CONTEXT)) === 'true';
defineStage(app, config, { dir: siteSourceDir({ placeholder }), placeholder });
