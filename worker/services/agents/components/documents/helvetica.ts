// Helvetica's advance widths (1/1000 em, from its AFM) for WinAnsi codes 32–126; other Latin letters take their
// base letter's width (Ä as A), everything else an average. Bold runs about 8 % wider. Used only to break lines.
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

const AVERAGE = 556;

const widthOfChar = (char: string): number => {
  const code = char.charCodeAt(0);
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[code - 32] as number;
  if (char === "ß") return 611;
  const base = char.normalize("NFD")[0] ?? "";
  const baseCode = base.charCodeAt(0);
  if (base !== char && baseCode >= 32 && baseCode <= 126) return ASCII_WIDTHS[baseCode - 32] as number;
  return AVERAGE;
};

export const textWidth = (text: string, size: number, bold = false) => {
  let units = 0;
  for (const char of text) units += widthOfChar(char);
  return (units * size * (bold ? 1.08 : 1)) / 1000;
};
