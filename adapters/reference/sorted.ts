// Sorted copies of the short lists the engine sorts at every step (a hand, kicker labels, ids): an
// insertion sort, as Array.prototype.sort was a tenth of the engine's time on lists this short. The
// order is sort()'s for strings (UTF-16 code units), and stable.

/** A sorted copy of a list of strings, as `[...strings].sort()` gives it. */
export function sortedStrings<S extends string>(strings: readonly S[]): S[] {
  const out = strings.slice();
  for (let i = 1; i < out.length; i++) {
    const s = out[i]!;
    let j = i - 1;
    while (j >= 0 && out[j]! > s) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = s;
  }
  return out;
}
