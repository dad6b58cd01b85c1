// Strings of a Buddy's rerun from a failed step and a single component's test (Editor).
export const agentRunsDe = {
  rerunFailed: "Ab fehlgeschlagenem Schritt erneut ausführen",
  test: {
    open: "Testen",
    title: "Komponente testen",
    hint: "Führt nur diese Komponente in ihrer gespeicherten Fassung aus, mit Beispielwerten für die Variablen, die sie liest.",
    noInputs: "Diese Komponente liest keine Variablen.",
    run: "Ausführen",
    outputs: "Ausgaben",
    failed: "Fehlgeschlagen: {{error}}",
    saveFirst: "Die Änderungen konnten nicht gespeichert werden; getestet wird die gespeicherte Fassung.",
  },
};
