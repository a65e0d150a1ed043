import { AgentChatError } from '../../errors.js';

/** The Python interpreter could not start: no browser page, runtime files not reachable, Pyodide failed. */
export class PythonUnavailableError extends AgentChatError {
  constructor(reason: string, cause?: unknown) {
    super(
      'python_unavailable',
      `The Python interpreter could not start: ${reason}. Check that the files of the npm package "pyodide" are served at the interpreter's indexURL.`,
      { cause, isRetryable: true },
    );
  }
}

/** A Python call ran past its time limit; its worker was ended, and with it the session's state. */
export class PythonTimeoutError extends AgentChatError {
  constructor(timeoutMs: number) {
    super(
      'tool_timeout',
      `The Python code ran longer than ${timeoutMs / 1000} s and was stopped. The interpreter was restarted, so variables, imports and files from earlier calls are gone. Make the code faster or work on less data.`,
      { isRetryable: true },
    );
  }
}
