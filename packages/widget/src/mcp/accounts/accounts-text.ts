import type { AgentChatStrings } from '../../i18n/strings.js';

// The texts of MCP sign-in (Connect prompts, the accounts menu): loaded with the accounts UI, only on
// pages whose mcp-servers have a server with "auth": true.

/** The sign-in texts, every one resolved. */
export type AccountStrings = Required<
  Pick<
    AgentChatStrings,
    | 'accounts'
    | 'connect'
    | 'notNow'
    | 'signOut'
    | 'connected'
    | 'notConnected'
    | 'accountScopes'
    | 'signInNeeded'
    | 'close'
    | 'answered'
  >
>;

type OwnStrings = Omit<AccountStrings, 'close' | 'answered'>;

const EN: OwnStrings = {
  accounts: 'Accounts',
  connect: 'Connect {name}',
  notNow: 'Not now',
  signOut: 'Sign out',
  connected: 'Connected',
  notConnected: 'Not connected',
  accountScopes: 'Access: {scopes}',
  signInNeeded: '{name} needs you to connect your account before the assistant can use it.',
};
const BUILT_IN: Record<string, Partial<OwnStrings>> = {
  fr: {
    accounts: 'Comptes',
    connect: 'Connecter {name}',
    notNow: 'Plus tard',
    signOut: 'Se déconnecter',
    connected: 'Connecté',
    notConnected: 'Non connecté',
    accountScopes: 'Accès : {scopes}',
    signInNeeded: '{name} demande que vous connectiez votre compte avant que l’assistant puisse l’utiliser.',
  },
  de: {
    accounts: 'Konten',
    connect: '{name} verbinden',
    notNow: 'Später',
    signOut: 'Abmelden',
    connected: 'Verbunden',
    notConnected: 'Nicht verbunden',
    accountScopes: 'Zugriff: {scopes}',
    signInNeeded: '{name} braucht Ihr verbundenes Konto, bevor der Assistent es nutzen kann.',
  },
};

/** The sign-in texts for `lang`, with the element's `strings` overrides applied. */
export function accountStrings(strings: AgentChatStrings, lang: string | undefined): AccountStrings {
  const own = { ...EN, ...BUILT_IN[lang?.toLowerCase().split('-')[0] ?? ''] };
  const pick = <K extends keyof OwnStrings>(key: K) => strings[key] ?? own[key];
  return {
    accounts: pick('accounts'),
    connect: pick('connect'),
    notNow: pick('notNow'),
    signOut: pick('signOut'),
    connected: pick('connected'),
    notConnected: pick('notConnected'),
    accountScopes: pick('accountScopes'),
    signInNeeded: pick('signInNeeded'),
    close: strings.close,
    answered: strings.answered,
  };
}
