import { AGENT_CHAT, type BenchRow } from './benchmark.ts';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

/**
 * One Markdown table of all rows. Rows of one benchmark and metric are paired: our value beside each
 * peer's and the ratio agent-chat ÷ peer; a metric without a peer (or without us) gets one line with dashes.
 */
export function resultsTable(rows: readonly BenchRow[]): string {
  const lines = [
    '| bench | metric | agent-chat | peer | peer value | agent-chat ÷ peer |',
    '| --- | --- | ---: | --- | ---: | ---: |',
  ];
  for (const [key, group] of groupBy(rows, (row) => `${row.bench}\u0000${row.metric}`)) {
    const [bench, metric] = key.split('\u0000');
    const ours = group.find((row) => row.subject === AGENT_CHAT);
    const peers = group.filter((row) => row.subject !== AGENT_CHAT);
    const oursCell = ours ? formatValue(ours) : '—';
    if (peers.length === 0) lines.push(`| ${bench} | ${metric} | ${oursCell} | — | — | — |`);
    for (const peer of peers) {
      const ratio =
        ours && peer.value !== 0 && ours.unit === peer.unit
          ? `${(ours.value / peer.value).toFixed(2)}×`
          : '—';
      lines.push(
        `| ${bench} | ${metric} | ${oursCell} | ${peer.subject} | ${formatValue(peer)} | ${ratio} |`,
      );
    }
  }
  return lines.join('\n');
}

/** `12,345 bytes (12.1 KiB)`, `3.142 ms`. */
export function formatValue(row: Pick<BenchRow, 'value' | 'unit'>): string {
  const number = Number.isInteger(row.value) ? integer.format(row.value) : decimal.format(row.value);
  const kib = row.unit === 'bytes' && row.value >= 1024 ? ` (${(row.value / 1024).toFixed(1)} KiB)` : '';
  return `${number} ${row.unit}${kib}`;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
