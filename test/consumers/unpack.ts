import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Unpacks a tarball into a temporary folder and returns the package folder (`package/` inside it). */
export function unpack(tarball: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-chat-unpacked-'));
  execFileSync('tar', ['-xzf', tarball, '-C', dir]);
  return join(dir, 'package');
}
