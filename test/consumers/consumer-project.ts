// A fresh npm project in the system temp folder (outside the workspace, so nothing resolves from it).
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A temporary project; `remove()` deletes it. */
export interface ConsumerProject {
  dir: string;
  /** Runs a command in the project; rejects with its output when it fails. */
  exec(command: string, args: string[], env?: Record<string, string>): Promise<string>;
  remove(): void;
}

/**
 * Creates a project with `packageJson` and `files` (path → content, or a folder to copy with `from`),
 * then `npm install`s it. Tarballs are given as `file:` dependencies; one npm cache is shared by all.
 */
export async function createConsumerProject(
  name: string,
  packageJson: Record<string, unknown>,
  files: Record<string, string | { from: string }> = {},
): Promise<ConsumerProject> {
  const dir = mkdtempSync(join(tmpdir(), `agent-chat-${name}-`));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, ...packageJson }, null, 2));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    if (typeof content === 'string') writeFileSync(join(dir, path), content);
    else cpSync(content.from, join(dir, path), { recursive: true });
  }
  const exec = async (command: string, args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await run(command, args, {
        cwd: dir,
        env: { ...process.env, NODE_ENV: 'production', ...env },
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout + stderr;
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`${command} ${args.join(' ')} failed in ${dir}:\n${stdout}\n${stderr}`);
    }
  };
  const project = { dir, exec, remove: () => rmSync(dir, { recursive: true, force: true }) };
  try {
    // No install scripts: none of our packages needs one, and downloads of binaries are not possible here.
    const started = Date.now();
    await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts']);
    console.log(`[consumers] npm install of ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    project.remove();
    throw error;
  }
  return project;
}

/** A dependency entry for a packed tarball. */
export const tarball = (path: string) => `file:${path}`;
