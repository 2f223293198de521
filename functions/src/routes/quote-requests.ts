import { Hono } from 'hono';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/app-env';

// Placeholder: filled in by the issue that owns this resource.
export function quoteRequestRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
