import { defineTool, type Tool } from '../tool.js';
import type { ToolOutput } from '../tool-output.js';
import { type PythonInterpreterOptions, resolvePythonOptions } from './python-options.js';
import type { PythonSession } from './python-session.js';

/** The `python` tool with control over its session. */
export interface PythonInterpreterTool extends Tool<{ code: string }, ToolOutput> {
  /** Ends the interpreter (call it when the conversation changes); the next call starts a fresh one. */
  reset(): void;
}

const DESCRIPTION =
  "Runs Python 3 code in a sandbox in the user's browser and returns what it prints, the value of the last expression, tracebacks, and files it writes to the current folder (/scratch): .csv files come back as tables, .png and .svg as images shown to the user. Files the user attached are at /data/<name>. Variables and imports persist between calls unless a result says the session was restarted. There is no network access.";

/**
 * A code interpreter for the model: Python (Pyodide) in a worker with an opaque origin, started inside a
 * sandboxed iframe, so model-written code cannot read the page's cookies, storage or DOM nor call the
 * site with the visitor's credentials. Each call has a timeout that ends the worker (the next call gets a
 * fresh one); output is capped. Pyodide is loaded only on the first call.
 *
 * @example
 * const python = pythonInterpreter({ indexURL: '/pyodide/', files: () => attachments });
 * const agent = createAgent({ model, tools: [python] });
 */
export function pythonInterpreter(options: PythonInterpreterOptions = {}): PythonInterpreterTool {
  const resolved = resolvePythonOptions(options);
  let session: Promise<PythonSession> | undefined;
  const packages =
    resolved.packageIndexURL === null
      ? ' Only the standard library is available.'
      : ' Packages of the Pyodide distribution (numpy, pandas, matplotlib…) load when imported.';
  const tool = defineTool({
    name: 'python',
    description: DESCRIPTION + packages,
    parameters: {
      type: 'object',
      properties: {
        code: {
          type: 'string',
          description: 'Python source; top-level await works, and the last expression is returned.',
        },
      },
      required: ['code'],
      additionalProperties: false,
    },
    execute: async ({ code }: { code: string }, context) => {
      session ??= import('./python-session.js').then((module) => new module.PythonSession(resolved));
      return (await session).run(code, context.signal);
    },
  });
  return {
    ...tool,
    reset: () => {
      session?.then((s) => s.reset());
    },
  };
}
