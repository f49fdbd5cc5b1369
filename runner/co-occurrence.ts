// Co-occurrence: two rule properties' failures that met, at one action, in far more scenarios than
// chance explains are one bug seen on two kinds of object (runner/causes.ts joins clusters into
// findings with it, and with surer signs first). Meetings are counted at one action (metAgain): two
// bugs of which one makes the scenarios of the other (a cast refused wrongly, and a later cast of the
// card still kicked from the refused one) meet in one scenario at two actions, 6.7 times as often as
// chance, where one bug's two kinds of object are seen at the action that does it.
import type { Cluster } from './results.ts';

/** Scenarios a rule cluster must have shared with another before co-occurrence may join them. */
export const MIN_MET = 3;
/** How unlikely a co-occurrence must be by chance (the other occurring as often as it does in the whole run) to join. */
export const CHANCE = 1e-4;
/**
 * The same for two properties that check the same rules, each for its own kind of what a spell does
 * (a spliced card's effects after its host's, in the state and in the events): a rule broken twice is
 * likelier one bug, so fewer scenarios tell it (5 of 8 together, where chance gives 0.7).
 */
export const CHANCE_SAME_RULES = 1e-3;
/**
 * How many times more often than its share of the run the other must have come: over many scenarios
 * any slight leaning is unlikely by chance (two bugs of one mechanic both need its scenarios, and
 * scenarios are not made one mechanic apart from another: a copy given new targets met a spliced
 * spell's cost paid wrongly 3.6 times as often as chance, where one bug seen on two kinds of object
 * met its other kind 7 to 21 times as often, seed 1, 2,000 runs; measured in scenarios, before
 * meetings were counted at one action, which only lowers them).
 */
export const MIN_LIFT = 5;

/**
 * Whether cluster `a` met cluster `b` (at one action) in more of its scenarios than chance explains: at least MIN_MET
 * of them, MIN_LIFT times what `b`'s share of all `runs` scenarios gives, and so many that `b`,
 * showing in that share independently of `a`, would show in as many of a's with a probability below
 * CHANCE (the binomial tail).
 */
export function metBeyondChance(a: Cluster, b: Cluster, runs: number): boolean {
  const k = a.met?.get(b.signature) ?? 0;
  if (k < MIN_MET || runs <= 0) return false;
  const share = Math.min(1, b.count / runs);
  return k >= MIN_LIFT * share * a.count && binomialTail(a.count, share, k) < (sameRules(a, b) ? CHANCE_SAME_RULES : CHANCE);
}

/** Whether two clusters are of properties that check exactly the same rules. */
function sameRules(a: Cluster, b: Cluster): boolean {
  const rules = (c: Cluster) => [...(c.property?.rules ?? [])].sort().join(' ');
  return a.property !== undefined && b.property !== undefined && rules(a) !== '' && rules(a) === rules(b);
}

/** ln m! at index m, grown as binomialTail needs. */
const LN_FACTORIALS = [0];

/** P(X >= k) for X ~ Binomial(n, p), summed in logarithms (n is at most the run's scenarios). */
export function binomialTail(n: number, p: number, k: number): number {
  if (k <= 0) return 1;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  // ln m! for every m up to n, kept between calls: a cluster of a common bug has thousands of
  // scenarios, and every pair of clusters asks.
  for (let m = LN_FACTORIALS.length; m <= n; m++) LN_FACTORIALS.push(LN_FACTORIALS[m - 1]! + Math.log(m));
  const lnFact = LN_FACTORIALS;
  let total = 0;
  for (let i = k; i <= n; i++) total += Math.exp(lnFact[n]! - lnFact[i]! - lnFact[n - i]! + i * Math.log(p) + (n - i) * Math.log(1 - p));
  return Math.min(1, total);
}

/**
 * Rule clusters of two causes that met at one action in more scenarios than chance explains are one bug seen by
 * two properties on two kinds of object (a spell that deals no damage to a player nor to a creature),
 * whose repros, each the smallest form of one kind, show nothing of each other. Where one repro shows
 * the other, the repros decide (attachConsequences): two bugs of one mechanic meet in its scenarios
 * far more than chance too (a copy of a kicked permanent that loses its kick is always also a token
 * named wrongly, when both are bugs), and the repro of the one shows the other.
 */
export function joinMetBeyondChance(clusters: readonly Cluster[], runs: number, root: (i: number) => number, join: (i: number, into: number) => void): void {
  const rule = (c: Cluster) => c.property !== undefined && c.property.kind !== 'agreement' && c.kind === 'fail';
  const rules = new Map(clusters.filter(rule).map((c) => [c.signature, c]));
  // A cluster whose repro shows another rule property's failure, whose repro does not show it back,
  // was placed by it as its consequence: co-occurrence, a weaker sign, does not move it, nor the
  // cause it is in (a copied multikicked permanent's token, unkicked by two bugs at once, met the
  // one whose repro it does not show in most of its scenarios).
  const placed = (c: Cluster) => c.inRepro === undefined || [...c.inRepro].some((s) => s !== c.signature && rules.get(s) !== undefined && rules.get(s)!.inRepro?.has(c.signature) !== true);
  for (let i = 0; i < clusters.length; i++) {
    for (let j = 0; j < clusters.length; j++) {
      const [a, b] = [clusters[i]!, clusters[j]!];
      if (i === j || root(i) === root(j) || !rule(a) || !rule(b)) continue;
      // Where one repro shows the other, or any other rule's failure, the repros have spoken.
      if (placed(a) || placed(b)) continue;
      if (metBeyondChance(a, b, runs)) join(i, j);
    }
  }
}
