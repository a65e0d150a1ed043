import { requireExport } from '../missing-dependency.js';
import { MissingDependencyError } from '../missing-dependency-error.js';
import { normalized } from './normalize.js';
import { IndexCorruptError, RagInputError } from './rag-errors.js';
import type { VectorHit, VectorIndex, VectorRecord } from './vector-index.js';

/** Options of {@link voyIndex}. */
export interface VoyIndexOptions {
  dimensions: number;
  /**
   * The bytes of `voy-search/voy_search_bg.wasm`. voy-search ships it as an ES-module WASM import that
   * only some bundlers handle, so it is passed in: e.g. `fetch(wasmUrl).then((r) => r.arrayBuffer())`
   * with `import wasmUrl from 'voy-search/voy_search_bg.wasm?url'` (Vite).
   */
  wasm: () => Promise<BufferSource>;
}

type VoyModule = typeof import('voy-search');
type VoyInstance = InstanceType<VoyModule['Voy']>;
interface VoyBindings {
  Voy: VoyModule['Voy'];
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
}

// voy-search's wasm-bindgen glue holds one module-wide WASM instance: instantiating a second one would
// break every index made with the first, so the first load is shared by all voyIndex() calls.
let loaded: Promise<VoyModule['Voy']> | undefined;

async function loadVoy(wasm: VoyIndexOptions['wasm']): Promise<VoyModule['Voy']> {
  loaded ??= (async () => {
    // voy-search is an optional peer dependency; the `try` keeps apps that do not install it building.
    let module: unknown;
    try {
      // @ts-expect-error -- voy-search's wasm-bindgen glue has no type declarations of its own
      module = await import('voy-search/voy_search_bg.js');
    } catch (error) {
      throw new MissingDependencyError('voy-search', 'voyIndex()', error);
    }
    const bindings = requireExport<VoyBindings>(module, 'Voy', 'voy-search', 'voyIndex()');
    const { instance } = await WebAssembly.instantiate(await wasm(), {
      './voy_search_bg.js': bindings as never,
    });
    bindings.__wbg_set_wasm(instance.exports);
    return bindings.Voy;
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

const resource = (id: string, vector: Float32Array) => ({
  id,
  title: '',
  url: '',
  embeddings: Array.from(vector),
});

/**
 * A {@link VectorIndex} over voy-search (a k-d tree in WASM). Kept for compatibility and comparison;
 * {@link flatIndex} is faster at embedding dimensions and stores ~10× fewer bytes. voy returns no
 * scores, so this adapter keeps each vector to compute the cosine of the hits it returns.
 */
export function voyIndex(options: VoyIndexOptions): VectorIndex {
  const { dimensions } = options;
  if (typeof options.wasm !== 'function')
    throw new RagInputError('voyIndex: pass `wasm`, a function returning the bytes of voy_search_bg.wasm.');
  const vectors = new Map<string, Float32Array>();
  let voy: VoyInstance | undefined;
  const instance = async () => {
    voy ??= new (await loadVoy(options.wasm))();
    return voy;
  };
  const score = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * b[i]!, 0);

  return {
    kind: 'voy',
    dimensions,
    size: () => vectors.size,
    has: (id) => vectors.has(id),
    ids: () => [...vectors.keys()],
    async add(records: readonly VectorRecord[]) {
      const units = records.map((r) => normalized(r.vector, dimensions, `voyIndex.add: vector "${r.id}"`));
      const index = await instance();
      const replaced = records.filter((r) => vectors.has(r.id));
      if (replaced.length > 0)
        index.remove({ embeddings: replaced.map((r) => resource(r.id, vectors.get(r.id)!)) });
      records.forEach((r, i) => {
        vectors.set(r.id, units[i]!);
      });
      index.add({ embeddings: records.map((r, i) => resource(r.id, units[i]!)) });
    },
    async remove(ids) {
      const present = ids.filter((id) => vectors.has(id));
      if (present.length > 0)
        (await instance()).remove({ embeddings: present.map((id) => resource(id, vectors.get(id)!)) });
      for (const id of present) vectors.delete(id);
      return present.length;
    },
    async search(query, k): Promise<VectorHit[]> {
      const unit = normalized(query, dimensions, 'voyIndex.search: the query vector');
      if (vectors.size === 0) return [];
      const { neighbors } = (await instance()).search(unit, k);
      return neighbors.map(({ id }) => ({ id, score: vectors.has(id) ? score(unit, vectors.get(id)!) : 0 }));
    },
    async save() {
      return new TextEncoder().encode((await instance()).serialize()).buffer as ArrayBuffer;
    },
    async load(snapshot) {
      const Voy = await loadVoy(options.wasm);
      const text = new TextDecoder().decode(snapshot);
      let next: VoyInstance;
      let read: Map<string, Float32Array>;
      try {
        // Parse in JS first: voy panics (and may poison its WASM instance) on malformed JSON.
        read = readVectors(text, dimensions);
        next = Voy.deserialize(text);
      } catch (error) {
        throw new IndexCorruptError('voy-search could not read it', error);
      }
      voy?.free();
      voy = next;
      vectors.clear();
      for (const [id, vector] of read) vectors.set(id, vector);
    },
    async clear() {
      vectors.clear();
      voy?.free();
      voy = undefined;
    },
  };
}

interface VoyLeaf {
  content_points: number[];
  content_items: (number | string)[];
  size: number;
}

/** The vectors inside voy's JSON serialization (leaves hold fixed-stride points keyed by item hash). */
function readVectors(text: string, dimensions: number): Map<string, Float32Array> {
  // Item hashes are u64: quote them before JSON.parse rounds them to doubles.
  const exact = text.replace(
    /"content_items":\[([^\]]*)\]/g,
    (_, items: string) =>
      `"content_items":[${items
        .split(',')
        .map((item) => `"${item.trim()}"`)
        .join(',')}]`,
  );
  const parsed = JSON.parse(exact) as { tree: { leaves: VoyLeaf[] }; data: Record<string, { id: string }> };
  const out = new Map<string, Float32Array>();
  for (const leaf of parsed.tree.leaves) {
    const stride = leaf.content_points.length / leaf.content_items.length;
    for (let i = 0; i < leaf.size; i++) {
      const item = parsed.data[String(leaf.content_items[i])];
      if (item)
        out.set(item.id, Float32Array.from(leaf.content_points.slice(i * stride, i * stride + dimensions)));
    }
  }
  return out;
}
