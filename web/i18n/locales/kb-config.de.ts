// Strings of the knowledge-base configuration page (German).
export const kbConfigDe = {
  title: "Konfiguration",
  description: "Legen Sie fest, wie Dokumente dieser Wissensdatenbank zerlegt, angereichert und durchsucht werden.",
  save: "Speichern",
  reset: "Änderungen verwerfen",
  fixErrors: "Bitte korrigieren Sie die markierten Felder.",
  sections: {
    basics: "Grundlagen",
    basicsHint: "Name, Bild und wer die Wissensdatenbank nutzen darf.",
    chunking: "Zerlegung (Chunking)",
    chunkingHint:
      "Wie hochgeladene Dokumente in Abschnitte zerlegt werden. Änderungen gelten für neu geparste Dokumente.",
    raptor: "Erweitert: RAPTOR",
    raptorHint:
      "RAPTOR fasst ähnliche Abschnitte rekursiv zusammen, damit auch Fragen zum großen Ganzen beantwortet werden können.",
    graph: "Wissensgraph",
    graphHint:
      "Wie der Wissensgraph aus den Abschnitten entsteht: die Entitätstypen, die Methode und was danach folgt.",
    auto: "Automatische Schlüsselwörter und Fragen",
    autoHint:
      "Ein Sprachmodell ergänzt jeden Abschnitt um Schlüsselwörter und Fragen; das verbessert die Trefferquote, kostet aber Zeit und Tokens.",
    excel: "Excel",
    excelHint: "Wie Tabellenblätter aus Excel-Dateien gelesen werden.",
    pages: "Seiten",
    pagesHint: "Welche Seiten von PDF-Dateien geparst werden und wie viele Seiten eine Parsing-Aufgabe umfasst.",
  },
  pipeline: {
    mode: "Wie Dokumente verarbeitet werden",
    modes: {
      chunkMethod: "Eingebaute Chunk-Methode",
      pipeline: "Ingestion-Pipeline",
    },
    hint: "Die gewählte Pipeline liest, teilt und indexiert jedes Dokument; die Einstellungen der Chunk-Methode gelten dann nicht.",
    select: "Pipeline",
    selectHint: "Eine Ingestion-Pipeline des Teams (Buddys › Ingestion-Pipelines).",
    placeholder: "Pipeline wählen …",
    none: "Das Team hat noch keine Ingestion-Pipeline. Lege eine unter Buddys › Ingestion-Pipelines an.",
    open: "Pipeline öffnen",
  },
  fields: {
    name: "Name",
    photo: "Bild",
    description: "Beschreibung",
    descriptionPlaceholder: "Wofür ist diese Wissensdatenbank gedacht?",
    language: "Sprache",
    languageHint: "Sprache der Dokumente; sie steuert Stichwortsuche und Prompts.",
    permissions: "Berechtigungen",
    permissionMe: "Nur ich",
    permissionTeam: "Team",
    permissionsHint: "„Team“ gibt die Wissensdatenbank allen Mitgliedern Ihres Teams frei.",
    embeddingModel: "Embedding-Modell",
    embeddingHint:
      "Wandelt Abschnitte in Vektoren um. Es kann nur geändert werden, solange die Wissensdatenbank keine Abschnitte enthält.",
    embeddingFrozen_one:
      "Das Embedding-Modell ist festgelegt, weil die Wissensdatenbank bereits {{count}} Abschnitt enthält. Löschen Sie alle Abschnitte, um das Modell zu wechseln.",
    embeddingFrozen_other:
      "Das Embedding-Modell ist festgelegt, weil die Wissensdatenbank bereits {{count}} Abschnitte enthält. Löschen Sie alle Abschnitte, um das Modell zu wechseln.",
    embeddingBuiltin: "Integriertes lexikalisches Offline-Modell (builtin-hash)",
    chunkMethod: "Chunk-Methode",
    chunkTokenNum: "Tokens pro Abschnitt",
    chunkTokenNumHint:
      "Zielgröße eines Abschnitts, 1–2048 Tokens. Kleinere Abschnitte treffen genauer, größere liefern mehr Kontext.",
    delimiter: "Trennzeichen",
    enableChildren: "Eltern-Kind-Abschnitte",
    enableChildrenHint:
      "Jeder Abschnitt wird an eigenen Trennzeichen noch einmal in kleine Kind-Abschnitte geteilt. Gesucht wird in den Kind-Abschnitten, der Abruf liefert ihren ganzen Eltern-Abschnitt (nur Methode „Allgemein“; gilt für neu geparste Dokumente).",
    childrenDelimiter: "Trennzeichen für Kind-Abschnitte",
    delimiterHint:
      "Jedes Zeichen trennt für sich. Mehrzeichen-Trennzeichen gehören in Backticks, z. B. `##`. \\n steht für einen Zeilenumbruch, \\t für einen Tabulator.",
    insertDelimiter: "Trennzeichen einfügen",
    insert: "{{name}} einfügen",
    layoutRecognize: "Layout-Erkennung",
    layoutHint:
      "Für PDFs. „DeepDOC“ ist Buddys Layout-Analyse der Textebene (ohne Bildmodelle): Überschriften mit Ebenen nach Schriftgröße und -stärke, Spalten in Lesereihenfolge, Tabellen als HTML, ein Inhaltsverzeichnis; Kopf- und Fußzeilen und Seitenzahlen fallen weg. „Nur Text“ liest jede Seite von oben nach unten und ist schneller. Gescannte Seiten ohne Textebene liest in beiden Fällen das Bild-zu-Text-Modell des Teams (Texterkennung); ohne dieses Modell nennt das Protokoll die nicht gelesenen Seiten.",
    layoutDeepDoc: "DeepDOC (Layout aus der Textebene)",
    layoutPlainText: "Nur Text",
    pagerank: "Seitenrang",
    pagerankHint: "0–100. Abschnitte aus Wissensdatenbanken mit höherem Rang werden beim Abruf bevorzugt.",
    tagKbIds: "Tag-Sets",
    tagKbIdsHint:
      "Wissensdatenbanken des Teams mit der Chunk-Methode „Tag“: Abschnitte bekommen beim Parsen deren passende Tags, Fragen mit denselben Tags finden sie weiter oben.",
    tagSetsEmpty:
      "Noch keine Tag-Sets: Legen Sie eine Wissensdatenbank mit der Chunk-Methode „Tag“ an und laden Sie eine Tabelle (Inhalt, Tags) hoch.",
    tagSetsFailed: "Die Tag-Sets konnten nicht geladen werden. Laden Sie die Seite neu.",
    tagSetUnknown: "Unbekannte Wissensdatenbank ({{id}})",
    topnTags: "Top-N-Tags",
    topnTagsHint: "Wie viele Tags (1–10) einem Abschnitt höchstens zugeordnet werden.",
    useRaptor: "RAPTOR verwenden",
    raptorPrompt: "Prompt",
    raptorPromptHint: "{cluster_content} wird durch die Abschnitte eines Clusters ersetzt.",
    raptorMaxToken: "Maximale Tokens",
    raptorMaxTokenHint: "Länge einer Zusammenfassung, 1–2048 Tokens.",
    raptorThreshold: "Schwellenwert",
    raptorThresholdHint: "Ähnlichkeit (0–1), ab der Abschnitte zu einem Cluster gehören.",
    raptorMaxCluster: "Maximale Cluster",
    raptorMaxClusterHint: "Höchstzahl der Cluster je Ebene, 1–1024.",
    raptorRandomSeed: "Zufallswert (Seed)",
    raptorRandomSeedHint: "Ganze Zahl ≥ 0; gleiche Werte ergeben reproduzierbare Cluster.",
    raptorScope: "Zusammenfassen je",
    raptorScopes: { file: "Dokument (ein Baum pro Datei)", dataset: "Wissensdatenbank (ein Baum über alle Dateien)" },
    newSeed: "Neuer Zufallswert",
    entityTypes: "Entitätstypen",
    entityTypesHint: "Eingabetaste oder Komma fügt einen Typ hinzu.",
    entityTypesPlaceholder: "z. B. Medikament",
    graphMethod: "Methode",
    graphMethods: {
      light: "Light: kurze Beschreibungen und Stichwörter je Beziehung (nach LightRAG); braucht weniger Tokens",
      general: "General: ausführliche Beschreibungen jeder Entität und jeder Beziehung (nach Microsoft GraphRAG)",
      ner: "NER: nur benannte Entitäten, keine Beziehungen; braucht die wenigsten Tokens",
    },
    graphMethodHint: "Bei jeder Methode fragt Buddy das Modell bis zu zweimal nach übersehenen Entitäten.",
    graphResolution: "Entitäten zusammenführen",
    graphResolutionHint:
      "Das Modell prüft Entitäten desselben Typs mit ähnlichen Namen (z. B. „Robert Koch-Institut“ und „Robert-Koch-Institut“) und führt gleiche zusammen.",
    graphCommunity: "Community-Berichte",
    graphCommunityHint:
      "Eng verbundene Entitäten werden zu Gruppen zusammengefasst; das Modell schreibt zu jeder Gruppe einen Bericht, den „Wissensgraph verwenden“ den Antworten mitgibt.",
    addEntityType: "Hinzufügen",
    removeEntityType: "{{name}} entfernen",
    noEntityTypes: "Noch keine Entitätstypen.",
    autoKeywords: "Automatische Schlüsselwörter",
    autoKeywordsHint: "0–32 Schlüsselwörter je Abschnitt; 0 schaltet die Funktion aus.",
    autoQuestions: "Automatische Fragen",
    autoQuestionsHint: "0–10 Fragen je Abschnitt; 0 schaltet die Funktion aus.",
    html4excel: "Excel als HTML",
    html4excelHint:
      "Tabellen werden als HTML-Tabellen mit höchstens 256 Zeilen je Abschnitt übernommen; sonst wird jede Zeile als Text „Spalte: Wert“ gespeichert.",
    pageRanges: "Seitenbereiche",
    pageRangesHint: "Jeder Bereich beginnt nach dem Ende des vorherigen. Ohne Bereich werden alle Seiten geparst.",
    rangeFrom: "Bereich {{index}}: von Seite",
    rangeTo: "Bereich {{index}}: bis Seite",
    from: "Von",
    to: "Bis",
    removeRange: "Bereich {{index}} entfernen",
    addRange: "Bereich hinzufügen",
    taskPageSize: "Seiten pro Aufgabe",
    taskPageSizeHint: "PDF-Dateien werden in Aufgaben dieser Seitenzahl (mindestens 1) parallel geparst.",
  },
  languages: {
    German: "Deutsch",
    English: "Englisch",
  },
  delimiters: {
    comma: "Komma",
    newline: "Zeilenumbruch",
    tab: "Tabulator",
    underline: "Unterstrich",
    slash: "Schrägstrich",
    minus: "Minus",
    semicolon: "Semikolon",
  },
  method: {
    formats: "Formate",
    example: "Beispiel",
    needsModel: {
      picture:
        "Im Team ist kein Bild-zu-Text-Modell festgelegt: Bilder lassen sich mit dieser Methode nicht parsen, das Parsen wird abgelehnt.",
      audio:
        "Im Team ist kein Sprache-zu-Text-Modell festgelegt: Audiodateien lassen sich nicht parsen, das Parsen wird abgelehnt.",
      resume:
        "Es ist kein Chat-Modell festgelegt, das schreiben kann (das eingebaute genügt nicht): Lebensläufe lassen sich mit dieser Methode nicht parsen, das Parsen wird abgelehnt.",
    },
  },
  methods: {
    naive: {
      label: "Allgemein",
      description:
        "Zerlegt den Text an den Trennzeichen und fasst die Stücke zu Abschnitten von höchstens „Tokens pro Abschnitt“ zusammen. Die richtige Wahl für gemischte Dokumente ohne besondere Struktur.",
      formats: "DOCX, XLSX, PPTX, PDF, TXT, MD, HTML, JSON, CSV, Bilder",
      example:
        "Ein 10-seitiger Arztbrief → etwa 12 Abschnitte à ≤ 512 Tokens, jeweils an einem Zeilenumbruch getrennt.",
    },
    qa: {
      label: "Frage & Antwort",
      description:
        "Für Tabellen mit zwei Spalten ohne Kopfzeile: links die Frage, rechts die Antwort. Jedes Paar wird ein Abschnitt; gesucht wird über die Frage.",
      formats: "XLSX, CSV, TXT (tabulatorgetrennt)",
      example:
        "„Was ist HbA1c? | Der Langzeitblutzucker der letzten 8–12 Wochen.“ → Frage: Was ist HbA1c? Antwort: Der Langzeitblutzucker …",
    },
    table: {
      label: "Tabelle",
      description:
        "Die erste Zeile enthält die Spaltennamen; jede weitere Zeile wird ein Abschnitt aus „Spalte: Wert“-Paaren. Ideal für Kataloge und Listen. Bei PDFs die Zeilen der Tabellen, die die Layout-Analyse findet.",
      formats: "XLSX, CSV, TXT, PDF",
      example: "Wirkstoff: Metformin; Dosis: 500 mg; Einnahme: zweimal täglich zum Essen",
    },
    one: {
      label: "Ganzes Dokument",
      description:
        "Das gesamte Dokument wird ein einziger Abschnitt. Sinnvoll für kurze Texte, die nur im Zusammenhang verständlich sind.",
      formats: "DOCX, XLSX, PDF, TXT, MD, HTML",
      example: "Ein zweiseitiger Aufklärungsbogen → 1 Abschnitt mit dem vollständigen Text.",
    },
    manual: {
      label: "Handbuch",
      description:
        "Beginnt an jeder Überschrift einen neuen Abschnitt (PDF: erkannt an Schriftgröße und -stärke; DOCX, Markdown, HTML: ihre Überschriften); jeder Abschnitt eines Kapitels beginnt mit dessen Titel, eine Tabelle bleibt als HTML ganz.",
      formats: "PDF, DOCX",
      example: "„3.2 Gerät reinigen – Trennen Sie das Gerät vom Netz und …“",
    },
    book: {
      label: "Buch",
      description:
        "Beginnt an jeder Überschrift und jedem nummerierten Kapitel („Kapitel 4“, „4.1 …“) einen neuen Abschnitt, sodass keiner zwei Kapitel überspannt; ein in einem PDF erkanntes Inhaltsverzeichnis fällt weg.",
      formats: "DOCX, PDF, TXT",
      example: "„4.1 Diagnostik – Die Diagnose stützt sich auf …“",
    },
    laws: {
      label: "Gesetze",
      description:
        "Beginnt an jeder Überschrift und jeder nummerierten Vorschrift (§, Art., Abschnitt, Kapitel) einen neuen Abschnitt; jeder Abschnitt einer Vorschrift beginnt mit ihrem Titel.",
      formats: "DOCX, PDF, TXT",
      example: "„§ 630e BGB Aufklärungspflichten (1) Der Behandelnde ist verpflichtet, …“",
    },
    paper: {
      label: "Fachartikel",
      description:
        "Für wissenschaftliche Artikel: der Anfang bis zur ersten Kapitelüberschrift (Titel, Autoren, Zusammenfassung) bleibt ein Abschnitt, danach beginnt jedes Kapitel einen neuen. In PDFs werden Überschriften an Schriftgröße und -stärke erkannt.",
      formats: "PDF",
      example: "„Methoden: 120 Patientinnen und Patienten wurden randomisiert …“",
    },
    presentation: {
      label: "Präsentation",
      description:
        "Jede Folie (PPTX) bzw. Seite (PDF) wird ein Abschnitt: bei Folien Titel, Aufzählungen, Tabellen und Sprechernotizen. Mit einem Bild-zu-Text-Modell werden Bilder auf den Folien eigene Abschnitte.",
      formats: "PPTX, PDF",
      example: "„Folie 7: Risikofaktoren – Rauchen, Bluthochdruck, Bewegungsmangel“",
    },
    picture: {
      label: "Bild",
      description:
        "Braucht ein Bild-zu-Text-Modell (Modelleinstellungen): Das Modell beschreibt das Bild und schreibt seinen sichtbaren Text ab. Jedes Bild wird ein Abschnitt; ohne Modell wird das Parsen abgelehnt.",
      formats: "JPEG, JPG, PNG, TIF, GIF",
      example: "Foto eines Laborbefunds → „Kalium 4,1 mmol/l, Natrium 139 mmol/l …“",
    },
    email: {
      label: "E-Mail",
      description:
        "Übernimmt Absender, Empfänger und Betreff und zerlegt den Text der Mail. Anhänge (PDF, Office, Text, HTML, weitergeleitete Mails) werden mit dem Parser ihres Typs gelesen, je unter dem Namen des Anhangs.",
      formats: "EML",
      example: "„Betreff: Terminverschiebung · Von: praxis@example.de · Der Termin am …“",
    },
    tag: {
      label: "Tag",
      description:
        "Macht die Wissensdatenbank zu einem Tag-Set: Tabelle mit den Spalten Beschreibung und Tag. Andere Wissensdatenbanken verschlagworten damit ihre Abschnitte.",
      formats: "XLSX, CSV, TXT",
      example: "„Brustschmerz mit Ausstrahlung in den linken Arm | Kardiologie“",
    },
    resume: {
      label: "Lebenslauf",
      description:
        "Braucht ein Chat-Modell (Modelleinstellungen): Es liest den Lebenslauf und gibt Name, Kontakt, Ausbildung, Berufserfahrung, Kenntnisse und Sprachen zurück. Diese Felder werden ein eigener Abschnitt und gehen in die Metadaten des Dokuments; der Text folgt wie bei „Allgemein“. Ohne Modell wird das Parsen abgelehnt.",
      formats: "DOCX, PDF, TXT",
      example: "„Name: Anna Berger · Ausbildung: Staatsexamen, Medizin, Charité Berlin · Kenntnisse: Sonografie“",
    },
    audio: {
      label: "Audio",
      description:
        "Braucht ein Sprache-zu-Text-Modell (Modelleinstellungen): Das Modell schreibt die Aufnahme mit; liefert es Zeitabschnitte, beginnt jede Zeile mit ihrer Zeit. Die Zeilen werden zu Abschnitten von höchstens „Tokens pro Abschnitt“ zusammengefasst; ohne das Modell wird die Datei nicht geparst.",
      formats: "MP3, WAV, M4A, OGG, OPUS, FLAC, AAC",
      example: "„[00:04–00:09] Die Impfung wird nach vier Wochen wiederholt.“",
    },
  },
  indexTask: {
    states: { none: "Noch nicht erzeugt", running: "Läuft", done: "Fertig", failed: "Fehlgeschlagen" },
    begunAt: "Gestartet {{time}}",
    showLog: "Protokoll anzeigen",
    openModelSettings: "Zu den Modelleinstellungen",
    raptor: {
      title: "RAPTOR-Zusammenfassungen",
      description:
        "Clustert die Abschnitte Ebene für Ebene und lässt das Chat-Modell jeden Cluster zusammenfassen; die Zusammenfassungen werden wie Abschnitte durchsucht. Verwendet die gespeicherten RAPTOR-Einstellungen.",
      none: "Es gibt noch keine Zusammenfassungen. Ein Chat-Modell muss eingerichtet sein (Modelleinstellungen).",
      summary_one: "{{count}} Zusammenfassung in {{seconds}} s",
      summary_other: "{{count}} Zusammenfassungen in {{seconds}} s",
      progress: "Fortschritt der RAPTOR-Zusammenfassung",
      start: "Zusammenfassungen erzeugen",
      restart: "Neu erzeugen",
      started: "RAPTOR wurde gestartet.",
      remove: "Zusammenfassungen löschen",
      cancel: "Abbrechen und löschen",
      removeTitle: "RAPTOR-Zusammenfassungen löschen?",
      removeBody:
        "Eine laufende Erzeugung wird abgebrochen und alle Zusammenfassungen dieser Wissensdatenbank werden gelöscht. Die Abschnitte der Dokumente bleiben erhalten.",
      removed: "Die Zusammenfassungen wurden gelöscht.",
    },
    graph: {
      title: "Wissensgraph",
      description:
        "Das Chat-Modell liest jeden Abschnitt und notiert Entitäten der gewählten Typen und ihre Beziehungen; Assistenten, Suchen und Abrufe mit „Wissensgraph verwenden“ stellen die Entitäten, die eine Frage nennt, an den Anfang.",
      none: "Es gibt noch keinen Wissensgraphen. Ein Chat-Modell muss eingerichtet sein (Modelleinstellungen), und die Dokumente müssen geparst sein.",
      summary_one: "Erstellt in {{seconds}} s",
      summary_other: "Erstellt in {{seconds}} s",
      progress: "Fortschritt des Wissensgraphen",
      start: "Wissensgraph erzeugen",
      restart: "Neu erzeugen",
      started: "Der Wissensgraph wird erzeugt.",
      remove: "Wissensgraph löschen",
      cancel: "Abbrechen und löschen",
      removeTitle: "Wissensgraph löschen?",
      removeBody:
        "Eine laufende Erzeugung wird abgebrochen und der Wissensgraph dieser Wissensdatenbank wird gelöscht. Die Abschnitte bleiben erhalten.",
      removed: "Der Wissensgraph wurde gelöscht.",
      show: "Graph anzeigen",
      viewTitle: "Wissensgraph: {{count}} Entitäten",
      empty:
        "Der Graph enthält keine Entitäten: Das Modell hat in den Abschnitten keine Entitäten der gewählten Typen gefunden.",
      entities: "Entitäten",
      relations: "Beziehungen",
      communities: "Community-Berichte",
      communityMeta: "{{count}} Entitäten · Ebene {{level}} · Bedeutung {{rating}}/10",
      findings_one: "{{count}} Erkenntnis",
      findings_other: "{{count}} Erkenntnisse",
    },
    mindmap: {
      title: "Mindmap",
      description:
        "Das Chat-Modell gliedert die Abschnitte der Wissensdatenbank (in Leserichtung, höchstens 2.000) Teil für Teil zu einer Mindmap; die Teile werden zu einem Baum zusammengeführt.",
      none: "Es gibt noch keine Mindmap. Ein Chat-Modell muss eingerichtet sein (Modelleinstellungen), und die Dokumente müssen geparst sein.",
      summary_one: "Erstellt in {{seconds}} s",
      summary_other: "Erstellt in {{seconds}} s",
      progress: "Fortschritt der Mindmap",
      start: "Mindmap erzeugen",
      restart: "Neu erzeugen",
      started: "Die Mindmap wird erzeugt.",
      remove: "Mindmap löschen",
      cancel: "Abbrechen und löschen",
      removeTitle: "Mindmap löschen?",
      removeBody:
        "Eine laufende Erzeugung wird abgebrochen und die Mindmap dieser Wissensdatenbank wird gelöscht. Die Abschnitte bleiben erhalten.",
      removed: "Die Mindmap wurde gelöscht.",
      show: "Mindmap anzeigen",
      root: "Überblick",
      empty: "Die Mindmap ist leer: Das Modell hat keine Gliederung geschrieben.",
    },
  },
  tagSet: {
    title: "Tags dieses Tag-Sets",
    description:
      "Die Tags aus der zweiten Spalte der hochgeladenen Tabellen. Wissensdatenbanken, die dieses Tag-Set verwenden, vergeben sie beim Parsen; nach Änderungen dort neu parsen.",
    empty:
      "Noch keine Tags: Laden Sie eine Tabelle (CSV, Excel) mit Inhalt in der ersten und Tags in der zweiten Spalte hoch und parsen Sie sie.",
    filter: "Tags filtern",
    count_one: "{{count}} Tag",
    count_other: "{{count}} Tags",
    tag: "Tag",
    rows: "Zeilen",
    actions: "Aktionen",
    rename: "Umbenennen",
    renameTag: "Tag „{{tag}}“ umbenennen",
    deleteTag: "Tag „{{tag}}“ löschen",
    noMatch: "Kein Tag passt zum Filter.",
    renameTitle: "Tag „{{tag}}“ umbenennen",
    newName: "Neuer Name",
    deleteTitle: "Tag „{{tag}}“ löschen?",
    deleteBody:
      "Der Tag wird von allen Zeilen dieses Tag-Sets entfernt. Bereits getaggte Abschnitte anderer Wissensdatenbanken behalten ihn bis zum nächsten Parsen.",
  },
  errors: {
    min: "Der Wert muss mindestens {{min}} sein.",
    max: "Der Wert darf höchstens {{max}} sein.",
    integer: "Bitte geben Sie eine ganze Zahl ein.",
    number: "Bitte geben Sie eine Zahl ein.",
    backticks:
      "Ungerade Anzahl von Backticks: Mehrzeichen-Trennzeichen müssen vollständig in Backticks stehen, z. B. `##`.",
    tagIds: "Jede ID muss aus genau 32 Hex-Zeichen (0–9, a–f) bestehen.",
    pageRange: "Die Bis-Seite muss größer oder gleich der Von-Seite sein.",
    pageOrder: "Jeder Bereich muss nach dem Ende des vorherigen Bereichs beginnen.",
    embeddingModel: "Das Modell muss die Form <Modell>@<Anbieter> haben.",
    avatar: "Bitte wählen Sie ein PNG- oder JPEG-Bild.",
    metadataDuplicate: "Jeder Feldname darf nur einmal vorkommen.",
  },
  autoMetadata: {
    title: "Automatische Metadaten",
    hint: "Das Chat-Modell füllt beim Parsen diese Felder jedes Dokuments aus seinen Abschnitten. Von Hand gesetzte Werte bleiben erhalten; Listen erhalten neue Werte dazu.",
    enable: "Metadaten beim Parsen erzeugen",
    enableHint:
      "Nutzt das Chat-Modell der Wissensdatenbank oder das Standardmodell des Teams. Gilt für jedes Parsen ab dem Speichern.",
    fields: "Felder",
    fieldsHint:
      "Name, Art, Bedeutung für das Modell und – bei Text und Liste – die erlaubten Werte, durch Kommas getrennt (leer: beliebig).",
    empty: "Noch keine Felder.",
    add: "Feld hinzufügen",
    name: "Name von Feld {{index}}",
    namePlaceholder: "z. B. Autor",
    type: "Art von Feld {{index}}",
    description: "Beschreibung von Feld {{index}}",
    descriptionPlaceholder: "Was das Feld bedeutet",
    values: "Erlaubte Werte von Feld {{index}}",
    valuesPlaceholder: "Erlaubte Werte, z. B. RKI, PEI",
    remove: "Feld {{index}} entfernen",
    types: { string: "Text", list: "Liste", number: "Zahl", time: "Zeitpunkt" },
  },
};
