import { REPLAY_WINDOW_SECONDS } from '../modules/webhooks';

type Json = Record<string, unknown>;

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** `code` spans in the summaries and descriptions. */
const inline = (s: unknown) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

function typeOf(schema: Json): string {
  if (schema.$ref) return String(schema.$ref).split('/').at(-1)!;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' | ');
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Json[]).map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf((schema.items as Json | undefined) ?? {})}[]`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
}

function limits(schema: Json): string {
  const parts: string[] = [];
  for (const [key, label] of [
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minimum', '≥'],
    ['maximum', '≤'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['format', 'format'],
    ['pattern', 'pattern'],
  ] as const) {
    const value = schema[key];
    // zod bounds every integer by the safe range: not worth a reader's attention.
    if (value === undefined || (typeof value === 'number' && Math.abs(value) >= Number.MAX_SAFE_INTEGER)) continue;
    parts.push(`${label} ${String(value)}`);
  }
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

/** A schema as nested lists of its properties, a few levels deep. */
function fields(schema: Json | undefined, depth = 0): string {
  if (!schema) return '';
  const target = schema.type === 'array' ? ((schema.items as Json | undefined) ?? {}) : schema;
  const props = target.properties as Record<string, Json> | undefined;
  if (!props || depth > 2) return '';
  const required = new Set((target.required as string[] | undefined) ?? []);
  const rows = Object.entries(props).map(([name, prop]) => {
    const extra = limits(prop);
    return `<li><code>${esc(name)}</code>${required.has(name) ? '' : '<span class="opt">optional</span>'} <span class="type">${esc(typeOf(prop))}</span>${
      extra ? ` <span class="lim">${esc(extra)}</span>` : ''
    }${prop.description ? ` — ${inline(prop.description)}` : ''}${fields(prop, depth + 1)}</li>`;
  });
  return `<ul class="fields">${rows.join('')}</ul>`;
}

function operation(path: string, method: string, op: Json): string {
  const params = ((op.parameters as Json[] | undefined) ?? []).map(
    (p) =>
      `<li><code>${esc(p.name)}</code> <span class="type">${esc(p.in)} · ${esc(typeOf(p.schema as Json))}</span>${p.required ? '' : '<span class="opt">optional</span>'}${p.description ? ` — ${inline(p.description)}` : ''}</li>`,
  );
  const body = op.requestBody as Json | undefined;
  const bodyContent = body?.content as Record<string, Json> | undefined;
  const responses = Object.entries(op.responses as Record<string, Json>);
  const [okStatus, ok] = responses[0]!;
  const okContent = ok.content as Record<string, Json> | undefined;
  return `<section class="op" id="${esc(op.operationId)}">
<h3><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${inline(op.summary)} <span class="access a-${esc(op['x-access'])}">${esc(op['x-access'])}</span></p>
${params.length ? `<h4>Parameters</h4><ul class="fields">${params.join('')}</ul>` : ''}
${bodyContent ? `<h4>Body <span class="type">${esc(Object.keys(bodyContent).join(' or '))}</span></h4>${body?.description ? `<p>${inline(body.description)}</p>` : ''}${fields(Object.values(bodyContent)[0]?.schema as Json)}` : ''}
<h4>Answer <span class="type">${esc(okStatus)}${okContent ? ` · ${esc(Object.keys(okContent).join(', '))}` : ''}</span></h4>${fields(Object.values(okContent ?? {})[0]?.schema as Json)}
<p class="errors">Errors: ${responses
    .slice(1)
    .map(([status, r]) => `<span title="${esc(r.description)}">${esc(status)}</span>`)
    .join(' ')}</p>
</section>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #cbd5e1}h3{font-size:1rem;margin:0 0 4px;overflow-wrap:anywhere}h4{font-size:.85rem;margin:8px 0 2px;color:#334155}
.op{background:#fff;border:1px solid #e2e8f0;border-radius:6px;padding:12px;margin:12px 0}.m{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:1px 4px}
.m-get{background:#1d4ed8}.m-post{background:#15803d}.m-put,.m-patch{background:#b45309}.m-delete{background:#b91c1c}.access{font-size:.75rem;border-radius:9px;padding:0 6px;background:#e2e8f0}.a-admin{background:#fee2e2}.a-user{background:#fef3c7}
.fields{margin:2px 0;padding-left:1.2em}.type{color:#475569;font-size:.85rem}.opt{color:#64748b;font-size:.75rem;margin-left:4px}.lim{color:#64748b;font-size:.75rem}.errors{font-size:.8rem;color:#64748b;margin:6px 0 0}
code{font-family:ui-monospace,monospace;font-size:.9em;overflow-wrap:anywhere}nav ul{columns:2;padding-left:1.2em}@media (max-width:600px){nav ul{columns:1}}pre{background:#0f172a;color:#e2e8f0;padding:8px;border-radius:6px;overflow-x:auto}`;

/** The reference page for integrators: the OpenAPI document as server-rendered HTML, no scripts, nothing fetched (ADR 124). */
export function referencePage(doc: Json): string {
  const info = doc.info as Json;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = (op.tags as string[])[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(path, method, op)]);
    }
  }
  const events = Object.keys(doc.webhooks as Json);
  const slug = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(info.title)} — reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${esc(info.title)}</h1>
<p>${inline(info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json"><code>/api/openapi.json</code></a> (OpenAPI ${esc(doc.openapi)}). Access: <span class="access">public</span> anyone, <span class="access a-user">user</span> a signed-in account, <span class="access a-admin">admin</span> the administrator.</p>
<nav><h2>Contents</h2><ul>${[...byTag.keys()].map((t) => `<li><a href="#${slug(t)}">${esc(t)}</a></li>`).join('')}<li><a href="#webhooks">Webhooks (sent by this site)</a></li></ul></nav>
${[...byTag.entries()].map(([tag, ops]) => `<h2 id="${slug(tag)}">${esc(tag)}</h2>${ops.join('\n')}`).join('\n')}
<h2 id="webhooks">Webhooks (sent by this site)</h2>
<p>The administrator adds endpoints under Admin Dashboard → Webhooks. Each event is a <code>POST</code> of JSON <code>{"id","type","time","data"}</code> with the headers
<code>Webhook-Id</code>, <code>Webhook-Timestamp</code> (unix seconds) and <code>Webhook-Signature: v1=&lt;hex HMAC-SHA256(secret, timestamp + "." + raw body)&gt;</code>.
Verify the signature over the raw body, refuse a timestamp more than ${REPLAY_WINDOW_SECONDS} seconds from your clock (the replay window), answer 2xx within 10 s,
and dedupe by event id: delivery is at least once. Anything but 2xx is retried after 1 min, 5 min, 15 min, 1 h, 4 h and 12 h.</p>
<pre>expected = "v1=" + hex(HMAC_SHA256(secret, timestamp + "." + rawBody))
accept  = constantTimeEqual(expected, header) and abs(now - timestamp) &lt;= ${REPLAY_WINDOW_SECONDS}</pre>
<p>Events: ${events.map((e) => `<code>${esc(e)}</code>`).join(', ')} (the order events are sent once orders exist).</p>
</main></body></html>`;
}
