import type { ZodType } from 'zod';

/** Who may call an operation: anyone, a signed-in user (the session cookie), or the admin. */
export type Access = 'public' | 'user' | 'admin';

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The Hono path (`:id` parameters), under /api. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  /** A JSON body (zod schema), or another media type with a description. */
  body?: ZodType | { type: 'multipart/form-data' | 'application/json or multipart/form-data'; description: string; schema?: ZodType };
  query?: Record<string, { schema: ZodType; description?: string; required?: boolean }>;
  /** The success answer: status, and a JSON schema or another media type. */
  ok: { status: 200 | 201 | 202 | 204; schema?: ZodType; type?: string; description?: string };
}
