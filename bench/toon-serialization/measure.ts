// Bundled by index.ts (see bench/lib/import-bundled.ts) so @agent-chat/core runs from source.

import { o200kTokenCounter, serializeToolOutput } from '@agent-chat/core';
import { encode } from '@toon-format/toon';
import {
  analyticsTable,
  captured,
  customersTable,
  employeesTable,
  metricsTable,
  nestedDocument,
  ordersTable,
  repositoriesTable,
} from '../context-memory/fixtures.ts';
import { AGENT_CHAT, type BenchContext, type Measurement } from '../lib/benchmark.ts';
import { measureEstimateError } from './estimate-error.ts';

const MINIFIED = 'minified JSON (JSON.stringify)';
const TOON_DEFAULTS = 'TOON defaults, comma rows (@toon-format/toon encode)';
const CSV_FLOOR = 'CSV, unquoted (lossy floor for any row format)';

/**
 * The table as bare CSV: one header line, cells joined by commas, nothing quoted or typed. It loses
 * information (commas in cells, strings that look like numbers), so it is not an option to send; it is
 * the floor no row-per-line format can go under, which says how much of a table's cost is its values.
 */
function csvFloor(value: unknown): string {
  const rows = (Array.isArray(value) ? value : Object.values(value as object).find(Array.isArray)) as Array<
    Record<string, unknown>
  >;
  const header = Object.keys(rows[0] ?? {}).join(',');
  return [header, ...rows.map((row) => Object.values(row).join(','))].join('\n');
}

/** TOON negotiation vs minified JSON on flat and nested tool outputs, and the estimate's error. */
export async function measureToon(context: BenchContext): Promise<Measurement[]> {
  const counter = await o200kTokenCounter();
  const rows: Measurement[] = [];
  // Two suites of flat tables: our own real-shaped tool outputs (ISO timestamps with milliseconds,
  // e-mail addresses: values that cost the same in any format), and the three shapes of the TOON
  // project's flat-only benchmark. Both count towards the goal; each is reported on its own too.
  const ownFlat: Array<[string, unknown]> = [
    ['customers_100_rows', customersTable(100, 9)],
    ['orders_50_rows', ordersTable(50, 1)],
    ['orders_200_rows', { orders: ordersTable(200, 2) }],
    ['metrics_60_rows', metricsTable(60, 3)],
    [
      'structured_content_rows',
      captured.outputs.filter((o) => o.result.structuredContent).map((o) => o.result.structuredContent),
    ],
  ];
  const toonShapes: Array<[string, unknown]> = [
    ['employees_100_rows', employeesTable(100, 11)],
    ['analytics_90_days', analyticsTable(90, 12)],
    ['repositories_100_rows', { repositories: repositoriesTable(100, 13) }],
  ];
  const flat = [...ownFlat, ...toonShapes];
  const suiteOf = new Map<string, 'own' | 'toon_shapes'>([
    ...ownFlat.map(([name]) => [name, 'own'] as const),
    ...toonShapes.map(([name]) => [name, 'toon_shapes'] as const),
  ]);
  const totals = { own: { sent: 0, json: 0, csv: 0 }, toon_shapes: { sent: 0, json: 0, csv: 0 } };
  const nested: Array<[string, unknown]> = [
    ['nested_pull_request', nestedDocument(4)],
    ['nested_mcp_tools_list', captured.tools],
    ['nested_mcp_resource_links', captured.outputs.find((o) => o.tool === 'get-resource-links')?.result],
  ];
  let flatSent = 0;
  let flatJson = 0;
  for (const [kind, cases] of [
    ['flat', flat],
    ['nested', nested],
  ] as const) {
    for (const [name, value] of cases) {
      const out = serializeToolOutput(value, counter);
      const json = counter.count(JSON.stringify(value));
      rows.push({ subject: AGENT_CHAT, metric: `tokens_${name}`, value: out.tokens, unit: 'tokens' });
      rows.push({ subject: MINIFIED, metric: `tokens_${name}`, value: json, unit: 'tokens' });
      const saved = 1 - out.tokens / json;
      // The array header names the delimiter: [N] comma, [N\t] tab, [N|] pipe.
      const delimiter = /\[\d+(\t|\|)?\]/.exec(out.text)?.[1];
      const variant =
        out.format === 'toon'
          ? ` (${{ '\t': 'tab', '|': 'pipe' }[delimiter ?? ''] ?? 'comma'} rows, indent ${out.toon?.indentSize})`
          : '';
      context.log(
        `${name}: ${out.format}${variant}, ${out.tokens} vs ${json} tokens (${(saved * 100).toFixed(1)}% fewer)`,
      );
      if (kind === 'flat') {
        // The encoder's defaults (comma rows) alone, to show what choosing the delimiter per output buys.
        rows.push({
          subject: TOON_DEFAULTS,
          metric: `tokens_${name}`,
          value: counter.count(encode(value)),
          unit: 'tokens',
        });
        const csv = counter.count(csvFloor(value));
        rows.push({ subject: CSV_FLOOR, metric: `tokens_${name}`, value: csv, unit: 'tokens' });
        const suite = totals[suiteOf.get(name) ?? 'own'];
        suite.sent += out.tokens;
        suite.json += json;
        suite.csv += csv;
        flatSent += out.tokens;
        flatJson += json;
        if (saved < 0.35)
          context.log(
            `  ${name} misses the ≥ 35% goal (bare CSV: ${((1 - csv / json) * 100).toFixed(1)}% fewer)`,
          );
      }
      if (kind === 'nested' && out.tokens > json)
        context.fail(`${name}: negotiated output is larger than minified JSON`);
      if (kind === 'nested') {
        // Forcing TOON on nested data shows why negotiation matters.
        rows.push({
          subject: 'TOON forced (@toon-format/toon encode)',
          metric: `tokens_${name}`,
          value: counter.count(encode(value)),
          unit: 'tokens',
        });
      }
    }
  }

  const flatSaved = 1 - flatSent / flatJson;
  rows.push({
    subject: AGENT_CHAT,
    metric: 'fewer_tokens_flat_tables_total',
    value: Math.round(flatSaved * 1000) / 10,
    unit: '%',
  });
  context.log(
    `flat tables together: ${(flatSaved * 100).toFixed(1)}% fewer tokens than minified JSON (goal ≥ 35%)`,
  );
  for (const [suite, label] of [
    ['own', 'our real-shaped tool outputs'],
    ['toon_shapes', "the TOON benchmark's flat-track shapes"],
  ] as const) {
    const { sent, json, csv } = totals[suite];
    const percent = (tokens: number) => Math.round((1 - tokens / json) * 1000) / 10;
    rows.push({ subject: AGENT_CHAT, metric: `fewer_tokens_flat_${suite}`, value: percent(sent), unit: '%' });
    rows.push({ subject: CSV_FLOOR, metric: `fewer_tokens_flat_${suite}`, value: percent(csv), unit: '%' });
    context.log(`  ${label}: ${percent(sent)}% fewer (bare CSV, the floor: ${percent(csv)}%)`);
  }

  // The calibrated estimate used for non-OpenAI models: its error against o200k_base, held out.
  rows.push(...measureEstimateError(context, counter));
  return rows;
}
