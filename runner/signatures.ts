// Signatures: what kind of failure a failure is, as a string, normalised so that the same bug met in
// different scenarios has the same one. A property's failure is the property id and the kind of its
// divergence (`copies.kicked-like-original`, `agreement.reference:stack[].kicked`); an engine
// failure is its kind, how the process ended and the telling line of its stderr, with numbers, ids,
// addresses and paths taken out (`crash:exit 70:RuntimeError: simulated crash`).
import { createHash } from 'node:crypto';
import type { EngineFailureKind } from '../adapters/engine-failure.ts';
import { divergences, type Divergence } from '../properties/property.ts';
import type { Judged } from './judged.ts';

/** The kind of a divergence that names none. */
export const DEFAULT_KIND = 'fail';
export const CONTESTED_KIND = 'contested';

const ENGINE_KINDS: readonly EngineFailureKind[] = ['crash', 'timeout', 'protocol-error'];

/**
 * A divergence's kind: its own, or the default; with the rule of the branch that failed in front
 * (`CR702.33d`, `CR702.33d/stack[].kicked`) when the property names one, so that two bugs of one
 * property are two clusters.
 */
export function kindOf(d: Divergence): string {
  const kind = d.kind ?? (d.ruling !== undefined ? CONTESTED_KIND : DEFAULT_KIND);
  if (d.rule === undefined) return kind;
  return kind === DEFAULT_KIND ? `CR${d.rule}` : `CR${d.rule}/${kind}`;
}

/** The kinds an expectation may name a kind by, most exact first: itself, without its action (`@copy`), without its rule (`CR702.33d`). */
export function broaderKinds(kind: string): string[] {
  const rule = /^CR[^/@]+(?:\/(.*))?$/.exec(kind);
  const bare = rule ? (rule[1] ?? DEFAULT_KIND) : kind;
  const at = (k: string) => (k.lastIndexOf('@') > 0 ? [k.slice(0, k.lastIndexOf('@'))] : []);
  return [...new Set([kind, ...at(kind), bare, ...at(bare)])];
}

/** A property's signature for a failure of this kind: the bare id for its default kind. */
export function propertySignature(propertyId: string, kind: string): string {
  return kind === DEFAULT_KIND ? propertyId : `${propertyId}:${kind}`;
}

export type ParsedSignature = { engine: EngineFailureKind } | { property: string; kind: string };

export function parseSignature(signature: string): ParsedSignature {
  const head = signature.split(':', 1)[0]!;
  if ((ENGINE_KINDS as readonly string[]).includes(head)) return { engine: head as EngineFailureKind };
  const rest = signature.slice(head.length + 1);
  return { property: head, kind: rest === '' ? DEFAULT_KIND : rest };
}

/** An engine failure's signature: its kind, how the process ended, and what it said, normalised. */
export function engineFailureSignature(f: { kind: EngineFailureKind; message: string; stderr: string }): string {
  // A hang says nothing more about itself than that it hung.
  if (f.kind === 'timeout') return 'timeout';
  // castcheck's own words about what broke the protocol, without the data the engine sent.
  if (f.kind === 'protocol-error') return `protocol-error:${normalize(f.message, false)}`;
  const exit = /exited with status (\d+)|killed by (SIG[A-Z0-9]+)/.exec(f.message);
  if (!exit) return `crash:error:${normalize(f.message.replace(/^.*?reported an error for request \d+: /, ''), true)}`;
  const how = exit[1] !== undefined ? `exit ${exit[1]}` : exit[2]!;
  const line = tellingLine(f.stderr);
  return `crash:${how}${line !== undefined ? `:${normalize(line, true)}` : ''}`;
}

/** The stderr line that says what went wrong: the last that names an error, else the last one. */
export function tellingLine(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !/^traceback \(most recent call last\)/i.test(l));
  const telling = lines.filter((l) => /error|exception|panic|fatal|abort|assert|segmentation|caused by/i.test(l));
  return telling.at(-1) ?? lines.at(-1);
}

/**
 * Takes out what changes from one occurrence of a bug to the next: file paths, addresses, numbers,
 * and (in an engine's own words) quoted ids and data. castcheck's messages keep their single quotes,
 * which name fields, not data.
 */
export function normalize(text: string, engineWords: boolean): string {
  let s = text;
  if (engineWords) s = s.replace(/(?:[A-Za-z]:)?(?:[\\/][\w.@+-]+){2,}[\\/]?(?::\d+)*/g, '<path>');
  s = s.replace(/0x[0-9a-fA-F]+/g, '<address>').replace(/"[^"]*"/g, '"…"');
  if (engineWords) s = s.replace(/'[^']*'/g, "'…'");
  s = s.replace(/\d+/g, 'N').replace(/\s+/g, ' ').trim();
  return s.length > 160 ? `${s.slice(0, 159)}…` : s;
}

/** A file name for a signature: readable, and unique through a hash of the whole signature. */
export function signatureFileName(signature: string, extension = '.repro.json'): string {
  return `${slug(signature, /[^a-z0-9.+]+/g)}-${shortHash(signature)}${extension}`;
}

/** Lower case, `[]` dropped, every run of other characters than `keep` made one '-', at most 80 characters. */
export function slug(text: string, other = /[^a-z0-9]+/g): string {
  return text
    .toLowerCase()
    .replace(/\[\]/g, '')
    .replace(other, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}

/**
 * Whether a judged scenario shows the failure a signature names: the same engine failure, or a
 * divergence of the property of the kind it names. Shrinking and replay use it; a run sorts
 * scenarios into clusters more strictly (runner/clusters.ts).
 */
export function shows(j: Judged, signature: string): boolean {
  const s = parseSignature(signature);
  if ('engine' in s) return j.failure !== undefined && engineFailureSignature(j.failure) === signature;
  return showing(j, signature) !== undefined;
}

/** The divergence a property failure's signature names, with the others of its step; undefined when it is not there. */
export function showing(j: Judged, signature: string): Divergence[] | undefined {
  const s = parseSignature(signature);
  if ('engine' in s) return undefined;
  const v = j.verdicts?.get(s.property);
  if (!v || (v.status !== 'fail' && v.status !== 'contested')) return undefined;
  const all = divergences(v);
  const first = all.find((d) => kindOf(d) === s.kind);
  return first && [first, ...all.filter((d) => d !== first && d.step === first.step)];
}

/** What says most first: engine failures, then the rule properties, then agreement, then contested readings. */
export function clusterRank(c: { kind: string; property?: { kind?: string } }): number {
  return c.property === undefined ? 0 : c.kind === 'contested' ? 3 : c.property.kind === 'agreement' ? 2 : 1;
}

type Ordered = { signature: string; kind: string; property?: { kind?: string }; first: { run: number } };

/**
 * Clusters in the order of their first scenario; clusters first met in the same scenario by rank, then
 * by signature, so that a run split over workers or shards lists them as the unsplit run does.
 */
export function byFirstScenario(a: Ordered, b: Ordered): number {
  return a.first.run - b.first.run || clusterRank(a) - clusterRank(b) || (a.signature < b.signature ? -1 : a.signature > b.signature ? 1 : 0);
}
