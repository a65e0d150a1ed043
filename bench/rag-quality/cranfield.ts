import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One Cranfield abstract. */
export interface CranfieldDoc {
  id: string;
  title: string;
  text: string;
}

/** The collection: documents, queries (numbered 1..225 in file order) and graded judgements. */
export interface Cranfield {
  docs: CranfieldDoc[];
  queries: string[];
  /** qrels[q] maps doc id → grade (higher = more relevant) for query q+1. */
  qrels: Map<string, number>[];
}

/** Splits a Cranfield file into records of `.X` fields, keyed by field letter. */
function records(text: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  let field = '';
  for (const line of text.split(/\r?\n/)) {
    const marker = /^\.([ITABW])\b ?(.*)$/.exec(line);
    if (marker?.[1] === 'I') {
      out.push({ I: marker[2]!.trim() });
      field = '';
    } else if (marker) field = marker[1]!;
    else if (field && out.length > 0) {
      const record = out[out.length - 1]!;
      record[field] = `${record[field] ?? ''}${line}\n`;
    }
  }
  return out;
}

/** Reads ../shared/data/cranfield (see its README): the corrected TREC-format judgements. */
export function loadCranfield(dir: string): Cranfield {
  const docs = records(readFileSync(join(dir, 'cran.all.1400'), 'utf8')).map((r) => ({
    id: r.I!,
    title: (r.T ?? '').trim(),
    text: (r.W ?? '').trim(),
  }));
  const queries = records(readFileSync(join(dir, 'cran.qry'), 'utf8')).map((r) => (r.W ?? '').trim());
  const qrels = queries.map(() => new Map<string, number>());
  for (const line of readFileSync(join(dir, 'QRelsCorrectedforTRECeval'), 'utf8').split('\n')) {
    const [query, , doc, rel] = line.trim().split(/\s+/);
    if (!query || !doc || !rel) continue;
    const grade = Number(rel);
    if (grade > 0) qrels[Number(query) - 1]?.set(doc, grade);
  }
  return { docs, queries, qrels };
}
