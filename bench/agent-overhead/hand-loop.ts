// The floor of bench/agent-overhead: the least code that does the same job as the two frameworks — a
// streamed OpenAI Chat Completions tool loop written by hand with fetch and a line-by-line SSE parser.
// It sends the whole conversation and the tool list every turn, streams text out, assembles tool calls
// from their fragments, runs the tool and loops until the model answers without calling one. No retries,
// no validation, no events: what a careful user writes when they need nothing else.

/** One tool as the hand loop knows it: an OpenAI function spec and a function to run. */
export interface HandTool {
  spec: { type: 'function'; function: { name: string; description: string; parameters: object } };
  run(args: Record<string, unknown>): unknown;
}

interface WireCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** Runs the loop for `prompt`; `onText` gets every streamed text delta. Returns the number of model turns. */
export async function handLoop(
  baseURL: string,
  prompt: string,
  tools: Record<string, HandTool>,
  onText: (text: string) => void,
  maxTurns = 20,
): Promise<number> {
  const messages: object[] = [{ role: 'user', content: prompt }];
  const specs = Object.values(tools).map((t) => t.spec);
  for (let turn = 1; turn <= maxTurns; turn++) {
    const response = await fetch(`${baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
      body: JSON.stringify({ model: 'scripted', stream: true, messages, tools: specs }),
    });
    if (!response.ok || !response.body) throw new Error(`model answered ${response.status}`);
    let text = '';
    const calls: WireCall[] = [];
    let buffer = '';
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += decoder.decode(read.value, { stream: true });
      let end = buffer.indexOf('\n');
      while (end !== -1) {
        const line = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf('\n');
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') continue;
        const delta = JSON.parse(data).choices?.[0]?.delta;
        if (delta?.content) {
          text += delta.content;
          onText(delta.content);
        }
        for (const part of delta?.tool_calls ?? []) {
          if (!calls[part.index])
            calls[part.index] = { id: '', type: 'function', function: { name: '', arguments: '' } };
          const call = calls[part.index]!;
          if (part.id) call.id = part.id;
          if (part.function?.name) call.function.name += part.function.name;
          if (part.function?.arguments) call.function.arguments += part.function.arguments;
        }
      }
    }
    if (calls.length === 0) return turn;
    messages.push({ role: 'assistant', content: text || null, tool_calls: calls });
    for (const call of calls) {
      const tool = tools[call.function.name];
      const result = tool
        ? tool.run(JSON.parse(call.function.arguments))
        : `unknown tool ${call.function.name}`;
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
    }
  }
  throw new Error(`no answer after ${maxTurns} turns`);
}
