import { handle } from 'hono/aws-lambda';
import { buildApp } from '../app';
import { createAwsDeps } from '../config/aws-deps';

export const handler = handle(buildApp(await createAwsDeps()));
