// The texts the token estimate is judged on. `fittingTexts` are what its coefficients were first fitted
// on (the bench fixtures); `heldOutTexts` are real public texts it was never fitted on, by kind
// (fixtures/held-out-texts.json, see collect-held-out.ts), split in two: `fit` (used by the refit in
// fit-estimate.ts) and `test` (never used for fitting; the refit is judged on it alone).
import { encode } from '@toon-format/toon';
import {
  analyticsTable,
  answerText,
  captured,
  customersTable,
  employeesTable,
  metricsTable,
  nestedDocument,
  ordersTable,
  repositoriesTable,
  serviceLog,
} from '../context-memory/fixtures.ts';
import heldOut from './fixtures/held-out-texts.json' with { type: 'json' };

export type TextKind = 'code' | 'non_english_prose' | 'json' | 'markdown_docs' | 'logs';

export interface EstimateText {
  kind: TextKind;
  source: string;
  text: string;
  /** Held-out texts only: which half (alternating within each kind). */
  split?: 'fit' | 'test';
}

/** The bench fixtures the estimate was originally fitted on (tables as JSON and TOON, nested JSON, a log, prose). */
export function fittingTexts(): string[] {
  const flat = [
    customersTable(100, 9),
    ordersTable(50, 1),
    { orders: ordersTable(200, 2) },
    metricsTable(60, 3),
    captured.outputs.filter((o) => o.result.structuredContent).map((o) => o.result.structuredContent),
    employeesTable(100, 11),
    analyticsTable(90, 12),
    { repositories: repositoriesTable(100, 13) },
  ];
  const nested = [
    nestedDocument(4),
    captured.tools,
    captured.outputs.find((o) => o.tool === 'get-resource-links')?.result,
  ];
  return [
    ...flat.map((v) => JSON.stringify(v)),
    ...flat.map((v) => encode(v)),
    ...nested.map((v) => JSON.stringify(v)),
    serviceLog(200, 5),
    answerText(200, 6),
    ...captured.reads.map((r) => JSON.stringify(r)),
  ];
}

/** The held-out texts with their split. */
export function heldOutTexts(): EstimateText[] {
  const seen = new Map<string, number>();
  return (heldOut as Array<Omit<EstimateText, 'split'>>).map((t) => {
    const index = seen.get(t.kind) ?? 0;
    seen.set(t.kind, index + 1);
    return { ...t, split: index % 2 === 0 ? 'fit' : 'test' };
  });
}
