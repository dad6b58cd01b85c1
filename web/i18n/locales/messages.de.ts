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
      "Fehler: Kein Text gefunden – eingescannte Seiten ohne Textebene: {{pages}}. Legen Sie in den Systemmodell-Einstellungen ein Bild-zu-Text-Modell fest, damit sie per Texterkennung (OCR) gelesen werden.",
    noPageText: "Fehler: Auf diesen Seiten wurde kein Text gefunden.",
    ocrMissing:
      "Seiten ohne Textebene (eingescannte Bilder) wurden nicht gelesen: {{pages}}. Legen Sie in den Systemmodell-Einstellungen ein Bild-zu-Text-Modell fest, damit sie per Texterkennung (OCR) gelesen werden.",
    ocrStarted_one: "Texterkennung (OCR) für {{count}} Seite ohne Textebene mit {{model}}.",
    ocrStarted_other: "Texterkennung (OCR) für {{count}} Seiten ohne Textebene mit {{model}}.",
    ocrDone_one: "Texterkennung: {{read}} von {{count}} Seite gelesen ({{seconds}} s).",
    ocrDone_other: "Texterkennung: {{read}} von {{count}} Seiten gelesen ({{seconds}} s).",
    ocrPageFailed: "Texterkennung für Seite {{page}} fehlgeschlagen: {{reason}}",
    ocrBudget: "Texterkennung nach {{seconds}} s beendet (Zeitbudget der Aufgabe); nicht gelesene Seiten: {{pages}}.",
    ocrStopped:
      "Fehler: Kein Text gefunden – die Texterkennung endete am Zeitbudget der Aufgabe; Seiten ohne Text: {{pages}}.",
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
