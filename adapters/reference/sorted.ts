// Sorted copies of the short lists the engine sorts at every step (a battlefield's permanents by id,
// a hand, kicker labels): an insertion sort, as Array.prototype.sort was a tenth of the engine's time
// on lists this short. The order is sort()'s for strings (UTF-16 code units), and stable.

/** A copy of `items` in the order of their keys. */
export function sortedBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const out = items.slice();
  for (let i = 1; i < out.length; i++) {
    const item = out[i]!;
    const k = key(item);
    let j = i - 1;
    while (j >= 0 && key(out[j]!) > k) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = item;
  }
  return out;
}

const itself = <S extends string>(s: S): S => s;

/** A sorted copy of a list of strings, as `[...strings].sort()` gives it. */
export function sortedStrings<S extends string>(strings: readonly S[]): S[] {
  return sortedBy(strings, itself);
}
