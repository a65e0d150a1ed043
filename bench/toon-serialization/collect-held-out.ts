// Writes fixtures/held-out-texts.json: real public texts the token estimate was never fitted on, by kind
// (source code, non-English prose, JSON, English Markdown docs, logs), each an excerpt of about 3–5 KB
// with its provenance. Run once by hand (`node bench/toon-serialization/collect-held-out.ts`) after
// `pnpm install`; it reads installed packages, the Python standard library and Debian's package logs of
// the machine it runs on. The committed file is what the benchmark measures, so runs are reproducible.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type { TextKind } from './estimate-texts.ts';

interface HeldOutText {
  kind: TextKind;
  source: string;
  text: string;
}

const root = join(import.meta.dirname, '..', '..');
const pnpmStore = join(root, 'node_modules', '.pnpm');
const require = createRequire(join(root, 'package.json'));

/** Folder of an installed package (any version in the pnpm store) and its version. */
function pkg(name: string): { dir: string; version: string } {
  const prefix = `${name.replace('/', '+')}@`;
  const entry = readdirSync(pnpmStore)
    .filter((e) => e.startsWith(prefix))
    .sort()
    .at(-1);
  if (!entry) throw new Error(`${name} is not installed`);
  const dir = join(pnpmStore, entry, 'node_modules', name);
  return { dir, version: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version };
}

/** About `size` characters of `text` from `at` (0–1 of its length), cut at line boundaries. */
function excerpt(text: string, size = 4000, at = 0): string {
  const start = at === 0 ? 0 : text.indexOf('\n', Math.floor(text.length * at)) + 1;
  const end = text.lastIndexOf('\n', start + size);
  return text.slice(start, end > start ? end : start + size).trim();
}

/** The prose of a Markdown README: paragraphs, headings and list items; no code, HTML, tables, links or URLs. */
function prose(markdown: string): string {
  let fenced = false;
  const lines: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.trim().startsWith('```')) fenced = !fenced;
    else if (!fenced && line.trim() && !/^\s*(<|\||!\[|\[)/.test(line) && !line.includes('://'))
      lines.push(line);
  }
  return lines.join('\n');
}

const texts: HeldOutText[] = [];
const add = (kind: TextKind, source: string, text: string) => texts.push({ kind, source, text });
const fromPkg = (kind: TextKind, name: string, file: string, at = 0, size = 4000, map = (t: string) => t) => {
  const { dir, version } = pkg(name);
  add(kind, `${name}@${version} ${file}`, excerpt(map(readFileSync(join(dir, file), 'utf8')), size, at));
};

// Source code: TypeScript, JavaScript, Go, Python.
fromPkg('code', 'minisearch', 'src/MiniSearch.ts', 0.3);
fromPkg('code', 'zod', 'src/v4/core/schemas.ts', 0.2);
fromPkg('code', 'hono', 'dist/hono-base.js', 0.1);
fromPkg('code', 'marked', 'lib/marked.esm.js', 0.4);
fromPkg('code', 'flatted', 'golang/pkg/flatted/flatted.go', 0.1);
const python = readdirSync('/usr/lib').find((d) => /^python3\.\d+$/.test(d));
if (python)
  add(
    'code',
    `CPython ${python} standard library json/encoder.py`,
    excerpt(readFileSync(`/usr/lib/${python}/json/encoder.py`, 'utf8'), 4000, 0.2),
  );

// Non-English prose: Biome's translated READMEs, prose only.
for (const lang of ['zh-CN', 'ja', 'kr', 'ru', 'uk', 'es', 'fr', 'pt-BR', 'pl', 'hi'])
  fromPkg('non_english_prose', '@biomejs/biome', `README.${lang}.md`, 0, 2500, prose);

// …and the sentences of axe-core's translated rule descriptions (the JSON's string values, one a line).
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(strings)
      : [];
for (const lang of ['de', 'ja', 'ru', 'zh_CN', 'es', 'ko'])
  fromPkg('non_english_prose', 'axe-core', `locales/${lang}.json`, 0.1, 2500, (t) =>
    strings(JSON.parse(t)).join('\n'),
  );

// JSON: localized TypeScript diagnostics (pretty), schemas, a manifest, minified data.
const ts = dirname(require.resolve('typescript/package.json'));
const tsVersion = JSON.parse(readFileSync(join(ts, 'package.json'), 'utf8')).version;
for (const lang of ['zh-cn', 'de', 'ja'])
  add(
    'json',
    `typescript@${tsVersion} lib/${lang}/diagnosticMessages.generated.json`,
    excerpt(readFileSync(join(ts, `lib/${lang}/diagnosticMessages.generated.json`), 'utf8'), 4000, 0.3),
  );
fromPkg('json', '@biomejs/biome', 'configuration_schema.json', 0.2);
fromPkg('json', 'wrangler', 'config-schema.json', 0.3);
fromPkg('json', 'vitest', 'package.json');
fromPkg('json', 'axe-core', 'locales/fr.json', 0.2, 4000, (t) => JSON.stringify(JSON.parse(t)));

// English Markdown documentation, code blocks included.
fromPkg('markdown_docs', '@biomejs/biome', 'README.md', 0, 4000);
fromPkg('markdown_docs', 'hono', 'README.md');
fromPkg('markdown_docs', 'marked', 'README.md');
fromPkg('markdown_docs', 'zod', 'README.md', 0.1);
fromPkg('markdown_docs', '@modelcontextprotocol/sdk', 'README.md', 0.2);
fromPkg('markdown_docs', 'minisearch', 'README.md', 0.3);

// Logs: Debian's package logs of this machine, and V8's GC trace of a real Node run.
add(
  'logs',
  'Debian 12 /var/log/dpkg.log (build machine)',
  excerpt(readFileSync('/var/log/dpkg.log', 'utf8'), 4000, 0.5),
);
add(
  'logs',
  'Debian 12 /var/log/alternatives.log (build machine)',
  excerpt(readFileSync('/var/log/alternatives.log', 'utf8'), 4000),
);
add(
  'logs',
  'Debian 12 /var/log/apt/history.log (build machine)',
  excerpt(readFileSync('/var/log/apt/history.log', 'utf8'), 4000, 0.3),
);
const gcTrace = execFileSync(process.execPath, [
  '--trace-gc',
  '-e',
  'let a=[];for(let i=0;i<4e5;i++){a.push({i,s:String(i).repeat(3)});if(a.length>5e4)a=[]}',
]).toString();
add('logs', `node ${process.version} --trace-gc of an allocation loop`, excerpt(gcTrace, 4000));

writeFileSync(
  join(import.meta.dirname, 'fixtures', 'held-out-texts.json'),
  `${JSON.stringify(texts, null, 1)}\n`,
);
console.log(texts.map((t) => `${t.kind}: ${t.source} (${t.text.length} chars)`).join('\n'));
