import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Docs that stay true (issue 27): every ADR is indexed and carries its date and status, nothing cites an
 * ADR that does not exist, every docs page is reachable by links from README.md or docs/README.md, and
 * no relative link in the docs points at a missing file.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const decisionsDir = join(root, 'docs/decisions');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'cdk.out', 'coverage', '.data', 'web-ssr', 'test-results', 'playwright-report']);

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, keep, out);
    else if (keep(path)) out.push(path);
  }
  return out;
}

const rel = (path: string) => relative(root, path);
const read = (path: string) => readFileSync(path, 'utf8');

/** ADR files by number: `docs/decisions/NNN-short-name.md`. */
const adrs = new Map<string, string>();
for (const name of readdirSync(decisionsDir)) {
  const m = /^(\d{3})-.+\.md$/.exec(name);
  if (m) adrs.set(m[1]!, name);
}

const docsPages = walk(join(root, 'docs'), (f) => f.endsWith('.md'));
const sourceFiles = ['functions/src', 'functions/test', 'web/src', 'shared/src', 'infra', 'test']
  .map((d) => join(root, d))
  .filter((d) => existsSync(d))
  .flatMap((d) => walk(d, (f) => /\.(ts|tsx|mts|js|mjs)$/.test(f)))
  // This file names made-up ADR numbers in its own checks.
  .filter((f) => !f.startsWith(join(root, 'test/docs')));

/** Every ADR number a text cites: `ADR 081`, `ADR-081`, `ADR 082/083`, `ADR 003, 060`, `decisions/081`, `decisions/081-name.md`. */
function citedAdrs(text: string): { number: string; file?: string }[] {
  const out: { number: string; file?: string }[] = [];
  for (const m of text.matchAll(/\bADRs?[ -]?(\d{3})\b((?:\s*(?:\/|,|and|or)\s*\d{3}\b)*)/g)) {
    out.push({ number: m[1]! });
    for (const more of (m[2] ?? '').matchAll(/\d{3}/g)) out.push({ number: more[0] });
  }
  for (const m of text.matchAll(/decisions\/(\d{3})(-[a-z0-9-]+\.md)?/g)) out.push({ number: m[1]!, ...(m[2] ? { file: `${m[1]}${m[2]}` } : {}) });
  return out;
}

/** Relative link targets of a markdown text: `[text](target)` and `[label]: target`, without anchors. */
function links(markdown: string): string[] {
  const out: string[] = [];
  const text = markdown.replace(/```[\s\S]*?```/g, '');
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push(m[1]!);
  for (const m of text.matchAll(/^\[[^\]]+\]:\s*(\S+)/gm)) out.push(m[1]!);
  return out.filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#')).map((t) => decodeURI(t.split('#')[0]!));
}

/** The file a link from `from` opens: a folder opens its README.md. */
function target(from: string, link: string): string {
  const path = resolve(dirname(from), link);
  return existsSync(path) && statSync(path).isDirectory() ? join(path, 'README.md') : path;
}

describe('ADRs', () => {
  it('the decisions folder holds ADRs', () => {
    expect(adrs.size).toBeGreaterThan(10);
  });

  it('every ADR starts with its number and title, then its Date and Status', () => {
    const wrong: string[] = [];
    for (const [number, name] of adrs) {
      const text = read(join(decisionsDir, name));
      const [title = '', ...rest] = text.split('\n');
      if (!new RegExp(`^# (?:${number} — |ADR ${number}: )\\S`).test(title)) wrong.push(`${name}: title "${title}" (want "# ${number} — Title")`);
      // The lines between the title and the first section: `Date: …` and `Status: …`, on one line joined by " · " or on two.
      const firstSection = rest.findIndex((l) => l.startsWith('## '));
      const header = rest.slice(0, firstSection === -1 ? rest.length : firstSection).join('\n');
      const fields = header.split(/\n| · /).map((f) => f.trim());
      const date = fields.find((f) => f.startsWith('Date:'));
      const status = fields.find((f) => f.startsWith('Status:'));
      if (!date || !/^Date: \d{4}-\d{2}-\d{2}$/.test(date)) wrong.push(`${name}: no "Date: YYYY-MM-DD" line under the title`);
      if (!status || !/^Status: (proposed|accepted|superseded|rejected|deprecated)\b/i.test(status)) {
        wrong.push(`${name}: no "Status: proposed | accepted | superseded …" line under the title`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('docs/decisions/README.md indexes every ADR', () => {
    const index = read(join(decisionsDir, 'README.md'));
    const linked = new Set(links(index));
    const missing = [...adrs.values()].filter((name) => !linked.has(name));
    expect(missing, 'add a row to docs/decisions/README.md for each').toEqual([]);
  });

  it('no doc or source comment cites an ADR that does not exist', () => {
    const wrong: string[] = [];
    for (const file of [...docsPages, join(root, 'README.md'), ...sourceFiles]) {
      for (const cite of citedAdrs(read(file))) {
        if (!adrs.has(cite.number)) wrong.push(`${rel(file)}: ADR ${cite.number} does not exist`);
        else if (cite.file && !existsSync(join(decisionsDir, cite.file)))
          wrong.push(`${rel(file)}: decisions/${cite.file} does not exist (ADR ${cite.number} is ${adrs.get(cite.number)})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the citation scanner finds every form of a reference', () => {
    const found = citedAdrs('ADR 081, ADR-012, ADR 082/083, ADR 003, 060, docs/decisions/097 and decisions/101-parts.md').map((c) => c.number);
    expect(found).toEqual(['081', '012', '082', '083', '003', '060', '097', '101']);
  });
});

describe('docs pages', () => {
  it('every page under docs/ is reachable by links from README.md or docs/README.md', () => {
    const seen = new Set<string>();
    const queue = [join(root, 'README.md'), join(root, 'docs/README.md')];
    while (queue.length > 0) {
      const page = queue.pop()!;
      if (seen.has(page) || !existsSync(page)) continue;
      seen.add(page);
      for (const link of links(read(page))) {
        const path = target(page, link);
        if (path.endsWith('.md')) queue.push(path);
      }
    }
    const orphans = docsPages.filter((p) => !seen.has(p)).map(rel);
    expect(orphans, 'link each from docs/README.md (or the page that covers it)').toEqual([]);
  });

  it('no relative link in the docs points at a missing file', () => {
    const broken: string[] = [];
    for (const page of [...docsPages, join(root, 'README.md')]) {
      for (const link of links(read(page))) if (!existsSync(target(page, link))) broken.push(`${rel(page)} → ${link}`);
    }
    expect(broken).toEqual([]);
  });
});
