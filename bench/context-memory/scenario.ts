// The scripted 30-turn conversation: each turn a question, one or two tool calls with real-shaped
// outputs, and an answer. Deterministic: the same messages every run.
import { seededRandom } from '../../packages/core/src/rag/testing/seeded-vectors.ts';
import { answerText, captured, metricsTable, nestedDocument, ordersTable, serviceLog } from './fixtures.ts';

interface ToolOutput {
  name: string;
  args: Record<string, unknown>;
  value: unknown;
}

const mcpText = (tool: string, n = 0) => {
  const found = captured.outputs.filter((o) => o.tool === tool)[n];
  if (!found) throw new Error(`fixture has no output of ${tool}`);
  return (
    found.result.structuredContent ?? found.result.content?.map((c) => c.text ?? `[${c.type}]`).join('\n')
  );
};

function outputsFor(turn: number): ToolOutput[] {
  switch (turn % 6) {
    case 0:
      return [{ name: 'query_orders', args: { month: '2026-10', page: turn }, value: ordersTable(50, turn) }];
    case 1:
      return [{ name: 'tail_logs', args: { service: 'sync', lines: 300 }, value: serviceLog(300, turn) }];
    case 2:
      return [
        {
          name: 'get-structured-content',
          args: { location: 'New York' },
          value: mcpText('get-structured-content'),
        },
        {
          name: 'get-annotated-message',
          args: { messageType: 'error' },
          value: mcpText('get-annotated-message'),
        },
      ];
    case 3:
      return [{ name: 'list_mcp_tools', args: { server: 'everything' }, value: captured.tools.tools }];
    case 4:
      return [{ name: 'host_metrics', args: { window: '5h' }, value: metricsTable(60, turn) }];
    default:
      return [
        { name: 'get-resource-links', args: { count: 10 }, value: mcpText('get-resource-links') },
        {
          name: 'read_resource',
          args: { uri: 'demo://resource/static/document/architecture.md' },
          value: captured.reads.map((r) => r.contents.map((c) => c.text ?? '').join('\n')).join('\n\n'),
        },
        { name: 'pull_request', args: { number: 42 }, value: nestedDocument(turn) },
      ];
  }
}

const QUESTIONS = [
  'Which orders from October look unusual, and why?',
  'Can you check the sync service logs for failures?',
  'What is the weather doing to deliveries in New York?',
  'Which tools does the everything server offer for this?',
  'How are the web hosts doing on CPU and latency?',
  'Summarise the architecture notes and the open pull request.',
];

/** One scripted turn: the question, the tool calls the model makes with their outputs, and its answer. */
export interface ScriptedTurnPlan {
  question: string;
  calls: Array<{ id: string; name: string; args: Record<string, unknown>; value: unknown }>;
  answer: string;
}

/** The 30 turns. */
export function scriptedConversation(turns = 30): ScriptedTurnPlan[] {
  const random = seededRandom(7);
  return Array.from({ length: turns }, (_, i) => {
    const turn = i + 1;
    return {
      question: `${QUESTIONS[i % QUESTIONS.length]} (turn ${turn})`,
      calls: outputsFor(turn).map((o, k) => ({ id: `call_${turn}_${k}`, ...o })),
      answer: answerText(120 + Math.floor(random() * 140), turn),
    };
  });
}
