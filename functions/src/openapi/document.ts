import * as z from 'zod';
import type { ZodType } from 'zod';
import { errorBodySchema, WEBHOOK_EVENT_TYPES, webhookEventSchema } from '@parts/shared/schemas';
import { realSchema } from '@parts/shared/lazy-schema';
import type { Operation } from './operation';
import { CATALOG_OPERATIONS } from './operations-catalog';
import { QUOTE_OPERATIONS } from './operations-quotes';
import { DEMAND_OPERATIONS } from './operations-demand';

type Json = Record<string, unknown>;

const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'System',
    summary: 'This document (OpenAPI 3.1)',
    access: 'public',
    ok: { status: 200, type: 'application/json' },
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'System',
    summary: 'The API reference for integrators (this document as a page)',
    access: 'public',
    ok: { status: 200, type: 'text/html' },
  },
  ...CATALOG_OPERATIONS,
  ...QUOTE_OPERATIONS,
  ...DEMAND_OPERATIONS,
];

/** `/api/parts/:slug` → `/api/parts/{slug}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/**
 * zod 4's own JSON Schema output (draft 2020-12, which OpenAPI 3.1 uses). Definitions it hoists (recursive
 * schemas) move to components.schemas so every `$ref` resolves against the document.
 */
/** The keys of a zod definition that hold schemas. */
const CHILD_KEYS = ['innerType', 'in', 'out', 'element', 'keyType', 'valueType', 'left', 'right', 'rest', 'catchall'] as const;

/**
 * Replaces every lazy schema (a proxy, ADR 083) inside `schema` by the schema it stands for, in place: the same
 * schema, now one zod can key by identity. Answers the real schema.
 */
function realize(schema: ZodType, done = new Set<unknown>()): ZodType {
  const real = realSchema(schema);
  if (done.has(real)) return real;
  done.add(real);
  const def = real._zod.def as unknown as Record<string, unknown>;
  for (const key of CHILD_KEYS) if (def[key] && typeof def[key] === 'object') def[key] = realize(def[key] as ZodType, done);
  for (const key of ['options', 'items'] as const) if (Array.isArray(def[key])) def[key] = (def[key] as ZodType[]).map((s) => realize(s, done));
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape && typeof shape === 'object') {
    for (const name of Object.keys(shape)) {
      const desc = Object.getOwnPropertyDescriptor(shape, name);
      if (desc && 'value' in desc && desc.writable) shape[name] = realize(desc.value as ZodType, done);
    }
  }
  return real;
}

function schemaOf(schema: ZodType, io: 'input' | 'output', components: Json): Json {
  const out = z.toJSONSchema(realize(schema), { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  const defs = out.$defs as Record<string, Json> | undefined;
  if (!defs) return out;
  delete out.$defs;
  const prefix = `S${Object.keys(components).length}_`;
  const rewrite = (value: unknown): unknown =>
    typeof value === 'string' && value.startsWith('#/$defs/')
      ? `#/components/schemas/${prefix}${value.slice('#/$defs/'.length)}`
      : Array.isArray(value)
        ? value.map(rewrite)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v)]))
          : value;
  for (const [name, def] of Object.entries(defs)) components[`${prefix}${name}`] = rewrite(def);
  return rewrite(out) as Json;
}

