// The AI SDK doing the same job as entries/core-base.ts: a streamed tool loop against OpenAI.
export { createOpenAI } from '@ai-sdk/openai';
export { stepCountIs, streamText, tool } from 'ai';
