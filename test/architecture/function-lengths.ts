// The length in lines of every function of a folder's sources (declarations, methods, arrows), read with
// the TypeScript compiler's parser.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface FunctionLength {
  /** `file:line name`. */
  where: string;
  lines: number;
}

/** Every function in the non-test `.ts` files below `dir`, longest first. */
export function functionLengths(dir: string, root: string): FunctionLength[] {
  const found: FunctionLength[] = [];
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.d.ts')) continue;
    const path = join(dir, file);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
        found.push({ where: `${relative(root, path)}:${start + 1} ${name}`, lines: end - start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines);
}
