import { MissingDependencyError } from './missing-dependency-error.js';

/**
 * The engines core loads only when a feature needs them. They are optional peer dependencies: an app
 * installs the ones it uses, and its build works without the others.
 */
export type OptionalPackage =
  | '@huggingface/transformers'
  | '@mlc-ai/web-llm'
  | '@opentelemetry/api'
  | 'pdfjs-dist'
  | 'pyodide'
  | 'voy-search';

/**
 * Checks that an optional package's module has `exportName`, else throws {@link MissingDependencyError}.
 *
 * Each call site keeps its literal `import('<package>')` inside its own `try` block and calls this on the
 * result. Together with the packages' `peerDependenciesMeta` entries this keeps apps that do not install
 * the package building: webpack reports a missing import inside `try` as a warning, Vite resolves an
 * absent optional peer to a module that throws when loaded, esbuild leaves it for run time.
 */
export function requireExport<T>(
  module: unknown,
  exportName: string,
  packageName: OptionalPackage,
  feature: string,
): T {
  const value = (module as Record<string, unknown> | undefined)?.[exportName];
  if (value === undefined)
    throw new MissingDependencyError(
      packageName,
      feature,
      new Error(`the loaded module has no export "${exportName}"`),
    );
  return module as T;
}
