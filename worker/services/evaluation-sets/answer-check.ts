import { stem, topicWords } from "../../lib/terms";

type Fact = { words: string[]; numbers: string[] };

const NUMBER = /^\d/;
const SENTENCE_END = /(?<=[.!?;])\s+|\n+/;

// The key facts of a reference answer: each sentence is one fact, made of its content words (topic words of
// three letters or more, stemmed) and its numbers.
export const keyFacts = (reference: string): Fact[] =>
  reference
    .split(SENTENCE_END)
    .map((sentence) => {
      const words = topicWords(sentence);
      return {
        numbers: [...new Set(words.filter((word) => NUMBER.test(word)))],
        words: [...new Set(words.filter((word) => !NUMBER.test(word) && word.length >= 3).map(stem))],
      };
    })
    .filter((fact) => fact.words.length + fact.numbers.length > 0);

// A fact is in the answer when every one of its numbers is, and at least half of its content words.
export const factsFound = (facts: Fact[], answer: string) => {
  const words = topicWords(answer);
  const present = new Set([...words, ...words.map(stem)]);
  return facts.filter(
    (fact) =>
      fact.numbers.every((number) => present.has(number)) &&
      fact.words.filter((word) => present.has(word)).length * 2 >= fact.words.length,
  ).length;
};
