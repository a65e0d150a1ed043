// Optional: run <agent-chat> on a model inside the browser (WebGPU, @mlc-ai/web-llm) when no proxy is set.
// `npm run demo` adds this script when no provider key is configured. The weights (about 1 GB) download once
// and stay in the browser cache; progress is shown in #local-model-status.
const chat = document.querySelector('agent-chat');
const status = document.getElementById('local-model-status');
const say = (html) => {
  if (status) status.innerHTML = html;
};
const sayText = (text) => {
  if (status) status.textContent = text;
};

if (chat && !chat.hasAttribute('proxy-url')) {
  const { checkWebGPU, createAgent, webLLM } = await import('./agent-chat-local.js');
  const model = webLLM({
    // The worker is served next to this page (self-hosted, no CDN).
    worker: () => new Worker('./agent-chat-web-llm.worker.js', { type: 'module' }),
  });
  const name = model.id.replace('webllm:', '');
  // Checked up front: no WebGPU or no adapter is said before anything downloads.
  const unavailable = await checkWebGPU({ model: name }).then(
    () => undefined,
    (error) => error,
  );
  if (unavailable) {
    sayText(`This browser cannot run a model locally: ${unavailable.message}`);
  } else {
    const catalogue = await (await fetch('./products.json')).json();
    // Small local models do not call tools natively: give this one the catalogue in its instructions.
    const agent = createAgent({
      model,
      systemPrompt: `${chat.getAttribute('system-prompt') ?? ''}\nThe catalogue (JSON): ${JSON.stringify(catalogue)}`,
    });
    say(`Local model <code>${name}</code> (WebGPU): it downloads on your first message.`);
    chat.agent = {
      ...agent,
      run(input) {
        return showProgress(agent.run(input));
      },
    };
  }
}

/** Passes the run's events through, showing model.loading progress (download, compile) on the page. */
async function* showProgress(events) {
  for await (const event of events) {
    if (event.type === 'model.loading') {
      const percent = Math.round(event.fraction * 100);
      const size = event.totalBytes ? ` of ${Math.round(event.totalBytes / 2 ** 20)} MB` : '';
      if (event.phase === 'ready') say('Local model ready (WebGPU).');
      else
        say(
          `<label>${event.phase === 'download' ? `Downloading the model${size}` : 'Preparing the model on the GPU'}
            <progress max="100" value="${percent}">${percent}%</progress></label>`,
        );
    }
    if (event.type === 'error') sayText(`The local model failed: ${event.message}`);
    yield event;
  }
}
