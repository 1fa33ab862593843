/**
 * The number of one-letter changes (a letter added, removed, replaced, or two swapped) between two
 * words: "requried" is 1 from "required", "patern" 1 from "pattern".
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i]!;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/** The known name closest to a misspelt one, if it is close enough to be the one meant. */
export function closestName(word: string, known: Iterable<string>): string | undefined {
  const limit = word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = editDistance(word.toLowerCase(), name.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return bestDistance <= limit ? best : undefined;
}

/** The known name a misspelt one may have meant, or "": a problem's `suggestion` param. */
export const suggestionFor = (word: string, known: Iterable<string>): string => closestName(word, known) ?? '';

/** ' Did you mean "required"?' for a suggestion, or nothing when there is none. */
export const didYouMeanText = (suggestion: string | undefined): string =>
  suggestion ? ` Did you mean "${suggestion}"?` : '';
