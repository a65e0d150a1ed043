// What a document names in its code spans (`like this`): file paths and code symbols, and which of them
// the repository does not have. A path resolves against the document's folder, the repo root, a package or
// its src/, or (a bare name or folder) any tracked file; `x.js` also resolves to its source `x.ts`. Build
// outputs (under `dist/`, `.wrangler/`) and bare extensions (`.d.ts`) are not checked. A symbol must occur
// as a word in the sources or configs.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const FILE = /^[\w.@/-]*[\w-]\.(?:ts|tsx|js|mjs|cjs|json|jsonc|md|sh|html|css|toml|ya?ml|txt|wasm|onnx)$/;
const FOLDER = /^[\w.-]+(?:\/[\w.-]+)*\/$/;
const SYMBOL = /^(?:[a-z$_][\w$]*[A-Z][\w$]*|[A-Z][a-z][\w$]*[a-z][\w$]*)(?:\(\))?$/;

/** The code spans of a Markdown text, outside fenced blocks. */
export function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return [...prose.matchAll(/(`+)([^`\n]+?)\1/g)].map((m) => m[2]!.trim());
}

export interface Repo {
  root: string;
  files: readonly string[];
  /** Every word of the sources (packages, test, bench, scripts, examples). */
  words: ReadonlySet<string>;
}

export function readRepo(root: string): Repo {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\n')
    .filter(Boolean);
  const words = new Set<string>();
  for (const file of files) {
    // (Not this check's own tests, which name missing symbols on purpose.)
    if (
      !/\.(?:ts|tsx|js|mjs|html|svelte|vue|json|jsonc)$/.test(file) ||
      /node_modules\/|^test\/architecture\//.test(file)
    )
      continue;
    for (const word of readFileSync(join(root, file), 'utf8').match(/[\w$]+/g) ?? []) words.add(word);
  }
  return { root, files, words };
}

/** The paths and symbols a document at `doc` (repo-relative) names that the repository does not have. */
export function missingReferences(repo: Repo, doc: string, markdown: string): string[] {
  const packages = [
    ...new Set(
      repo.files.filter((f) => f.startsWith('packages/')).map((f) => f.split('/').slice(0, 2).join('/')),
    ),
  ];
  const bases = ['', dirname(doc), ...packages, ...packages.map((p) => `${p}/src`)];
  const tracked = new Set(repo.files);
  const isFolder = (path: string) => repo.files.some((f) => f.startsWith(path));
  const hasPath = (span: string): boolean => {
    const path = span.replace(/^\.\//, '');
    if (/(^|\/)(dist|\.wrangler)\//.test(path) || /^\.[^/]*$/.test(path)) return true;
    if (path.endsWith('.js') && hasPath(path.replace(/\.js$/, '.ts'))) return true;
    // An installed package's files (`node_modules/pyodide/`), where the doc's package or the root has it.
    if (path.startsWith('node_modules/'))
      return bases.some((base) => existsSync(join(repo.root, base, path)));
    for (const base of bases) {
      const full = normalize(join(base, path));
      if (path.endsWith('/') ? isFolder(full) : tracked.has(full)) return true;
    }
    // A bare name (`token-counter.ts`, `context/`) names a file or folder anywhere.
    return path.endsWith('/')
      ? repo.files.some((f) => f.includes(`/${path}`) || f.startsWith(path))
      : repo.files.some((f) => f === path || f.endsWith(`/${path}`));
  };
  const missing: string[] = [];
  for (const span of new Set(codeSpans(markdown))) {
    if (FILE.test(span) || FOLDER.test(span)) {
      if (!span.startsWith('@') && !hasPath(span)) missing.push(span);
    } else if (SYMBOL.test(span) && !repo.words.has(span.replace(/\(\)$/, ''))) missing.push(span);
  }
  return missing;
}
