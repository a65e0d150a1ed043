import type { AgentEventOf } from '@agent-chat/core';
import { type AgentChatStrings, format } from '../i18n/strings.js';

// Loaded only when a run hits a limit (a lazy chunk): pages that never do pay nothing for it.

type LimitStrings = Required<
  Pick<AgentChatStrings, 'rateLimited' | 'rateLimitedSoon' | 'creditsExhausted' | 'creditsExhaustedLater'>
>;

const EN: LimitStrings = {
  rateLimited: 'Too many messages for now: you can send again in {wait}.',
  rateLimitedSoon: 'Too many messages for now: try again in a moment.',
  creditsExhausted: 'The credits for today are used up: they come back at {time}.',
  creditsExhaustedLater: 'The credits are used up: try again later.',
};
const BUILT_IN: Record<string, Partial<LimitStrings>> = {
  fr: {
    rateLimited: 'Trop de messages pour le moment : vous pourrez écrire à nouveau dans {wait}.',
    creditsExhausted: 'Les crédits du jour sont épuisés : ils reviennent à {time}.',
  },
  de: {
    rateLimited: 'Zu viele Nachrichten: in {wait} können Sie wieder schreiben.',
    creditsExhausted: 'Das Guthaben für heute ist aufgebraucht: es kommt um {time} zurück.',
  },
};

/**
 * What a person should read when a run hit a limit of the proxy (or the provider): a rate limit and
 * when they can send again, or spent credits and when they come back. Undefined for other errors.
 */
export function limitNoticeText(
  event: AgentEventOf<'error'>,
  overrides: Partial<AgentChatStrings> | undefined,
  lang: string | undefined,
  now = Date.now(),
): string | undefined {
  const strings: LimitStrings = {
    ...EN,
    ...BUILT_IN[lang?.toLowerCase().split('-')[0] ?? ''],
    ...(overrides as Partial<LimitStrings> | undefined),
  };
  if (event.code === 'rate_limited') {
    if (event.retryAfterSeconds === undefined) return strings.rateLimitedSoon;
    const left = Math.max(1, Math.ceil((event.ts + event.retryAfterSeconds * 1000 - now) / 1000));
    return format(strings.rateLimited, { wait: left < 90 ? `${left} s` : `${Math.ceil(left / 60)} min` });
  }
  if (event.code === 'credits_exhausted') {
    const reset = Date.parse(event.resetAt ?? '');
    if (Number.isNaN(reset)) return strings.creditsExhaustedLater;
    const time = new Date(reset).toLocaleString(lang || undefined, {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    return format(strings.creditsExhausted, { time });
  }
  return undefined;
}