const ERROR = { description: '', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
const error = (description: string) => ({ ...ERROR, description });
const INTEGER_PARAMS = new Set(['id', 'version']);

function operationObject(op: Operation, components: Json): Json {
  const params = [...op.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: INTEGER_PARAMS.has(name!) && !op.path.startsWith('/api/admin/webhooks') ? { type: 'integer', minimum: 1 } : { type: 'string' },
  }));
  const query = Object.entries(op.query ?? {}).map(([name, q]) => ({
    name,
    in: 'query',
    required: q.required ?? false,
    ...(q.description ? { description: q.description } : {}),
    schema: schemaOf(q.schema, 'input', components),
    ...(name === 'categoryId' || name === 'manufacturerId' ? { style: 'form', explode: true } : {}),
  }));
  const out: Json = {
    tags: [op.tag],
    summary: op.summary,
    operationId: `${op.method}${openApiPath(op.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    'x-access': op.access,
    ...(op.access === 'public' ? {} : { security: [{ session: [] }] }),
    ...(params.length + query.length ? { parameters: [...params, ...query] } : {}),
  };
  if (op.body) {
    // A zod schema (its `_zod` internals; `type` alone would not tell: zod schemas have one too) is a JSON body.
    if (!('_zod' in op.body)) {
      const body = op.body;
      const schema = body.schema ? schemaOf(body.schema, 'input', components) : { type: 'object' };
      const types = body.type === 'multipart/form-data' ? ['multipart/form-data'] : ['application/json', 'multipart/form-data'];
      out.requestBody = { required: true, description: body.description, content: Object.fromEntries(types.map((t) => [t, { schema }])) };
    } else {
      out.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(op.body, 'input', components) } } };
    }
  }
  const okContent = op.ok.schema
    ? { content: { 'application/json': { schema: schemaOf(op.ok.schema, 'output', components) } } }
    : op.ok.type
      ? { content: { [op.ok.type]: {} } }
      : {};
  const responses: Json = { [String(op.ok.status)]: { description: op.ok.description ?? 'Success', ...okContent } };
  if (op.body || op.query || params.length) responses['400'] = error('The input was refused: `message`, and `issues` per field');
  if (op.access !== 'public') responses['401'] = error('Not signed in');
  if (op.access === 'admin') responses['403'] = error('Not an admin');
  if (params.length) responses['404'] = error('Not found');
  responses['429'] = error('Too many requests (rate limits, docs/security.md)');
  out.responses = responses;
  return out;
}

/** The webhooks this site sends (OpenAPI 3.1 `webhooks`, ADR 123). */
function webhooks(components: Json): Json {
  const headers = [
    { name: 'Webhook-Id', in: 'header', required: true, description: 'The event id (dedupe by it: delivery is at least once)', schema: { type: 'string' } },
    {
      name: 'Webhook-Timestamp',
      in: 'header',
      required: true,
      description: 'Unix seconds of this attempt; refuse one more than 300 s from your clock',
      schema: { type: 'string' },
    },
    {
      name: 'Webhook-Signature',
      in: 'header',
      required: true,
      description: '`v1=` + hex HMAC-SHA256(secret, Webhook-Timestamp + "." + raw body)',
      schema: { type: 'string' },
    },
  ];
  const body = schemaOf(webhookEventSchema, 'output', components);
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `The ${type} event`,
          parameters: headers,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { ...body, properties: { ...(body.properties as Json), type: { const: type } } } } },
          },
          responses: { '200': { description: 'Any 2xx: taken (anything else is retried with back-off)' } },
        },
      },
    ]),
  );
}

let built: Json | undefined;

/** The OpenAPI 3.1 document of the API, generated once from the operations and the shared zod schemas (ADR 124). */
export function openApiDocument(): Json {
  if (built) return built;
  const schemas: Json = {};
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) (paths[openApiPath(op.path)] ??= {})[op.method] = operationObject(op, schemas);
  const hooks = webhooks(schemas);
  schemas.ErrorBody = schemaOf(errorBodySchema, 'output', schemas);
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Industrial Parts Hub API',
      version: '1',
      description:
        "The API the storefront and the admin use. Sign in with POST /api/auth/login (the session cookie); state-changing calls must come from the site's own origin. Errors are JSON `{ message, issues? }`. The site sends signed webhooks (see `webhooks`, and docs/webhooks.md).",
    },
    servers: [{ url: '/' }],
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    webhooks: hooks,
    components: { schemas, securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'Set by POST /api/auth/login' } } },
  };
  return built;
}
