// The Web Worker entry agent-chat ships for webLLM(): hosts web-llm's MLCEngine off the main thread.
import { hostWebLLMEngine } from './web-llm-worker-host.js';

hostWebLLMEngine();
