import {
  imageGenerator,
  type PythonFile,
  type PythonInterpreterTool,
  pyodideCdnURL,
  pythonInterpreter,
  type Tool,
} from '@agent-chat/core';

/** The element's settings that turn on core's built-in tools. */
export interface BuiltInToolSettings {
  proxyUrl: string | undefined;
  /** Attribute `code-interpreter`: the `python` tool. */
  codeInterpreter: boolean;
  /** Attribute `pyodide-url`: where Pyodide's files are served; default the Pyodide CDN. */
  pyodideUrl: string | undefined;
  /**
   * Attribute `pyodide-packages-url`: where packages load from, or `none`; default the Pyodide CDN at the
   * runtime's version. One on the page's own origin is refused by core (a `ConfigurationError`).
   */
  pyodidePackagesUrl: string | undefined;
  /** Attribute `image-model`: the `generate_image` tool through the proxy's images route. */
  imageModel: string | undefined;
}

/**
 * The `python` and `generate_image` tools of an element configured by attributes, built when their
 * attributes change and otherwise kept (the same array each time, so the agent is not rebuilt, and the
 * same interpreter, so Python state lasts the conversation). A new conversation gets a fresh interpreter.
 */
export class BuiltInTools {
  readonly #files: () => PythonFile[];
  #key = '';
  #tools: readonly Tool[] = [];
  #python: PythonInterpreterTool | undefined;
  #conversation: string | undefined;

  constructor(files: () => PythonFile[]) {
    this.#files = files;
  }

  /** The tools for these settings, in `conversationId`. */
  tools(settings: BuiltInToolSettings, conversationId: string | undefined): readonly Tool[] {
    const proxy = settings.proxyUrl?.trim().replace(/\/+$/, '');
    const image = settings.imageModel?.trim();
    const packages = settings.pyodidePackagesUrl?.trim() || undefined;
    const key = JSON.stringify([proxy, settings.codeInterpreter, settings.pyodideUrl, packages, image]);
    if (key !== this.#key) {
      this.#python?.reset();
      this.#python = settings.codeInterpreter
        ? pythonInterpreter({
            // A script-tag page cannot resolve the `pyodide` package: the CDN unless the site hosts the files.
            indexURL: settings.pyodideUrl?.trim() || pyodideCdnURL(),
            ...(packages ? { packageIndexURL: packages } : {}),
            files: this.#files,
          })
        : undefined;
      const tools: Tool[] = [];
      if (this.#python) tools.push(this.#python);
      if (image && proxy) tools.push(imageGenerator({ baseURL: `${proxy}/v1`, model: image }));
      this.#tools = tools;
      this.#key = key;
    } else if (conversationId !== this.#conversation) this.#python?.reset();
    this.#conversation = conversationId;
    return this.#tools;
  }

  /** Ends the interpreter (the element left the page). */
  dispose(): void {
    this.#python?.reset();
  }
}
