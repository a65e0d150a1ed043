/**
 * Source of the module worker that runs Pyodide inside the sandboxed iframe (see `python-sandbox.ts`).
 * It is a string, not a bundled file: the worker starts from a `blob:` URL minted inside the opaque-origin
 * iframe, so it cannot import anything from the site; the runtime files arrive as bytes over its port.
 *
 * Protocol on the port (every message from here is untrusted: model code shares this worker):
 * `init {assets, packageIndexURL, limits}` → `ready` | `failed`;
 * `run {id, code, files}` → `result {id, stdout, stderr, value, error, files, dropped}` | `failed`.
 */
export const PYTHON_WORKER_SOURCE = `
const SETUP = ${JSON.stringify(pythonSetup())};
let port, pyodide, runCell, changedFiles;
let cap = 20000;
let maxFileBytes = 8000000;
const streams = { stdout: null, stderr: null };

self.onmessage = (event) => {
  self.onmessage = null;
  port = event.data.port;
  port.onmessage = (message) => handle(message.data);
};

async function handle(message) {
  try {
    if (message.type === 'init') await init(message);
    else if (message.type === 'run') await run(message);
  } catch (error) {
    port.postMessage({ type: 'failed', id: message.id, message: String((error && error.stack) || error) });
  }
}

function blobURL(bytes, type) {
  return URL.createObjectURL(new Blob([bytes], { type }));
}

function collector() {
  const decoder = new TextDecoder();
  const stream = { text: '', dropped: 0 };
  stream.write = (bytes) => {
    const text = decoder.decode(bytes, { stream: true });
    const room = Math.max(0, cap - streams.stdout.text.length - streams.stderr.text.length);
    stream.text += text.slice(0, room);
    stream.dropped += Math.max(0, text.length - room);
    return bytes.length;
  };
  return stream;
}

async function init({ assets, packageIndexURL, limits }) {
  cap = limits.outputChars;
  maxFileBytes = limits.fileBytes;
  const { loadPyodide, version } = await import(blobURL(assets.loader, 'text/javascript'));
  const { default: createPyodideModule } = await import(blobURL(assets.runtime, 'text/javascript'));
  // The default index is the Pyodide CDN at "{version}": the release of the loader given here.
  const packageIndex = packageIndexURL ? packageIndexURL.split('{version}').join(String(version)) : null;
  // Pyodide fetches its wasm from indexURL; that one request is answered from the bytes given here.
  const indexURL = packageIndex || 'https://pyodide.invalid/';
  const wasmURL = indexURL + 'pyodide.asm.wasm';
  const siteFetch = self.fetch;
  self.fetch = (input, options) =>
    String(input && input.url ? input.url : input) === wasmURL
      ? Promise.resolve(new Response(assets.wasm, { headers: { 'content-type': 'application/wasm' } }))
      : siteFetch(input, options);
  try {
    pyodide = await loadPyodide({
      indexURL,
      stdLibURL: blobURL(assets.stdlib, 'application/zip'),
      lockFileContents: assets.lockFile,
      packageBaseUrl: packageIndex || undefined,
      createPyodideModule,
      env: { HOME: '/scratch' },
    });
  } finally {
    self.fetch = siteFetch;
  }
  pyodide.runPython(SETUP);
  runCell = pyodide.globals.get('_agent_run');
  changedFiles = pyodide.globals.get('_agent_changed');
  port.postMessage({ type: 'ready' });
}

async function run({ id, code, files, packages }) {
  for (const file of files) pyodide.FS.writeFile('/data/' + file.name, file.data);
  streams.stdout = collector();
  streams.stderr = collector();
  pyodide.setStdout({ write: streams.stdout.write });
  pyodide.setStderr({ write: streams.stderr.write });
  if (packages) await pyodide.loadPackagesFromImports(code, { messageCallback: () => {} });
  const outcome = await runCell(code);
  const [value, error, paths] = outcome.toJs();
  outcome.destroy();
  const written = paths.map((path) => {
    const size = pyodide.FS.stat(path).size;
    return { path, size, data: size <= maxFileBytes ? pyodide.FS.readFile(path) : null };
  });
  port.postMessage({
    type: 'result',
    id,
    stdout: streams.stdout.text,
    stderr: streams.stderr.text,
    dropped: streams.stdout.dropped + streams.stderr.dropped,
    value,
    error,
    files: written,
  }, written.flatMap((file) => (file.data ? [file.data.buffer] : [])));
}
`;

/** Python run once per worker: folders, the helpers that run a cell and list the files it wrote. */
function pythonSetup(): string {
  return `
import linecache, os, traceback
from pyodide.code import eval_code_async

os.makedirs('/scratch', exist_ok=True)
os.makedirs('/data', exist_ok=True)
os.chdir('/scratch')
_agent_ns = {'__name__': '__main__'}
_agent_cells = [0]

def _agent_snapshot():
    seen = {}
    for root, _dirs, names in os.walk('/scratch'):
        for name in names:
            path = os.path.join(root, name)
            st = os.stat(path)
            seen[path] = (st.st_mtime_ns, st.st_size)
    return seen

def _agent_traceback(error):
    tb = error.__traceback__
    while tb is not None and not tb.tb_frame.f_code.co_filename.startswith('<cell'):
        tb = tb.tb_next
    if tb is None or isinstance(error, SyntaxError):
        return ''.join(traceback.format_exception_only(type(error), error))
    return ''.join(traceback.format_exception(type(error), error, tb))

async def _agent_run(code):
    _agent_cells[0] += 1
    name = '<cell %d>' % _agent_cells[0]
    linecache.cache[name] = (len(code), None, code.splitlines(True), name)
    before = _agent_snapshot()
    value, error = None, None
    try:
        result = await eval_code_async(code, _agent_ns, filename=name)
        if result is not None:
            value = repr(result)
    except BaseException as caught:
        error = _agent_traceback(caught)
    after = _agent_snapshot()
    changed = sorted(path for path, stamp in after.items() if before.get(path) != stamp)
    return [value, error, changed]
`;
}
