import { AgentChatError } from './errors.js';

/**
 * An optional peer dependency a feature needs is not installed (or failed to load); the message names
 * the package and the command that adds it. See `requireExport` in missing-dependency.ts for how core
 * loads these packages without breaking the builds of apps that do not install them.
 */
export class MissingDependencyError extends AgentChatError {
  /** The npm package to install, e.g. `@mlc-ai/web-llm`. */
  readonly packageName: string;
  /** `npm i <package>`. */
  readonly installCommand: string;

  constructor(packageName: string, feature: string, cause?: unknown) {
    const installCommand = `npm i ${packageName}`;
    const reason = cause instanceof Error ? ` (${cause.message.replace(/\.+$/, '')})` : '';
    super(
      'missing_dependency',
      `${feature} needs the optional package "${packageName}", which could not be loaded${reason}; install it (${installCommand}) and build again.`,
      { cause },
    );
    this.packageName = packageName;
    this.installCommand = installCommand;
  }
}
