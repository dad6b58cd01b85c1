// Strings of the file preview and the full-page document viewer (German).
export const previewDe = {
  loading: "Vorschau wird geladen …",
  downloadError: "Fehler beim Herunterladen der Datei, bitte später erneut versuchen",
  retry: "Erneut versuchen",
  download: "Herunterladen",
  readError:
    "Die Datei konnte nicht gelesen werden. Laden Sie sie herunter, um sie mit einem passenden Programm zu öffnen.",
  chunkLoadError:
    "Die Vorschau konnte nicht geladen werden: Die Verbindung ist abgebrochen oder hat zu lange gedauert. Laden Sie die Seite neu.",
  reload: "Seite neu laden",
  unsupported: "Keine Vorschau für diesen Dateityp",
  unsupportedHint: "Laden Sie die Datei herunter, um sie zu öffnen.",
  truncated: "Angezeigt wird nur der Anfang der Datei (die ersten {{size}}).",
  missingDataset: "In der Adresse fehlt die Wissensdatenbank des Dokuments.",
  table: {
    sheets: "Tabellenblätter",
    rowsShown: "{{shown}} von {{total}} Zeilen werden angezeigt",
    empty: "Dieses Tabellenblatt ist leer.",
  },
  pdf: {
    controls: "PDF-Steuerung",
    previous: "Vorherige Seite",
    next: "Nächste Seite",
    pageNumber: "Zu Seite springen",
    pageOf: "Seite {{page}} von {{pages}}",
    zoomIn: "Vergrößern",
    zoomOut: "Verkleinern",
    zoomLevel: "Zoom {{percent}} %",
    pages: "PDF-Seiten; mit den Pfeiltasten blättern",
    region: "Zitierte Stelle auf Seite {{page}}",
  },
  cited: {
    found: "Die zitierte Stelle ist markiert.",
    foundOnPages: "Die zitierte Stelle ist auf Seite {{pages}} markiert.",
    onPages: "Die zitierte Stelle steht auf Seite {{pages}}.",
    missing: "Die zitierte Stelle wurde in dieser Vorschau nicht gefunden.",
    show: "Zur Stelle springen",
  },
};
