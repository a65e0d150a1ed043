import { LocalModelUnavailableError } from '../model-errors.js';

/** What a local model needs from the browser. */
export interface LocalModelNeeds {
  /** For messages: the model's id. */
  model: string;
  requiredFeatures?: string[];
  /** GPU memory in MB; compared with `navigator.deviceMemory` (the only memory figure browsers give). */
  vramMB?: number;
  /** The largest GPU buffer the model allocates, compared with the adapter's limits. */
  bufferBytes?: number;
  /** Bytes still to download (0 when the weights are cached); compared with the free storage quota. */
  downloadBytes?: number;
}

/** The adapter found and the figures the checks used. */
export interface WebGPUReport {
  adapter: { vendor: string; architecture: string; description: string };
  features: string[];
  maxBufferSize: number;
  maxStorageBufferBindingSize: number;
  /** Free storage in bytes (quota − usage), when the browser says. */
  freeStorageBytes?: number;
}

interface GPUAdapterLike {
  features: Iterable<string>;
  limits: { maxBufferSize: number; maxStorageBufferBindingSize: number };
  info?: { vendor?: string; architecture?: string; description?: string };
}
interface NavigatorLike {
  gpu?: { requestAdapter(options?: { powerPreference?: string }): Promise<GPUAdapterLike | null> };
  deviceMemory?: number;
  storage?: { estimate(): Promise<{ quota?: number; usage?: number }> };
}

const FIX =
  'Use a remote model (fallback([webLLM(), openAICompatible(…)])) or a browser with WebGPU (Chrome/Edge 113+ on a machine with a GPU).';

/**
 * Checks up front that a local model can run here: WebGPU exists, an adapter is available, it has the
 * features and buffer limits the model needs, the device has the memory and the origin the storage
 * quota. Throws {@link LocalModelUnavailableError} naming the cause and the fix, before any download.
 */
export async function checkWebGPU(
  needs: LocalModelNeeds,
  nav: NavigatorLike | undefined = globalThis.navigator as NavigatorLike | undefined,
): Promise<WebGPUReport> {
  if (!nav?.gpu)
    throw new LocalModelUnavailableError(
      'no-webgpu',
      `The local model ${needs.model} needs WebGPU, which this browser does not offer. ${FIX}`,
    );
  const adapter = await nav.gpu.requestAdapter({ powerPreference: 'high-performance' }).catch(() => null);
  if (!adapter)
    throw new LocalModelUnavailableError(
      'no-adapter',
      `The local model ${needs.model} needs a WebGPU adapter, and this browser found none (GPU blocklisted, disabled, or no GPU). ${FIX}`,
    );
  const features = [...adapter.features];
  const missing = (needs.requiredFeatures ?? []).filter((feature) => !features.includes(feature));
  if (missing.length)
    throw new LocalModelUnavailableError(
      'missing-feature',
      `The local model ${needs.model} needs the WebGPU feature ${missing.join(', ')}, which this GPU lacks: use its q4f32 variant (e.g. ${needs.model.replace('q4f16', 'q4f32')}) or a remote model.`,
    );
  const { maxBufferSize, maxStorageBufferBindingSize } = adapter.limits;
  if (needs.bufferBytes && Math.min(maxBufferSize, maxStorageBufferBindingSize) < needs.bufferBytes)
    throw new LocalModelUnavailableError(
      'memory',
      `The local model ${needs.model} needs GPU buffers of ${mb(needs.bufferBytes)}, and this GPU allows ${mb(Math.min(maxBufferSize, maxStorageBufferBindingSize))}: choose a smaller model or a remote one.`,
    );
  if (needs.vramMB && nav.deviceMemory && nav.deviceMemory * 1024 < needs.vramMB)
    throw new LocalModelUnavailableError(
      'memory',
      `The local model ${needs.model} needs about ${Math.round(needs.vramMB)} MB of memory and this device reports ${nav.deviceMemory} GB: choose a smaller model or a remote one.`,
    );
  let freeStorageBytes: number | undefined;
  const estimate = await nav.storage?.estimate().catch(() => undefined);
  if (estimate?.quota !== undefined) freeStorageBytes = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  if (needs.downloadBytes && freeStorageBytes !== undefined && freeStorageBytes < needs.downloadBytes)
    throw new LocalModelUnavailableError(
      'quota',
      `The local model ${needs.model} needs ${mb(needs.downloadBytes)} of storage and this site may use ${mb(freeStorageBytes)} more: free space, clear this site's data, or use a remote model.`,
    );
  return {
    adapter: {
      vendor: adapter.info?.vendor ?? '',
      architecture: adapter.info?.architecture ?? '',
      description: adapter.info?.description ?? '',
    },
    features,
    maxBufferSize,
    maxStorageBufferBindingSize,
    ...(freeStorageBytes === undefined ? {} : { freeStorageBytes }),
  };
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}
