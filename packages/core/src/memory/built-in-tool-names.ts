/**
 * Names of the tools memory adds to a run, kept apart from the tools themselves so that checking for a
 * clash (in createAgent) does not pull the memory code into every page's bundle.
 */
export const RETRIEVE_FULL_CONTEXT = 'retrieve_full_context';
