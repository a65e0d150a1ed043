// Test-only: a D1 database for `workerd serve` (bench/proxy-ttfb). workerd alone has no D1 binding (wrangler
// dev's Miniflare brings its own), and D1 is SQLite in a Durable Object: so here the database is a SQLite
// Durable Object, migrated from the migration text it is given, reached through a D1-shaped wrapper that
// waits `ms` each way, as far away as the other stores of the delayed bench Worker.
import { DurableObject } from 'cloudflare:workers';

/** One statement as it crosses to the object. */
interface Query {
  sql: string;
  params: unknown[];
}

interface QueryResult {
  results: Record<string, unknown>[];
  rowsRead: number;
  rowsWritten: number;
}

/** The database: one object, migrated on first use from `D1_MIGRATION` (the package's migration file). */
export class SqliteD1 extends DurableObject<{ D1_MIGRATION?: string }> {
  constructor(ctx: DurableObjectState, env: { D1_MIGRATION?: string }) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    const migrated = sql.exec("SELECT count(*) AS n FROM sqlite_master WHERE name = 'conversations'").one();
    if (migrated.n === 0) for (const statement of statementsOf(env.D1_MIGRATION ?? '')) sql.exec(statement);
  }

  /** Runs `batch` in one transaction, as D1's `batch` does; a statement that fails rolls it all back. */
  query(batch: Query[]): QueryResult[] {
    return this.ctx.storage.transactionSync(() =>
      batch.map(({ sql, params }) => {
        const cursor = this.ctx.storage.sql.exec(sql, ...params);
        const results = cursor.toArray();
        return { results, rowsRead: cursor.rowsRead, rowsWritten: cursor.rowsWritten };
      }),
    );
  }
}

/** The statements of a migration file: `--` comments dropped, split at `;`. */
function statementsOf(migration: string): string[] {
  return migration
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the transcripts and the dashboard call of D1, over the {@link SqliteD1} in `namespace`, `ms` away each way. */
export function delayedD1(namespace: DurableObjectNamespace<SqliteD1>, ms: number): D1Database {
  const run = async (batch: Query[]): Promise<QueryResult[]> => {
    await sleep(ms);
    const results = await namespace.get(namespace.idFromName('d1')).query(batch);
    await sleep(ms);
    return results;
  };
  const d1Result = (r: QueryResult) => ({
    success: true as const,
    results: r.results,
    meta: {
      duration: 0,
      size_after: 0,
      rows_read: r.rowsRead,
      rows_written: r.rowsWritten,
      last_row_id: 0,
      changed_db: r.rowsWritten > 0,
      changes: r.rowsWritten,
    },
  });
  class Statement {
    constructor(
      readonly sql: string,
      readonly params: unknown[] = [],
    ) {}
    bind(...params: unknown[]) {
      return new Statement(this.sql, params);
    }
    async all() {
      const [result] = await run([{ sql: this.sql, params: this.params }]);
      return d1Result(result!);
    }
    run() {
      return this.all();
    }
    async first(column?: string) {
      const row = (await this.all()).results[0];
      return row === undefined ? null : column === undefined ? row : (row[column] ?? null);
    }
    async raw() {
      return (await this.all()).results.map((row) => Object.values(row));
    }
  }
  const unsupported = (what: string) => () => {
    throw new Error(`${what} is not part of the bench's D1 stand-in`);
  };
  return {
    prepare: (sql: string) => new Statement(sql),
    batch: async (statements: Statement[]) =>
      (await run(statements.map(({ sql, params }) => ({ sql, params })))).map(d1Result),
    exec: unsupported('exec'),
    withSession: unsupported('withSession'),
    dump: unsupported('dump'),
  } as unknown as D1Database;
}
