import { FALLBACK_MODEL } from './config-defaults.js';

/** Models by name, each with the upstream it goes to (undefined: the route's default). */
export type ModelAllowlist = ReadonlyMap<string, string | undefined>;

/** The allowlist settings as parsed: `MODELS`, `DEFAULT_MODEL`, `ALLOW_ANY_MODEL`. */
export interface AllowlistSettings {
  models: ModelAllowlist | undefined;
  defaultModel: ModelAllowlist | undefined;
  allowAnyModel: boolean;
}

/**
 * The model allowlist: `MODELS`, else exactly one model — the operator's `DEFAULT_MODEL`, or
 * {@link FALLBACK_MODEL} when neither is set — and no allowlist only with `ALLOW_ANY_MODEL=true`.
 * Settings that contradict each other are named in `problems` rather than one silently winning.
 */
export function modelAllowlist(settings: AllowlistSettings, problems: string[]): ModelAllowlist | undefined {
  const { models, defaultModel, allowAnyModel } = settings;
  if (defaultModel !== undefined && defaultModel.size !== 1) {
    problems.push('DEFAULT_MODEL names exactly one model (e.g. gpt-4o-mini); list several in MODELS instead');
  }
  if (defaultModel !== undefined && models !== undefined) {
    problems.push(
      'MODELS and DEFAULT_MODEL contradict each other: DEFAULT_MODEL is the one model allowed when MODELS is unset; remove one of them',
    );
  }
  for (const [name, value] of [
    ['MODELS', models],
    ['DEFAULT_MODEL', defaultModel],
  ] as const) {
    if (allowAnyModel && value !== undefined) {
      problems.push(`${name} and ALLOW_ANY_MODEL=true contradict each other: remove one of them`);
    }
  }
  if (allowAnyModel) return undefined;
  return models ?? defaultModel ?? new Map([[FALLBACK_MODEL, undefined]]);
}
