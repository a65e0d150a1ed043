// The import graph of a package's sources, read by dpdm (type-only and dynamic imports included: a cycle
// through them still ties two files together for a reader), with the two checks the architecture tests make.
import { relative } from 'node:path';
import { type DependencyTree, parseCircular, parseDependencyTree } from 'dpdm';

export const repoRoot = new URL('../../', import.meta.url).pathname;

/** Every file of `dir` (repo-relative) and what it imports, keyed by repo-relative paths. */
export async function importGraph(dir: string, cwd = repoRoot): Promise<DependencyTree> {
  return parseDependencyTree(`${dir}/**/*.ts`, {
    cwd,
    context: cwd,
    transform: false,
    skipDynamicImports: false,
    exclude: /node_modules/,
    tsconfig: undefined,
  });
}

/** Import cycles of a graph, each as the list of files around it. */
export function cycles(graph: DependencyTree): string[][] {
  return parseCircular(graph, false);
}

/**
 * Imports from one folder of `root` into a folder later in `layers` (lower layers come first): each is
 * `from → to`. Folders not named in `layers`, and files at the top of `root`, are not checked.
 */
export function backwardImports(graph: DependencyTree, root: string, layers: readonly string[][]): string[] {
  const layerOf = (file: string): number | undefined => {
    const folder = relative(root, file).split('/')[0];
    const index = layers.findIndex((layer) => layer.includes(folder ?? ''));
    return index < 0 ? undefined : index;
  };
  const found: string[] = [];
  for (const [file, deps] of Object.entries(graph)) {
    if (!file.startsWith(root) || /\.test\.ts$/.test(file)) continue;
    const from = layerOf(file);
    for (const dep of deps ?? []) {
      if (!dep.id?.startsWith(root)) continue;
      const to = layerOf(dep.id);
      if (from !== undefined && to !== undefined && to > from) found.push(`${file} → ${dep.id}`);
    }
  }
  return found;
}

/**
 * Pairs of folders of `root` that import each other (each pair once, as `a ↔ b`), tests aside: two
 * folders that need each other are one concept split in two, whatever their layers.
 */
export function mutualFolders(graph: DependencyTree, root: string): string[] {
  const folderOf = (file: string): string | undefined => {
    const parts = relative(root, file).split('/');
    return parts.length > 1 ? parts[0] : undefined;
  };
  const arrows = new Set<string>();
  for (const [file, deps] of Object.entries(graph)) {
    if (!file.startsWith(root) || /\.test\.ts$/.test(file)) continue;
    const from = folderOf(file);
    for (const dep of deps ?? []) {
      const to = dep.id?.startsWith(root) ? folderOf(dep.id) : undefined;
      if (from && to && from !== to) arrows.add(`${from} ${to}`);
    }
  }
  return [...arrows]
    .map((arrow) => arrow.split(' '))
    .filter(([from = '', to = '']) => from < to && arrows.has(`${to} ${from}`))
    .map(([from, to]) => `${from} ↔ ${to}`)
    .sort();
}
