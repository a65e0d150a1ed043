// Real-shaped tool outputs for the context benchmarks: outputs captured from MCP server-everything
// (fixtures/mcp-everything.json, see capture-mcp-outputs.ts), plus tabular JSON and long logs made
// by a seeded generator so every run measures the same bytes.
import { seededRandom } from '../../packages/core/src/rag/testing/seeded-vectors.ts';
import capturedJson from './fixtures/mcp-everything.json' with { type: 'json' };

interface Captured {
  outputs: Array<{
    tool: string;
    args: unknown;
    result: { content?: Array<{ type: string; text?: string }>; structuredContent?: unknown };
  }>;
  tools: { tools: unknown[] };
  resources: { resources: unknown[] };
  reads: Array<{ contents: Array<{ uri: string; text?: string }> }>;
}

/** The captured server-everything session. */
export const captured = capturedJson as unknown as Captured;

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
const CITIES = ['Lyon', 'Osaka', 'Austin', 'Porto', 'Leeds', 'Gdańsk', 'Tartu', 'Quito'];
const TEAS = ['Sencha', 'Gyokuro', 'Matcha', 'Longjing', 'Bancha', 'Hojicha', 'Genmaicha', 'Kukicha'];
const STATUS = ['shipped', 'pending', 'delivered', 'returned'];

/** A flat table: orders as an API returns them. */
export function ordersTable(rows: number, seed: number): Array<Record<string, string | number | boolean>> {
  const random = seededRandom(seed);
  return Array.from({ length: rows }, (_, i) => ({
    id: `ord_${(10_000 + i * 7 + Math.floor(random() * 5)).toString(36)}`,
    customer: `cust_${Math.floor(random() * 9000 + 1000)}`,
    product: pick(random, TEAS),
    quantity: Math.floor(random() * 12) + 1,
    unitPrice: Math.round(random() * 4000) / 100,
    city: pick(random, CITIES),
    status: pick(random, STATUS),
    giftWrap: random() < 0.2,
    createdAt: new Date(Date.UTC(2026, 9, 1) + Math.floor(random() * 30 * 864e5)).toISOString(),
  }));
}

/** A flat table of customer records (string-heavy, as a CRM search returns them). */
export function customersTable(rows: number, seed: number): Array<Record<string, string | number | boolean>> {
  const random = seededRandom(seed);
  const first = ['Ada', 'Bo', 'Chen', 'Dana', 'Emeka', 'Fatima', 'Goran', 'Hana', 'Ines', 'Jonas'];
  const last = ['Lovelace', 'Nakamura', 'Okafor', 'Silva', 'Novak', 'Haddad', 'Berg', 'Costa'];
  return Array.from({ length: rows }, (_, i) => {
    const name = `${pick(random, first)} ${pick(random, last)}`;
    return {
      id: 1000 + i,
      name,
      email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
      city: pick(random, CITIES),
      plan: pick(random, ['free', 'tea-club', 'wholesale']),
      active: random() < 0.8,
      since: new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 700) * 864e5).toISOString().slice(0, 10),
    };
  });
}

/** A flat table of metrics rows (numbers-heavy). */
export function metricsTable(rows: number, seed: number): Array<Record<string, string | number>> {
  const random = seededRandom(seed);
  return Array.from({ length: rows }, (_, i) => ({
    ts: new Date(Date.UTC(2026, 10, 1, 0, i * 5)).toISOString(),
    host: `web-${Math.floor(random() * 6) + 1}`,
    cpu: Math.round(random() * 1000) / 10,
    memMb: Math.floor(random() * 4096),
    p95Ms: Math.round(random() * 9000) / 10,
    errors: Math.floor(random() * random() * 8),
  }));
}

// The three table shapes of the TOON project's published flat-only token benchmark (its −35.2% vs
// compact JSON is where the goal comes from), regenerated here from the field lists it
// documents so both suites can be measured with the same code: employee records, daily web analytics,
// and popular GitHub repositories.

/** Employee records: id, name, e-mail, department, salary, years of experience, active. */
export function employeesTable(rows: number, seed: number): Array<Record<string, string | number | boolean>> {
  const random = seededRandom(seed);
  const first = ['Alice', 'Bilal', 'Carmen', 'Deepa', 'Erik', 'Femi', 'Grace', 'Hiro', 'Ivana', 'Jamal'];
  const last = ['Anders', 'Baptiste', 'Chowdhury', 'Dubois', 'Eriksen', 'Fofana', 'Gallo', 'Hayashi'];
  const departments = ['Engineering', 'Sales', 'Marketing', 'Finance', 'Operations', 'Support', 'Legal'];
  return Array.from({ length: rows }, (_, i) => {
    const name = `${pick(random, first)} ${pick(random, last)}`;
    return {
      id: i + 1,
      name,
      email: `${name.toLowerCase().replace(' ', '.')}@company.example`,
      department: pick(random, departments),
      salary: 45_000 + Math.floor(random() * 110) * 1000,
      yearsExperience: Math.floor(random() * 25),
      active: random() < 0.85,
    };
  });
}

