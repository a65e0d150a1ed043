import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * Where a data set kept outside the repository (`shared/data/<name>`, beside the repository) may be, in
 * order: `$AGENT_CHAT_DATA_DIR/<name>`, then `shared/data/<name>` beside the repository, beside the main
 * checkout of a git worktree (its common .git directory), beside the repository a local clone was made
 * from (its `origin`), and last `/work/shared/data/<name>`. So a fresh clone anywhere finds the data the
 * developer's checkout sits beside.
 */
export function sharedDataCandidates(root: string, name: string): string[] {
  const beside = (repo: string | undefined) => (repo ? join(repo, '..', 'shared', 'data', name) : undefined);
  const candidates = [
    process.env.AGENT_CHAT_DATA_DIR ? join(process.env.AGENT_CHAT_DATA_DIR, name) : undefined,
    beside(root),
    beside(mainCheckout(root)),
    beside(localOrigin(root)),
    join('/work', 'shared', 'data', name),
  ];
  return [
    ...new Set(candidates.filter((path): path is string => Boolean(path)).map((path) => resolve(path))),
  ];
}

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', root, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/** A worktree's main checkout: the folder holding its common .git directory. */
function mainCheckout(root: string): string | undefined {
  const common = git(root, ['rev-parse', '--git-common-dir']);
  return common ? dirname(resolve(root, common)) : undefined;
}

/** The repository a local clone came from, when `origin` is a path on this machine. */
function localOrigin(root: string): string | undefined {
  const url = git(root, ['remote', 'get-url', 'origin']);
  if (!url) return undefined;
  const path = url.startsWith('file://') ? url.slice('file://'.length) : url;
  if (!isAbsolute(path) || !existsSync(path)) return undefined;
  return path.endsWith('.git') && existsSync(join(path, '..', '.git')) ? dirname(path) : path;
}
