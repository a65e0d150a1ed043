import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const widget = resolve(import.meta.dirname, '../../packages/widget');
// The analyzer resolves --outdir against its working directory, so the fresh manifest goes below it.
const outDir = 'node_modules/.cem-check';
const out = join(widget, outDir);

interface Declaration {
  tagName?: string;
  attributes?: Array<{ name: string }>;
  events?: Array<{ name: string }>;
  cssParts?: Array<{ name: string }>;
  cssProperties?: Array<{ name: string }>;
}

/** The <agent-chat> declaration of a manifest. */
function element(manifest: { modules: Array<{ declarations?: Declaration[] }> }): Declaration {
  const found = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'agent-chat');
  if (!found) throw new Error('custom-elements.json has no <agent-chat> declaration');
  return found;
}

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('<agent-chat> docs', () => {
  const committed = JSON.parse(readFileSync(join(widget, 'custom-elements.json'), 'utf8'));

  it('ships a custom-elements.json that matches the source tags', () => {
    // The analyzer also writes the manifest's path into package.json: keep the real one.
    const packageJson = join(widget, 'package.json');
    const manifestOfPackage = readFileSync(packageJson, 'utf8');
    try {
      analyze();
    } finally {
      writeFileSync(packageJson, manifestOfPackage);
    }
    const fresh = JSON.parse(readFileSync(join(out, 'custom-elements.json'), 'utf8'));
    // Run `pnpm --filter @agent-chat/widget manifest` when this fails.
    expect(committed).toEqual(fresh);
    expect(JSON.parse(manifestOfPackage).customElements).toBe('custom-elements.json');
  });

  function analyze(): void {
    execFileSync(
      process.execPath,
      [
        join(widget, 'node_modules/@custom-elements-manifest/analyzer/cem.js'),
        'analyze',
        '--litelement',
        '--globs',
        'src/element/agent-chat.component.ts',
        'src/element/agent-chat.attributes.ts',
        '--outdir',
        outDir,
      ],
      { cwd: widget, stdio: 'pipe' },
    );
  }

  it('documents every attribute, event, part and custom property in the README', () => {
    const readme = readFileSync(join(widget, 'README.md'), 'utf8');
    const el = element(committed);
    const names = [
      ...(el.attributes ?? []).map((a) => a.name),
      ...(el.events ?? []).map((e) => e.name),
      ...(el.cssParts ?? []).map((p) => p.name),
      ...(el.cssProperties ?? []).map((p) => p.name),
    ];
    expect(names.length).toBeGreaterThan(60);
    expect(names.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('declares exactly the parts the templates use', () => {
    const src = join(widget, 'src');
    const used = new Set<string>();
    // Feature folders too; parts set on DOM nodes (`setAttribute('part', …)`) as well as in templates.
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test'),
    );
    for (const file of files)
      for (const [, value, set] of readFileSync(join(src, file), 'utf8').matchAll(
        /\bpart="([^"$]+)"|setAttribute\('part', '([^']+)'\)/g,
      ))
        for (const name of (value ?? set)!.split(/\s+/)) used.add(name);
    const declared = new Set((element(committed).cssParts ?? []).map((p) => p.name));
    expect([...used].filter((n) => !declared.has(n)).sort()).toEqual([]);
    expect([...declared].filter((n) => !used.has(n)).sort()).toEqual([]);
  });

  it('keeps the element file to its wiring: at most 300 lines (each concern lives in a controller or view)', () => {
    const lines =
      readFileSync(join(widget, 'src/element/agent-chat.component.ts'), 'utf8').split('\n').length - 1;
    expect(lines).toBeLessThanOrEqual(300);
  });
});
