/**
 * The only words shown when the app could not start (the root's data, translations included, could
 * not be loaded). Kept tiny and in all ten locales so that even this page is translated; the server
 * sends the request's words with the error (app/root.tsx), so no page's JavaScript carries the table.
 */
const MESSAGES = {
  de: { title: "Unerwarteter Fehler", description: "Die App konnte nicht gestartet werden.", reload: "Neu laden" },
  en: { title: "Unexpected error", description: "The app could not be started.", reload: "Reload" },
  es: { title: "Error inesperado", description: "No se ha podido iniciar la aplicación.", reload: "Volver a cargar" },
  fr: { title: "Erreur inattendue", description: "L’application n’a pas pu démarrer.", reload: "Recharger" },
  hr: { title: "Neočekivana pogreška", description: "Aplikaciju nije bilo moguće pokrenuti.", reload: "Ponovno učitaj" },
  it: { title: "Errore imprevisto", description: "Non è stato possibile avviare l’app.", reload: "Ricarica" },
  nl: { title: "Onverwachte fout", description: "De app kon niet worden gestart.", reload: "Opnieuw laden" },
  pt: { title: "Erro inesperado", description: "Não foi possível iniciar a aplicação.", reload: "Recarregar" },
} as const;

export type BootMessages = (typeof MESSAGES)[keyof typeof MESSAGES];

export function bootMessages(locale: string): BootMessages {
  const language = locale.slice(0, 2).toLowerCase() as keyof typeof MESSAGES;
  return MESSAGES[language] ?? MESSAGES.en;
}
