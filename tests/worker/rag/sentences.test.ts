import { describe, expect, it } from "vitest";
import { splitSentences } from "../../../worker/rag/chat/sentences";

const texts = (content: string) => splitSentences(content).map((sentence) => sentence.text);

// heilprg.md as the law corpus writes it: Markdown headings, hard-wrapped lines, "(1)" enumerations.
const HEILPRG = `## § 3

Die Erlaubnis nach § 1 berechtigt nicht zur Ausübung der Heilkunde im
Umherziehen.

## § 5

Wer, ohne zur Ausübung des ärztlichen Berufs berechtigt zu sein und
ohne eine Erlaubnis nach § 1 zu besitzen, die Heilkunde ausübt, wird
mit Freiheitsstrafe bis zu einem Jahr oder mit Geldstrafe bestraft.

## § 6

(1) Die Ausübung der Zahnheilkunde fällt nicht unter die Bestimmungen
dieses Gesetzes.

(2) (gegenstandslos)`;

describe("sentence splitter", () => {
  it("keeps the heilprg sentences whole across line breaks, § signs and enumerations", () => {
    const sentences = splitSentences(HEILPRG);
    expect(sentences.filter((sentence) => !sentence.heading).map((sentence) => sentence.text)).toEqual([
      "Die Erlaubnis nach § 1 berechtigt nicht zur Ausübung der Heilkunde im Umherziehen.",
      "Wer, ohne zur Ausübung des ärztlichen Berufs berechtigt zu sein und ohne eine Erlaubnis nach § 1 zu besitzen, die Heilkunde ausübt, wird mit Freiheitsstrafe bis zu einem Jahr oder mit Geldstrafe bestraft.",
      "(1) Die Ausübung der Zahnheilkunde fällt nicht unter die Bestimmungen dieses Gesetzes.",
      "(2) (gegenstandslos)",
    ]);
    expect(sentences.filter((sentence) => sentence.heading).map((sentence) => sentence.text)).toEqual([
      "§ 3",
      "§ 5",
      "§ 6",
    ]);
  });

  it("does not split after German and English abbreviations", () => {
    expect(
      texts(
        "Das gilt z. B. für Ärzte, u. a. nach Art. 3 Abs. 2 Nr. 1 GG bzw. § 5 S. 2, d. h. ggf. auch usw. für andere. " +
          "Siehe Dr. Meier, e.g. the rules, i.e. all of them, etc. in Kap. 4 beschrieben. Danach endet es.",
      ),
    ).toEqual([
      "Das gilt z. B. für Ärzte, u. a. nach Art. 3 Abs. 2 Nr. 1 GG bzw. § 5 S. 2, d. h. ggf. auch usw. für andere.",
      "Siehe Dr. Meier, e.g. the rules, i.e. all of them, etc. in Kap. 4 beschrieben.",
      "Danach endet es.",
    ]);
  });

  it("does not split after ordinals and dates, but after a year that ends a sentence", () => {
    expect(
      texts("Am 3. Juli 1990 kam er im 19. Jahrhundert an. Er starb am 12. März 1901. Im Jahr 1990. Danach nicht."),
    ).toEqual([
      "Am 3. Juli 1990 kam er im 19. Jahrhundert an.",
      "Er starb am 12. März 1901.",
      "Im Jahr 1990.",
      "Danach nicht.",
    ]);
  });

  it("splits at ! ? and closing quotes, keeps decimals and lower-case continuations", () => {
    expect(texts('Er sagte: „Das ist gut." Wirklich? Ja! Die Kosten: 3.5 Mio. Euro. Was nun.')).toEqual([
      'Er sagte: „Das ist gut."',
      "Wirklich?",
      "Ja!",
      "Die Kosten: 3.5 Mio. Euro.",
      "Was nun.",
    ]);
    expect(texts("Das Verfahren nach Nr. 2 gilt. sonst nicht.")).toEqual([
      "Das Verfahren nach Nr. 2 gilt. sonst nicht.",
    ]);
  });

  it("keeps numbered list items and table rows as units of their own", () => {
    expect(texts("Pflichten:\n1. Die Meldung erfolgt sofort.\n2. Die Behörde prüft.\n| Spalte | Wert |")).toEqual([
      "Pflichten:",
      "1. Die Meldung erfolgt sofort.",
      "2. Die Behörde prüft.",
      "| Spalte | Wert |",
    ]);
  });

  it("marks a title line before prose as a heading and drops markup", () => {
    const sentences = splitSentences(
      "Super Bowl 50\nDie Verteidigung der Panthers gab nur 308 Punkte ab. Sie <b>führte</b> die Liga an.",
    );
    expect(sentences.map(({ text, heading }) => [text, heading])).toEqual([
      ["Super Bowl 50", true],
      ["Die Verteidigung der Panthers gab nur 308 Punkte ab.", false],
      ["Sie führte die Liga an.", false],
    ]);
    expect(
      texts("Computational complexity theory\nFür eine genaue Definition wird ein Rechenmodell verwendet."),
    ).toEqual(["Computational complexity theory", "Für eine genaue Definition wird ein Rechenmodell verwendet."]);
    expect(
      splitSentences("Computational complexity theory\nFür eine genaue Definition wird ein Modell verwendet.")[0]
        ?.heading,
    ).toBe(true);
    // a hard-wrapped line of prose is no title, even when it ends in a noun
    expect(texts("Wer die Heilkunde ausübt, braucht die Erlaubnis der\nBehörde.")).toEqual([
      "Wer die Heilkunde ausübt, braucht die Erlaubnis der Behörde.",
    ]);
  });
});
