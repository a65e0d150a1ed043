import type { ToolCall, Usage } from '@agent-chat/core';

/** What a caller must get from one recorded stream, read off the recording by hand. */
export interface Expected {
  reasoning: string;
  text: string;
  toolCalls: ToolCall[];
  usage: Usage | undefined;
  finish: string | undefined;
  /** Anthropic thinking blocks that must travel back unchanged. */
  blocks?: unknown[];
}

const usage = (
  inputTokens: number,
  outputTokens: number,
  totalTokens = inputTokens + outputTokens,
): Usage => ({
  inputTokens,
  outputTokens,
  totalTokens,
});

const GCD_ANSWER =
  '# Finding GCD(1071, 462) Using the Euclidean Algorithm\n\n## Step 1: Divide 1071 by 462\n$$1071 = 2 \\times 462 + 147$$\n(since 2 × 462 = 924, and 1071 − 924 = 147)\n\n## Step 2: Divide 462 by 147\n$$462 = 3 \\times 147 + 21$$\n(since 3 × 147 = 441, and 462 − 441 = 21)\n\n## Step 3: Divide 147 by 21\n$$147 = 7 \\times 21 + 0$$\n(since 7 × 21 = 147, remainder is 0)\n\n## Conclusion\nSince the remainder is now 0, the algorithm stops. The last non-zero remainder is **21**.\n\n$$\\gcd(1071, 462) = 21$$\n\n**Verification:** \n- 1071 = 21 × 51 ✓\n- 462 = 21 × 22 ✓';
const GCD_THINKING =
  "I'm working through the Euclidean algorithm to find the GCD of 1071 and 462, applying successive division until I reach a remainder of zero, which gives me 21 as the greatest common divisor.";
const DIVIDE_THINKING = 'The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185';

