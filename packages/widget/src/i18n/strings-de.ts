import type { AgentChatStrings } from './strings-en.js';

/** The German texts (a lazy chunk: only pages with `lang="de"` download it). */
export const DE: Partial<AgentChatStrings> = {
  placeholder: 'Nachricht schreiben…',
  message: 'Nachricht',
  send: 'Senden',
  stop: 'Stopp',
  stopped: '(gestoppt)',
  interrupted: '(unterbrochen: die Antwort ist unvollständig)',
  emptyAnswer: 'Das Modell hat keine Antwort gegeben.',
  fromApp: 'Gesendet von der App von {tool}',
  regenerate: 'Neu erzeugen',
  using: 'Verwende {name}',
  used: '{name} verwendet',
  failed: '{name} fehlgeschlagen',
  approve: 'Erlauben',
  deny: 'Ablehnen',
  cancel: 'Abbrechen',
  retry: 'Erneut versuchen',
  newConversation: 'Neues Gespräch',
  conversations: 'Gespräche',
  thinking: 'Denkt nach…',
  thoughtFor: '{duration} nachgedacht',
  reconnecting: 'Verbindung wird wiederhergestellt…',
  suggestedQuestions: 'Vorgeschlagene Fragen',
};
