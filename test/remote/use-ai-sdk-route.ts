import { afterAll, beforeAll } from 'vitest';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.js';
import { type AiSdkServer, startAiSdkServer } from './ai-sdk-server.js';

/**
 * The scripted model server and an AI SDK route on it, started before the test file's tests and closed
 * after them; both are there from the first test on.
 */
export function useAiSdkRoute(): { readonly model: ScriptedModelServer; readonly route: AiSdkServer } {
  const servers = {} as { model: ScriptedModelServer; route: AiSdkServer };
  beforeAll(async () => {
    servers.model = await startScriptedModelServer();
    servers.route = await startAiSdkServer(servers.model.baseURL);
  });
  afterAll(async () => {
    await servers.route?.close();
    await servers.model?.close();
  });
  return servers;
}
