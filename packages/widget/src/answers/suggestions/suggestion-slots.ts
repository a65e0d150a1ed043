/**
 * What the element renders under the conversation for its follow-up suggestions (attribute `suggestions`):
 * set by the lazy suggestions chunk once it has some, read by the element's template. Kept in the main
 * entry as a few bytes, so pages without suggestions never load their code.
 */
export const suggestionSlots = new WeakMap<object, () => unknown>();
