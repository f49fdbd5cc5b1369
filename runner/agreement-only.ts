// What agreement alone saw, given to one rule cause (runner/causes.ts joins clusters into findings;
// this is its last step).
import type { Cluster } from './results.ts';
import { minimalRepro, skeleton } from './repro-shape.ts';

/**
 * Agreement is the fallback that sees any difference: a difference it alone saw is taken for a
 * consequence of the rule property's failure its minimal repro shows (a spell left unkicked changes
 * the life it deals, the targets its copy may choose), else of one whose repro shows it, else of one
 * seen in each of its scenarios. It joins one cause only, the one it came with most often, so that
 * it never joins two bugs into one.
 */
export function attachAgreementOnly(clusters: readonly Cluster[], root: (i: number) => number, join: (i: number, into: number) => void): void {
  const byRoot = new Map<number, number[]>();
  clusters.forEach((_, i) => byRoot.set(root(i), [...(byRoot.get(root(i)) ?? []), i]));
  const repro = (c: Cluster) => {
    const s = minimalRepro(c);
    return s === undefined ? [] : [skeleton(s, false)];
  };
  const agreementOnly = (members: number[]) => members.every((i) => clusters[i]!.property?.kind === 'agreement');
  const ruled = new Set([...byRoot].filter(([, members]) => !agreementOnly(members)).map(([r]) => r));
  for (const [r, members] of byRoot) {
    if (!agreementOnly(members)) continue;
    const came = new Map<number, number>();
    for (const i of members) {
      const mine = clusters[i]!;
      for (let j = 0; j < clusters.length; j++) {
        const other = clusters[j]!;
        if (other.property === undefined || !ruled.has(root(j))) continue;
        // Its repro shows the other, or the other's repro shows it, or it came with the other every
        // time; a rule property's failure before another difference agreement saw with it.
        const shown = mine.inRepro?.has(other.signature) ? 4 : other.inRepro?.has(mine.signature) ? 2 : mine.together?.has(other.signature) ? 0 : undefined;
        if (shown === undefined) continue;
        const weight = (shown + (other.property.kind === 'agreement' ? 0 : 1)) * 1_000_000 + other.count;
        came.set(root(j), Math.max(came.get(root(j)) ?? 0, weight));
      }
    }
    // Seen with none: the cause whose repro does the same, whatever the cards, or the same and more
    // (a copy of a kicked spell refused its new targets, where a rule property saw a copy of another
    // kicked spell lose its kick, or resolve with the effect of an unkicked one).
    if (came.size === 0) {
      const shapes = members.flatMap((i) => repro(clusters[i]!));
      clusters.forEach((other, j) => {
        const shape = repro(other)[0];
        if (other.property === undefined || other.property.kind === 'agreement' || root(j) === r || shape === undefined) return;
        if (!shapes.some((s) => shape === s || shape.startsWith(`${s}, `))) return;
        came.set(root(j), Math.max(came.get(root(j)) ?? 0, other.count));
      });
    }
    // Seen with none and doing something else: the one cause with a rule property's failure under
    // which agreement saw the same field differ, at another action (a trigger's stack at a destroy,
    // and at the resolution of a spell whose damage destroys).
    if (came.size === 0) {
      const fields = new Set(members.map((i) => fieldOf(clusters[i]!.signature)));
      const sharing = [...ruled].filter((g) => g !== r && (byRoot.get(g) ?? []).some((j) => clusters[j]!.property?.kind === 'agreement' && fields.has(fieldOf(clusters[j]!.signature))));
      if (sharing.length === 1) came.set(sharing[0]!, 0);
    }
    // Seen with none, and an answer to an action: the one cause under which agreement saw the engine
    // answer otherwise where the reference engine rejected the same kind of action for the same
    // reason (a spell aimed at itself, rejected for its targets: the engine accepted it, or refused it
    // for its payment); when two causes have that, neither.
    if (came.size === 0) {
      const missed = new Set(members.flatMap((i) => referenceRejection(clusters[i]!.signature)));
      const sharing = [...ruled].filter((g) => g !== r && (byRoot.get(g) ?? []).some((j) => clusters[j]!.property?.kind === 'agreement' && referenceRejection(clusters[j]!.signature).some((x) => missed.has(x))));
      if (sharing.length === 1) came.set(sharing[0]!, 0);
    }
    const best = [...came].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
    if (best) join(r, best[0]);
  }
}

/**
 * Where agreement saw the engine answer otherwise than the reference engine's rejection: that
 * rejection and the kind of action (`agreement.reference:rejected:illegal-targets@cast`), else none.
 */
function referenceRejection(signature: string): string[] {
  const m = /^(agreement\.[^:]+):(rejected:[a-z-]+?)->(?:accepted|rejected:[a-z-]+)(@.+)$/.exec(signature);
  return m ? [`${m[1]}:${m[2]}${m[3]}`] : [];
}

/** What agreement found different, without the action it differed at (`agreement.reference:stack[]`). */
function fieldOf(signature: string): string {
  const at = signature.lastIndexOf('@');
  return at > 0 ? signature.slice(0, at) : signature;
}