/** Daily web analytics: date, views, clicks, conversions, revenue, bounce rate. */
export function analyticsTable(days: number, seed: number): Array<Record<string, string | number>> {
  const random = seededRandom(seed);
  return Array.from({ length: days }, (_, i) => {
    const views = 2000 + Math.floor(random() * 8000);
    const clicks = Math.floor(views * (0.02 + random() * 0.08));
    const conversions = Math.floor(clicks * (0.05 + random() * 0.15));
    return {
      date: new Date(Date.UTC(2026, 8, 1) + i * 864e5).toISOString().slice(0, 10),
      views,
      clicks,
      conversions,
      revenue: Math.round(conversions * (20 + random() * 80) * 100) / 100,
      bounceRate: Math.round((0.3 + random() * 0.4) * 100) / 100,
    };
  });
}

/** Popular repositories as the GitHub search API lists them (description, timestamps, counters). */
export function repositoriesTable(rows: number, seed: number): Array<Record<string, string | number>> {
  const random = seededRandom(seed);
  const owners = ['acme', 'openlab', 'tealeaf', 'northwind', 'quarkdev', 'lumen-io', 'fjord', 'kestrel'];
  const topics = ['web framework', 'vector database', 'terminal emulator', 'static site generator', 'ORM'];
  const traits = ['fast', 'type-safe', 'minimal', 'batteries-included', 'zero-config', 'embeddable'];
  const langs = ['TypeScript', 'Rust', 'Go', 'Python', 'Zig'];
  const when = (from: number, spanDays: number) =>
    new Date(from + Math.floor(random() * spanDays * 864e5)).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return Array.from({ length: rows }, (_, i) => {
    const owner = pick(random, owners);
    const name = `${pick(random, traits)}-${pick(random, topics).split(' ')[0]}-${i}`;
    const stars = Math.floor(5000 + random() * random() * 200_000);
    return {
      id: 10_000_000 + Math.floor(random() * 700_000_000),
      name,
      repo: `${owner}/${name}`,
      description: `A ${pick(random, traits)} ${pick(random, topics)} written in ${pick(random, langs)}.`,
      createdAt: when(Date.UTC(2012, 0, 1), 4000),
      updatedAt: when(Date.UTC(2026, 9, 1), 50),
      pushedAt: when(Date.UTC(2026, 9, 1), 50),
      stars,
      watchers: Math.floor(stars / (8 + random() * 30)),
      forks: Math.floor(stars / (5 + random() * 20)),
      defaultBranch: random() < 0.7 ? 'main' : 'master',
    };
  });
}

/** Nested data where TOON has no table to exploit. */
export function nestedDocument(seed: number): unknown {
  const random = seededRandom(seed);
  return {
    repository: { owner: 'agent-chat', name: 'core', stars: Math.floor(random() * 5000) },
    pull: {
      number: 42,
      title: 'Dual-track memory',
      labels: ['memory', 'context'],
      author: { login: 'ada', association: 'MEMBER' },
      checks: {
        lint: { status: 'success', durationS: 31 },
        test: { status: 'failure', failed: ['idb.test.ts'] },
      },
      reviews: [
        { by: 'bob', state: 'APPROVED', comments: [{ path: 'memory/idb.ts', line: 12, body: 'Nice.' }] },
        { by: 'cy', state: 'CHANGES_REQUESTED', notes: { blocking: true, reason: 'migration untested' } },
      ],
    },
  };
}

/** A long service log with a few warnings and one failure. */
export function serviceLog(lines: number, seed: number): string {
  const random = seededRandom(seed);
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const ts = new Date(Date.UTC(2026, 10, 21, 9, 0, i)).toISOString();
    const r = random();
    if (i === Math.floor(lines * 0.7))
      out.push(
        `${ts} ERROR worker-3 job=sync-${i} failed: ECONNRESET upstream inventory-api after 3 retries`,
      );
    else if (r < 0.06)
      out.push(
        `${ts} WARN  worker-${Math.floor(r * 50)} slow query orders.by_city took ${Math.floor(r * 9000)}ms`,
      );
    else
      out.push(
        `${ts} INFO  worker-${Math.floor(random() * 4)} GET /api/orders?page=${i % 17} 200 ${Math.floor(random() * 80)}ms bytes=${Math.floor(random() * 90000)}`,
      );
  }
  return out.join('\n');
}

/** Sentences of a plausible assistant answer, deterministic per seed. */
export function answerText(words: number, seed: number): string {
  const random = seededRandom(seed);
  const parts = [
    'The orders table shows that most shipments leave within two days',
    'Sencha and Gyokuro account for the majority of revenue this month',
    'returns are concentrated in one city, which suggests a courier problem',
    'the p95 latency spike lines up with the ECONNRESET failure in the sync worker',
    'I recommend retrying the sync job with a longer timeout and checking the upstream inventory API',
    'gift wrapping is chosen in roughly one order in five',
    'the structured weather data confirms humid conditions that may delay deliveries',
    'no customer appears more than twice in the sample, so there is no obvious fraud pattern',
  ];
  const out: string[] = [];
  let count = 0;
  while (count < words) {
    const sentence = `${pick(random, parts)}.`;
    out.push(sentence.charAt(0).toUpperCase() + sentence.slice(1));
    count += sentence.split(' ').length;
  }
  return `## Findings\n\n${out.join(' ')}\n\n- Next step: ${pick(random, parts)}.`;
}
