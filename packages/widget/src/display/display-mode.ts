/** The display modes of `<agent-chat>`; anything else falls back to `inline`. */
export const DISPLAY_MODES = ['inline', 'launcher', 'panel'] as const;
const warned = new Set<string>();

/** The display mode of a `mode` attribute value; warns once per unknown value. */
export function displayMode(value: string | undefined): (typeof DISPLAY_MODES)[number] {
  const mode = value ?? 'inline';
  if ((DISPLAY_MODES as readonly string[]).includes(mode)) return mode as (typeof DISPLAY_MODES)[number];
  if (!warned.has(mode)) {
    warned.add(mode);
    console.warn(
      `<agent-chat>: unknown mode="${mode}", showing it inline; valid values: ${DISPLAY_MODES.join(', ')}.`,
    );
  }
  return 'inline';
}
