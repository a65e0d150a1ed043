/** What one model call cost in context, before and after compression (003_… §4.1). */
export interface CallEfficiency {
  runId: string;
  turn: number;
  model: string;
  /** Tokens the full history plus the current turn would have cost. */
  rawTokens: number;
  /** Tokens actually sent. */
  sentTokens: number;
  /** sent ÷ raw: lower is better; 1 means nothing was saved. */
  ratio: number;
  /** How the context was built: `full`, `dual-track`, or the compaction strategies applied, joined by `+`. */
  method: string;
  /** Input cost of the sent tokens, and of the raw ones, when an input price is configured. */
  costUsd?: number;
  rawCostUsd?: number;
  /** Whether the rolling compression ratio had degraded when this call was recorded. */
  drift: boolean;
}

/** Options of {@link efficiencyLog}. */
export interface EfficiencyLogOptions {
  /** Calls in the rolling window; default 20. */
  window?: number;
  /** Drift needs the window's mean ratio above this (less than 40% saved, 003_… §4.2); default 0.6. */
  threshold?: number;
  /** …and worse than the best window mean seen so far by more than this; default 0.15. */
  tolerance?: number;
  /** Calls whose raw context is smaller than this are not compressible enough to judge; default 4000 tokens. */
  minRawTokens?: number;
  /** USD per million input tokens, to put a cost on each call. */
  inputPricePerMillion?: number;
  /** Keeps at most this many records (oldest dropped); default 1000. */
  maxRecords?: number;
}

/** The run log of context efficiency: one record per model call, with a drift flag. */
export interface EfficiencyLog {
  readonly records: readonly CallEfficiency[];
  record(call: Omit<CallEfficiency, 'ratio' | 'drift' | 'costUsd' | 'rawCostUsd'>): CallEfficiency;
  /** True when the rolling compression ratio has degraded (see {@link efficiencyLog}). */
  drift(): boolean;
}

/**
 * Creates an efficiency log. Drift (003_… §4.2) means the compression ratio *degraded*: the rolling
 * mean over the last `window` calls with at least `minRawTokens` of context is above `threshold` and
 * worse than the best rolling mean seen before by more than `tolerance`. A young conversation, whose
 * recent window is still sent verbatim, has not compressed yet and so never counts as drift.
 */
export function efficiencyLog(options: EfficiencyLogOptions = {}): EfficiencyLog {
  const { window = 20, threshold = 0.6, tolerance = 0.15, minRawTokens = 4000, maxRecords = 1000 } = options;
  const records: CallEfficiency[] = [];
  let best = Infinity;
  const rollingMean = () => {
    const recent = records.filter((r) => r.rawTokens >= minRawTokens).slice(-window);
    return recent.length < window ? undefined : recent.reduce((sum, r) => sum + r.ratio, 0) / recent.length;
  };
  const drift = () => {
    const mean = rollingMean();
    return mean !== undefined && mean > threshold && mean - best > tolerance;
  };
  return {
    records,
    drift,
    record(call) {
      const ratio = call.rawTokens > 0 ? Math.round((call.sentTokens / call.rawTokens) * 1000) / 1000 : 1;
      const price = options.inputPricePerMillion;
      const entry: CallEfficiency = {
        ...call,
        ratio,
        ...(price === undefined
          ? {}
          : { costUsd: (call.sentTokens * price) / 1e6, rawCostUsd: (call.rawTokens * price) / 1e6 }),
        drift: false,
      };
      records.push(entry);
      if (records.length > maxRecords) records.splice(0, records.length - maxRecords);
      entry.drift = drift();
      best = Math.min(best, rollingMean() ?? Infinity);
      return entry;
    },
  };
}
