import { describe, expect, it } from 'vitest';
import { toLoadingProgress } from './web-llm-progress.js';

// Report texts as web-llm 0.2.86 writes them (lib/index.js: fetchTensorCache and the shader loader).
describe('toLoadingProgress', () => {
  it('reads download, cache, shader and finish reports', () => {
    expect(toLoadingProgress({ progress: 0, timeElapsed: 0, text: 'Start to fetch params' })).toEqual({
      phase: 'download',
      fraction: 0,
      text: 'Start to fetch params',
    });
    const fetching =
      'Fetching param cache[12/40]: 310MB fetched. 25% completed, 14 secs elapsed. It can take a while when we first visit this page to populate the cache. Later refreshes will become faster.';
    expect(toLoadingProgress({ progress: 0.25, timeElapsed: 14, text: fetching })).toMatchObject({
      phase: 'download',
      fraction: 0.25,
      loadedBytes: 310 * 2 ** 20,
      totalBytes: 1240 * 2 ** 20,
    });
    const cached = 'Loading model from cache[40/40]: 1240MB loaded. 100% completed, 3 secs elapsed.';
    expect(toLoadingProgress({ progress: 1, timeElapsed: 3, text: cached })).toMatchObject({
      phase: 'compile',
      loadedBytes: 1240 * 2 ** 20,
    });
    const shaders = 'Loading GPU shader modules[43/86]: 50% completed, 3 secs elapsed.';
    expect(toLoadingProgress({ progress: 0.5, timeElapsed: 3, text: shaders })).toMatchObject({
      phase: 'compile',
      fraction: 0.5,
    });
    expect(
      toLoadingProgress({ progress: 1, timeElapsed: 4, text: 'Finish loading on WebGPU - nvidia' }),
    ).toMatchObject({
      phase: 'ready',
      fraction: 1,
    });
    expect(toLoadingProgress({ progress: Number.NaN, timeElapsed: 0, text: 'Something new' })).toMatchObject({
      fraction: 0,
    });
  });
});
