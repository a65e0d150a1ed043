// The limits both loops of bench/model-mistakes get (no imports: index.ts reads them unbundled).

/** Model calls (steps) each loop may make per task: agent-chat `limits.maxTurns`, AI SDK `stepCountIs`. */
export const TURN_BUDGET = 8;
/** The idle limit both loops get: agent-chat `timeouts.idleMs`, AI SDK `timeout.firstChunkMs` + `chunkMs`. */
export const IDLE_MS = 1_000;
/** A task that has not ended after this long counts as hung. */
export const HANG_MS = 20_000;
