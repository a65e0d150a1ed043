import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../..');

/** A proxy config with transcripts' D1 binding, and the local state dir its database was migrated in. */
export interface TranscriptsProxy {
  /** Pass as `config` to startProxyDev. */
  config: string;
  /** Pass as `persistTo` to startProxyDev. */
  persistTo: string;
}

/**
 * Writes, in `dir`, a wrangler config like packages/proxy's plus the `TRANSCRIPTS_DB` D1 binding with the
 * shipped migrations, and migrates its local database with the README's command (`wrangler d1 migrations
 * apply TRANSCRIPTS_DB --local`), so `wrangler dev --persist-to` serves a migrated database.
 */
export async function transcriptsProxy(dir: string): Promise<TranscriptsProxy> {
  const config = join(dir, 'wrangler.json');
  const persistTo = join(dir, 'state');
  writeFileSync(
    config,
    JSON.stringify({
      name: 'agent-chat-proxy-transcripts',
      main: join(root, 'packages/proxy/src/worker.ts'),
      compatibility_date: '2026-11-01',
      durable_objects: { bindings: [{ name: 'USAGE', class_name: 'UsageCounter' }] },
      migrations: [{ tag: 'v1', new_sqlite_classes: ['UsageCounter'] }],
      d1_databases: [
        {
          binding: 'TRANSCRIPTS_DB',
          database_name: 'agent-chat-transcripts',
          database_id: '00000000-0000-4000-8000-000000000043',
          migrations_dir: join(root, 'packages/proxy/migrations'),
        },
      ],
    }),
  );
  await d1([
    'migrations',
    'apply',
    'TRANSCRIPTS_DB',
    '--local',
    '--config',
    config,
    '--persist-to',
    persistTo,
  ]);
  return { config, persistTo };
}

/** Rows in each transcript table of the local database, read with `wrangler d1 execute --local`. */
export async function transcriptRowCounts(proxy: TranscriptsProxy): Promise<Record<string, number>> {
  const tables = ['conversations', 'messages', 'calls', 'feedback'];
  const query = `SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ')}`;
  const output = await d1([
    'execute',
    'TRANSCRIPTS_DB',
    '--local',
    '--config',
    proxy.config,
    '--persist-to',
    proxy.persistTo,
    '--json',
    '--command',
    query,
  ]);
  const [result] = JSON.parse(output.slice(output.indexOf('['))) as { results: Record<string, number>[] }[];
  return result!.results[0]!;
}

async function d1(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(root, 'node_modules/wrangler/bin/wrangler.js'), 'd1', ...args],
    {
      cwd: join(root, 'packages/proxy'),
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: '1' },
    },
  );
  return stdout;
}
