/**
 * Area under the ROC curve for the ORM's training reports, as the
 * Mann–Whitney U statistic: the probability that a random positive scores
 * above a random negative, ties counted one half (midranks). NaN when either
 * class is empty.
 */

/**
 * AUROC of `scores` against binary `labels` (1 = positive).
 *
 * @example
 * auroc([0.9, 0.2, 0.5], [1, 0, 1]); // 1
 * auroc([0.5, 0.5], [1, 0]);         // 0.5
 */
export function auroc(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  if (scores.length !== labels.length) throw new RangeError(`${scores.length} scores for ${labels.length} labels`);
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && scores[order[j + 1]!] === scores[order[i]!]) j++;
    const midrank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      const y = labels[order[k]!]!;
      if (y !== 0 && y !== 1) throw new RangeError(`labels must be 0 or 1, got ${y}`);
      if (y === 1) { positives++; rankSum += midrank; }
    }
    i = j + 1;
  }
  const negatives = scores.length - positives;
  if (positives === 0 || negatives === 0) return NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}
