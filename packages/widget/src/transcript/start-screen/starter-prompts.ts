/** A suggestion on the start screen: `label` is shown, `prompt` is sent when it is clicked. */
export interface StarterPrompt {
  label: string;
  prompt: string;
  /** A short text shown before the label, e.g. an emoji (decorative: hidden from screen readers). */
  icon?: string;
}

/** The `starter-prompts` value as a page sets it: JSON text (attribute) or an array (property). */
export type StarterPromptsInput = string | readonly (string | StarterPrompt)[];

let lastInput: unknown;
let lastPrompts: StarterPrompt[] = [];

/**
 * The prompts of a `starter-prompts` value: strings (label and prompt alike) or `{ label, prompt, icon? }`.
 * Malformed JSON or a value that is not an array gives no prompts and a console warning naming the
 * attribute; an entry of the wrong shape is skipped with a warning. Warns once per value, not per render.
 */
export function parseStarterPrompts(input: StarterPromptsInput | undefined): StarterPrompt[] {
  if (input === lastInput) return lastPrompts;
  lastInput = input;
  lastPrompts = parse(input);
  return lastPrompts;
}

function parse(input: StarterPromptsInput | undefined): StarterPrompt[] {
  if (input === undefined || input === null || input === '') return [];
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      console.warn(
        `<agent-chat>: the "starter-prompts" attribute is not valid JSON (${(error as Error).message}); no prompts are shown. Use e.g. ["Track my order", {"label": "Returns", "prompt": "How do I return an item?"}].`,
      );
      return [];
    }
  }
  if (!Array.isArray(value)) {
    console.warn('<agent-chat>: "starter-prompts" must be a JSON array; no prompts are shown.');
    return [];
  }
  const prompts: StarterPrompt[] = [];
  for (const entry of value as unknown[]) {
    const prompt = toPrompt(entry);
    if (prompt) prompts.push(prompt);
    else
      console.warn(
        '<agent-chat>: a "starter-prompts" entry is neither a string nor { label, prompt, icon? }; it is skipped:',
        entry,
      );
  }
  return prompts;
}

function toPrompt(entry: unknown): StarterPrompt | undefined {
  if (typeof entry === 'string') return entry.trim() ? { label: entry, prompt: entry } : undefined;
  if (!entry || typeof entry !== 'object') return undefined;
  const { label, prompt, icon } = entry as Record<string, unknown>;
  if (typeof label !== 'string' || !label.trim()) return undefined;
  const text = typeof prompt === 'string' && prompt.trim() ? prompt : label;
  return typeof icon === 'string' && icon ? { label, prompt: text, icon } : { label, prompt: text };
}
