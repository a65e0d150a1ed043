// The token estimate's error against o200k_base: on the fixtures it was first fitted on, and per kind on
// held-out real texts (fixtures/held-out-texts.json). The refit's weights come from the fixtures plus the
// held-out `fit` half; the held-out `test` half is never fitted on and is where the shipped weights are judged.
import { estimateTokenCounter, type TokenCounter } from '@agent-chat/core';
import { ESTIMATE_WEIGHTS, estimateFeatures } from '../../packages/core/src/context/token-counter.ts';
import { AGENT_CHAT, type BenchContext, type Measurement } from '../lib/benchmark.ts';
import { type EstimateText, fittingTexts, heldOutTexts, type TextKind } from './estimate-texts.ts';
import { fitWeights } from './fit-estimate.ts';

const KINDS: TextKind[] = ['code', 'non_english_prose', 'json', 'markdown_docs', 'logs'];
/** The weights before the held-out refit (fitted on the bench fixtures alone), judged on the same texts. */
const PREVIOUS_WEIGHTS = [0.248, 1.9, 0.266, 0, 0, 0.6, 0.6];
const PREVIOUS = 'previous estimate (fitted on the bench fixtures only)';

const countWith = (weights: readonly number[], text: string) =>
  Math.ceil(estimateFeatures(text).reduce((sum, f, i) => sum + f * weights[i]!, 0));
const pct = (value: number) => Math.round(value * 1000) / 10;

export function measureEstimateError(context: BenchContext, exact: TokenCounter): Measurement[] {
  const estimate = estimateTokenCounter();
  const errorOf = (count: (text: string) => number) => (text: string) =>
    Math.abs(count(text) - exact.count(text)) / exact.count(text);
  const error = errorOf((text) => estimate.count(text));
  const previousError = errorOf((text) => countWith(PREVIOUS_WEIGHTS, text));
  const meanOf = (err: (text: string) => number) => (texts: readonly string[]) =>
    texts.reduce((sum, t) => sum + err(t), 0) / texts.length;
  const mean = meanOf(error);
  const previousMean = meanOf(previousError);
  const rows: Measurement[] = [];
  const row = (metric: string, value: number, previous?: number) => {
    rows.push({ subject: AGENT_CHAT, metric, value: pct(value), unit: '%' });
    if (previous !== undefined) rows.push({ subject: PREVIOUS, metric, value: pct(previous), unit: '%' });
  };

  const fixtures = fittingTexts();
  const heldOut = heldOutTexts();
  const test = heldOut.filter((t) => t.split === 'test');
  const testTexts = test.map((t) => t.text);
  row('estimate_mean_abs_error_pct_fitting_fixtures', mean(fixtures), previousMean(fixtures));
  row('estimate_mean_abs_error_pct_held_out_test', mean(testTexts), previousMean(testTexts));
  row(
    'estimate_max_abs_error_pct_held_out_test',
    Math.max(...testTexts.map(error)),
    Math.max(...testTexts.map(previousError)),
  );
  for (const kind of KINDS) {
    const ofKind = (texts: EstimateText[]) => texts.filter((t) => t.kind === kind).map((t) => t.text);
    row(`estimate_mean_abs_error_pct_held_out_test_${kind}`, mean(ofKind(test)), previousMean(ofKind(test)));
    context.log(
      `estimate on held-out ${kind}: ${(mean(ofKind(test)) * 100).toFixed(1)}% mean abs error on the test half ` +
        `(${ofKind(test).length} texts; previous weights ${(previousMean(ofKind(test)) * 100).toFixed(1)}%), ` +
        `previous weights on all ${ofKind(heldOut).length} held-out texts: ${(previousMean(ofKind(heldOut)) * 100).toFixed(1)}%`,
    );
  }
  context.note(
    `Token estimate vs o200k_base, mean absolute error on held-out texts never used for fitting (the test half): ` +
      `${KINDS.map((kind) => `${kind.replaceAll('_', ' ')} ${(mean(test.filter((t) => t.kind === kind).map((t) => t.text)) * 100).toFixed(1)}%`).join(', ')}; ` +
      `${(mean(testTexts) * 100).toFixed(1)}% overall (the weights fitted on the bench fixtures alone: ` +
      `${(previousMean(testTexts) * 100).toFixed(1)}%; on all held-out texts before the refit ${(previousMean(heldOut.map((t) => t.text)) * 100).toFixed(1)}%).`,
  );
  for (const t of test)
    context.log(
      `  ${t.kind} ${t.source}: ${(((estimate.count(t.text) - exact.count(t.text)) / exact.count(t.text)) * 100).toFixed(1)}%`,
    );

  // The weights a fit on the fitting data gives today: they must be the shipped ones, or the figures
  // above are not those of a fit that never saw the test half.
  const fitted = fitWeights(
    [...fixtures, ...heldOut.filter((t) => t.split === 'fit').map((t) => t.text)].map((text) => ({
      features: estimateFeatures(text),
      tokens: exact.count(text),
    })),
  );
  context.log(
    `weights fitted on the fixtures + held-out fit half: [${fitted.join(', ')}]; shipped: [${ESTIMATE_WEIGHTS.join(', ')}]`,
  );
  if (fitted.some((w, i) => Math.abs(w - ESTIMATE_WEIGHTS[i]!) > 0.0015))
    context.fail(
      'the shipped ESTIMATE_WEIGHTS are not the fit on the fitting data; update packages/core/src/context/token-counter.ts',
    );
  return rows;
}
