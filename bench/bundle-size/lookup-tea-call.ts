/** The OpenAI-style stream chunks of a model turn that calls `lookup_tea` for Sencha (then waits for its result). */
export const LOOKUP_TEA_CALL_CHUNKS = [
  {
    choices: [
      {
        index: 0,
        delta: {
          role: 'assistant',
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: 'lookup_tea', arguments: '{"name":"Sencha"}' },
            },
          ],
        },
      },
    ],
  },
  { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
];