/** Every recorded stream (path under test/fixtures/provider-streams/) and its expected outcome. */
export const RECORDED: Array<{ file: string; expected: Expected }> = [
  {
    file: 'deepseek/reasoning-length.sse',
    expected: { reasoning: 'We need', text: '', toolCalls: [], usage: usage(87, 2), finish: 'length' },
  },
  {
    file: 'deepseek/live-usage.sse',
    expected: { reasoning: '', text: 'sanitized', toolCalls: [], usage: usage(88, 4), finish: 'length' },
  },
  {
    file: 'mistral/magistral-reasoning.sse',
    expected: {
      reasoning: 'The user is asking for 2+2. This is basic arithmetic. 2+2=4.',
      text: '2 + 2 = 4',
      toolCalls: [],
      usage: usage(10, 46),
      finish: 'stop',
    },
  },
  {
    file: 'mistral/thinking-parts-mixed.sse',
    expected: {
      reasoning:
        'Okay, the user is asking for the product of 17 and 23. I need to calculate this multiplication. Let me break it down:\n\nFirst, I recall that 17 multiplied by 20 is 340 (since 17 * 20 = 340).\nThen, I need to add 17 multiplied by 3, which is 51 (since 17 * 3 = 51).\nNow, add these two results together: 340 + 51 = 391.\n\nSo, 17 * 23 = 391.',
      text: '391',
      toolCalls: [],
      usage: usage(28, 139),
      finish: 'stop',
    },
  },
  {
    file: 'mistral/tool-call.sse',
    expected: {
      reasoning: '',
      text: '',
      toolCalls: [{ id: 'gSIMJiOkT', name: 'weather', arguments: '{"location": "San Francisco"}' }],
      usage: usage(124, 22),
      finish: 'tool-calls',
    },
  },
  {
    file: 'mistral/incremental-tool-call.sse',
    expected: {
      reasoning: '',
      text: '',
      toolCalls: [
        {
          id: 'chatcmpl-tool-9f149c74c42f265b',
          name: 'webSearchTool',
          arguments: '{"query": "current Berlin weather"}',
        },
      ],
      usage: usage(171, 14),
      finish: 'tool-calls',
    },
  },
  {
    file: 'mistral/usage-raw-live.sse',
    expected: { reasoning: '', text: 'OK', toolCalls: [], usage: usage(19, 2), finish: 'stop' },
  },
  {
    file: 'xai/grok-reasoning-text.sse',
    // xAI's total_tokens counts the hidden reasoning tokens too (12 + 1 + 290).
    expected: {
      reasoning: 'First, the user said',
      text: 'Hello',
      toolCalls: [],
      usage: usage(12, 1, 303),
      finish: 'stop',
    },
  },
  {
    file: 'xai/grok-reasoning-tool-call.sse',
    expected: {
      reasoning: 'First, the user is',
      text: '',
      toolCalls: [{ id: 'call_55117580', name: 'weather', arguments: '{"location":"San Francisco"}' }],
      usage: usage(291, 26, 513),
      finish: 'tool-calls',
    },
  },
  {
    file: 'xai/gateway-provider-metadata.sse',
    expected: { reasoning: '', text: 'OK', toolCalls: [], usage: usage(675, 1), finish: 'stop' },
  },
  {
    file: 'groq/tool-call.sse',
    expected: {
      reasoning: '',
      text: '',
      toolCalls: [{ id: 'tk85n1k4m', name: 'weather', arguments: '{}' }],
      usage: usage(210, 15),
      finish: 'tool-calls',
    },
  },
  {
    file: 'groq/json-tool-call.sse',
    expected: {
      reasoning: '',
      text: '',
      toolCalls: [{ id: 'ax9fskhew', name: 'json', arguments: '{"value":"Sparkle Day"}' }],
      usage: usage(45, 20),
      finish: 'tool-calls',
    },
  },
  {
    file: 'azure-openai/gpt-5-nano-text.sse',
    expected: {
      reasoning: '',
      text: 'Capital of Denmark.',
      toolCalls: [],
      usage: usage(15, 78),
      finish: 'stop',
    },
  },
  {
    file: 'anthropic/text.sse',
    expected: {
      reasoning: '',
      text: "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
      toolCalls: [],
      usage: usage(12, 30),
      finish: 'stop',
    },
  },
  {
    file: 'anthropic/thinking-signature.sse',
    expected: {
      reasoning: DIVIDE_THINKING,
      text: '925 ÷ 5 = 185',
      toolCalls: [],
      usage: usage(69, 53),
      finish: 'stop',
      blocks: [
        {
          type: 'thinking',
          thinking: DIVIDE_THINKING,
          signature:
            'EvQBCkYICxgCKkAxhD4NUKFzudtZ6NzbZdEiBACIScTzqjPViM596iWLZIk4EFKYYBj3B6Ptl3b0dcQv/VeJBNbejNWIWRBn+KPNEgz6HWtKx7p+QRgKsEoaDGjsiqfht7gTRFYHiyIwD1VSmNqHxv3wy8KEMP+LYb/TC4UH3H97tuoaADARFFcA0phdfxnzKQxFnc9lwY+dKlzUsaKSUAFeu1bDL5ikZJ1vL0Fkz6JjoFke0L/wOJRIUDUlDUOFJ1tZ3ea7g6LGE/5hwuvWgLwewdcm64d+43l7F57XrOmqNd6flI2K/oPr/4yzNgvi/EhT6Ca17BgB',
        },
      ],
    },
  },
  {
    file: 'anthropic/thinking-summarized.sse',
    expected: {
      reasoning: GCD_THINKING,
      text: GCD_ANSWER,
      toolCalls: [],
      usage: usage(47, 373),
      finish: 'stop',
      blocks: [
        {
          type: 'thinking',
          thinking: GCD_THINKING,
          signature:
            'EsECCokBCBAYAipA9i3HF1aHpQITkdN8OvLd33gdPZEyLKJA9EvxTXumYzG5xgpLkCYbGOTUkjuimP/4sMuSvrTX1hLxRAhUtlZnJzIPY2xhdWRlLXNvbm5ldC01OABCCHRoaW5raW5nWiQzYjkzYTVkZC03MzAyLTQ4M2YtYWVhZS0zNjIwNzU1NDhhZTESDAbvSPk/+y/ldBqv6BoMOCYOaXUugWqs6kXXIjBQ973isavJRdWK+d8zBKNmf0l9l9StDUo6wz8ZJrP8abCvbRLiPjjKLqPZaJUTcG4qZTHhVwzkEB7BbnEr2qzxHut5kzxg7E5rD5hCZHbjCwAYtMeAPZJOo8jigNCG2O745nj6veI330HlHPvUtHunqKgGqmnSilo4ucvTVAqF0qr0BkXSwZq2JlnKeXmFLtlg+1I6L4oPGAE=',
        },
      ],
    },
  },
  {
    file: 'anthropic/tool-no-args.sse',
    expected: {
      reasoning: '',
      text: "I'll update the issue list for you.",
      toolCalls: [{ id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', name: 'updateIssueList', arguments: '{}' }],
      usage: usage(565, 48),
      finish: 'tool-calls',
    },
  },
  {
    file: 'anthropic/refusal.sse',
    expected: { reasoning: '', text: '', toolCalls: [], usage: usage(18, 5), finish: 'content-filter' },
  },
];
