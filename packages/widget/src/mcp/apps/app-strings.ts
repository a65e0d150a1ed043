/** The texts of an MCP App's stage, by the element's language (English unless French or German). */
export interface McpAppStrings {
  frameTitle: string;
  loading: string;
  unavailable: string;
  noInit: string;
  closed: string;
  replaced: string;
  openLink: string;
  open: string;
  cancel: string;
  flood: string;
  send: string;
  block: string;
  refused: string;
  exitFullscreen: string;
  allow: string;
  askFullscreen: string;
  askPip: string;
  askPermissions: string;
  askMessage: string;
  /** The browser permissions an app may declare, by their Permissions Policy name. */
  permissionNames: Record<string, string>;
}

const EN: McpAppStrings = {
  frameTitle: 'App of {tool}',
  loading: 'Loading the app of {tool}…',
  unavailable: 'The app of {tool} cannot be shown: {reason} The tool’s result is shown above.',
  noInit:
    'The app of {tool} did not start (no answer within {seconds} s); it was closed. The tool’s result is shown above.',
  closed: 'The app of {tool} was closed.',
  replaced: 'The app of {tool} was closed: a newer result of it is shown below.',
  openLink: 'The app of {tool} wants to open {url}',
  open: 'Open',
  cancel: 'Cancel',
  flood: 'The app of {tool} keeps sending messages to the chat. Send this one? “{text}”',
  send: 'Send',
  block: 'Block its messages',
  refused: '{count} more messages from the app were refused.',
  exitFullscreen: 'Exit full screen',
  allow: 'Allow',
  askFullscreen: 'The app of {tool} wants to go full screen.',
  askPip: 'The app of {tool} wants to float beside the chat (picture-in-picture).',
  askPermissions: 'The app of {tool} asks for: {permissions}. Allow? (The app restarts.)',
  askMessage: 'The app of {tool} wants to send this message to the assistant: “{text}”',
  permissionNames: {
    camera: 'camera',
    microphone: 'microphone',
    geolocation: 'location',
    clipboardWrite: 'writing to the clipboard',
  },
};

const FR: McpAppStrings = {
  frameTitle: 'Application de {tool}',
  loading: 'Chargement de l’application de {tool}…',
  unavailable:
    'L’application de {tool} ne peut pas être affichée : {reason} Le résultat de l’outil est affiché ci-dessus.',
  noInit:
    'L’application de {tool} n’a pas démarré (aucune réponse en {seconds} s) ; elle a été fermée. Le résultat de l’outil est affiché ci-dessus.',
  closed: 'L’application de {tool} a été fermée.',
  replaced: 'L’application de {tool} a été fermée : un résultat plus récent est affiché plus bas.',
  openLink: 'L’application de {tool} veut ouvrir {url}',
  open: 'Ouvrir',
  cancel: 'Annuler',
  flood: 'L’application de {tool} envoie sans cesse des messages au chat. Envoyer celui-ci ? « {text} »',
  send: 'Envoyer',
  block: 'Bloquer ses messages',
  refused: '{count} autres messages de l’application ont été refusés.',
  exitFullscreen: 'Quitter le plein écran',
  allow: 'Autoriser',
  askFullscreen: 'L’application de {tool} veut passer en plein écran.',
  askPip: 'L’application de {tool} veut flotter à côté du chat (incrustation).',
  askPermissions: 'L’application de {tool} demande : {permissions}. Autoriser ? (L’application redémarre.)',
  askMessage: 'L’application de {tool} veut envoyer ce message à l’assistant : « {text} »',
  permissionNames: {
    camera: 'caméra',
    microphone: 'microphone',
    geolocation: 'position',
    clipboardWrite: 'écriture dans le presse-papiers',
  },
};

const DE: McpAppStrings = {
  frameTitle: 'App von {tool}',
  loading: 'Die App von {tool} wird geladen…',
  unavailable: 'Die App von {tool} kann nicht angezeigt werden: {reason} Das Ergebnis des Tools steht oben.',
  noInit:
    'Die App von {tool} ist nicht gestartet (keine Antwort in {seconds} s) und wurde geschlossen. Das Ergebnis des Tools steht oben.',
  closed: 'Die App von {tool} wurde geschlossen.',
  replaced: 'Die App von {tool} wurde geschlossen: ein neueres Ergebnis steht weiter unten.',
  openLink: 'Die App von {tool} möchte {url} öffnen',
  open: 'Öffnen',
  cancel: 'Abbrechen',
  flood: 'Die App von {tool} sendet ständig Nachrichten an den Chat. Diese senden? „{text}“',
  send: 'Senden',
  block: 'Ihre Nachrichten blockieren',
  refused: '{count} weitere Nachrichten der App wurden abgelehnt.',
  exitFullscreen: 'Vollbild beenden',
  allow: 'Erlauben',
  askFullscreen: 'Die App von {tool} möchte in den Vollbildmodus wechseln.',
  askPip: 'Die App von {tool} möchte neben dem Chat schweben (Bild-im-Bild).',
  askPermissions: 'Die App von {tool} fragt nach: {permissions}. Erlauben? (Die App startet neu.)',
  askMessage: 'Die App von {tool} möchte diese Nachricht an den Assistenten senden: „{text}“',
  permissionNames: {
    camera: 'Kamera',
    microphone: 'Mikrofon',
    geolocation: 'Standort',
    clipboardWrite: 'Schreiben in die Zwischenablage',
  },
};

/** The stage texts for a `lang` such as `fr` or `de-CH`. */
export function appStrings(lang: string | undefined): McpAppStrings {
  const primary = (lang ?? '').toLowerCase().split('-')[0];
  return primary === 'fr' ? FR : primary === 'de' ? DE : EN;
}
