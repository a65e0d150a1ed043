import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Version of a package as installed where Node would resolve it from `fromDir` (its package.json). */
export function installedVersion(packageName: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', packageName, 'package.json');
    if (existsSync(manifest))
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    if (dirname(dir) === dir)
      throw new Error(
        `${packageName} is not installed for ${fromDir}: run pnpm install (it is in bench/package.json).`,
      );
  }
}

/** A peer subject name: `package@version`, several joined by ` + `. */
export function peerSubject(fromDir: string, ...packageNames: string[]): string {
  return packageNames.map((name) => `${name}@${installedVersion(name, fromDir)}`).join(' + ');
}
