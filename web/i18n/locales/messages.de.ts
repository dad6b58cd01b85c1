// The message catalogue's texts (worker/contract/message-catalogue.ts), keyed by its stable codes (German).
export const messagesDe = {
  // a progress line's page range (RAGFlow's "Page(1~12): ")
  pages: "Seiten {{from}}–{{to}}: ",
  progress: {
    queued: "Zum Parsen eingereiht.",
    queueAhead_one: "{{count}} Aufgabe ist in der Warteschlange vor dieser.",
    queueAhead_other: "{{count}} Aufgaben sind in der Warteschlange vor dieser.",
    parseStarted: "Parsen beginnt.",
    parseFinished: "Parsen abgeschlossen ({{seconds}} s).",
    chunks: "{{count}} Abschnitte erzeugt.",
    chunksWithChildren: "{{count}} Abschnitte mit {{children}} Unterabschnitten erzeugt.",
    indexing: "{{count}} Abschnitte eingebettet und indexiert ({{seconds}} s).",
    taskDone: "Fertig ({{seconds}} s).",
    canceled: "Abgebrochen.",
    stalled: "Das Parsen reagierte nicht mehr; es wird ein weiteres Mal versucht.",
    passwordProtected:
      "Fehler: Das PDF ist passwortgeschützt. Entfernen Sie das Passwort und laden Sie die Datei erneut hoch.",
    emptyFile: "Fehler: Die Datei ist leer (0 Byte).",
    scannedPdf:
      "Fehler: Auf diesen Seiten wurde kein Text gefunden. Das PDF enthält vermutlich nur eingescannte Bilder; Texterkennung (OCR) ist offline nicht verfügbar.",
    noText: "Fehler: In der Datei wurde kein Text gefunden.",
    errorInternal:
      "Fehler: Interner Fehler beim Verarbeiten. Starten Sie das Parsen erneut; tritt er wieder auf, nennen Sie Ihrer Administration die Referenz {{reference}}.",
    error: "Fehler: {{reason}}",
    crawlInternal:
      "Das Abrufen der Website ist fehlgeschlagen (interner Fehler). Prüfen Sie die Adresse und versuchen Sie es erneut; tritt er wieder auf, nennen Sie Ihrer Administration die Referenz {{reference}}.",
    crawlFailed: "Das Abrufen der Website ist fehlgeschlagen: {{reason}}",
  },
  error: {
    emptyUpload: "„{{name}}“ ist leer (0 Byte) und wurde nicht hochgeladen.",
    stopNotRunning:
      "Das Parsen lässt sich nur anhalten, solange es läuft – dieses Dokument wartet noch nicht oder ist schon fertig.",
    providerInternal:
      "Der Anbieter unter {{url}} ist nicht erreichbar (interner Fehler). Prüfen Sie Basis-URL und API-Schlüssel in den Modelleinstellungen und versuchen Sie es erneut; tritt er wieder auf, nennen Sie Ihrer Administration die Referenz {{reference}}.",
    providerUnreachable:
      "Der Anbieter unter {{url}} ist nicht erreichbar: {{reason}}. Prüfen Sie Basis-URL und API-Schlüssel in den Modelleinstellungen.",
    internal:
      "Interner Fehler. Versuchen Sie es erneut; tritt er wieder auf, nennen Sie Ihrer Administration die Referenz {{reference}}.",
  },
};
