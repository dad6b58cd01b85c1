// Strings of the new-style home page (/home).
export const homeDe = {
  greeting: "Hallo, {{name}}",
  greetingAnonymous: "Hallo",
  intro: "Ihre Wissensdatenbanken, Assistenten, Buddys und Suchen auf einen Blick.",
  quickActions: "Schnellaktionen",
  createDataset: "Wissensdatenbank anlegen",
  createAssistant: "Assistent anlegen",
  createFlow: "Buddy anlegen",
  showAll: "Alle anzeigen",
  total: "{{count}} insgesamt",
  updated: "Geändert {{date}}",
  datasets: {
    title: "Wissensdatenbanken",
    empty: "Noch keine Wissensdatenbank.",
    meta: "{{docs}} Dokumente · {{chunks}} Abschnitte",
  },
  assistants: { title: "Chat-Assistenten", empty: "Noch kein Assistent." },
  flows: { title: "Buddys (Agenten)", empty: "Noch kein Buddy." },
  searches: {
    title: "Such-Apps",
    empty: "Noch keine Such-App.",
    unavailable: "Die Such-Apps konnten nicht geladen werden.",
  },
  usage: { title: "Nutzung", details: "Tarif und Nutzung ansehen" },
};
