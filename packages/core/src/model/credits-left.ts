/**
 * Credits left after a model call, from the usage headers of the agent-chat proxy
 * (`X-Credits-Remaining`, `X-Credits-Limit`, `X-Credits-Cost`, `X-Credits-Reset`), carried on `usage`.
 */
export interface CreditsLeft {
  remaining: number;
  limit?: number;
  /** What this call cost. */
  cost?: number;
  /** When the credits reset (ISO time). */
  resetAt?: string;
}
