// Expectations: the failures an engine is known to have, by signature (schema/expectations.schema.json),
// in the spirit of web-platform-tests metadata and toml-test's skip lists. A run reports them as
// expected failures (XFAIL); one that did not occur where it had the chance is stale.
import { InputError } from '../model/errors.ts';
import { readJsonFile } from '../model/json-file.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import type { Expectation, Expectations as ExpectationsFile } from '../model/schema-types.ts';
import type { Property } from '../properties/property.ts';
import { checked, type SuiteResult } from './results.ts';
import { broaderKinds, parseSignature } from './signatures.ts';

export class Expectations {
  private readonly byKind = new Map<string, Expectation>();
  private readonly byEngineFailure = new Map<string, Expectation>();

  constructor(
    readonly list: readonly Expectation[] = [],
    /** The file they were read from. */
    readonly file?: string,
  ) {
    for (const e of list) {
      const s = parseSignature(e.signature);
      if ('engine' in s) this.byEngineFailure.set(e.signature, e);
      else this.byKind.set(`${s.property}\u0000${s.kind}`, e);
    }
  }

  static readonly none = new Expectations();

  /** Reads and checks a file: every signature must name a property this castcheck has. */
  static load(file: string, properties: readonly Property[]): Expectations {
    const doc = readJsonFile(file);
    const issues = validateDocument('expectations', doc);
    if (issues.length > 0) throw new InputError(`${file} is not a valid expectations file`, formatIssues(issues).map((l) => `  ${l}`));
    const list = (doc as ExpectationsFile).expectations;
    list.forEach((e, i) => {
      const s = parseSignature(e.signature);
      if ('property' in s && !properties.some((p) => p.id === s.property)) {
        throw new InputError(`${file}: /expectations/${i}/signature: no property '${s.property}' (castcheck list shows them)`);
      }
    });
    return new Expectations(list, file);
  }

  /**
   * The expectation that names this kind of failure of a property. An agreement kind names the action
   * it differed at (`battlefield[].name@resolve`); an expectation without one (`battlefield[].name`)
   * names that difference at any action; one without the rule of a branch (`copies.x` for
   * `copies.x:CR707.10`) names every branch.
   */
  forKind(property: string, kind: string): Expectation | undefined {
    for (const k of broaderKinds(kind)) {
      const e = this.byKind.get(`${property}\u0000${k}`);
      if (e) return e;
    }
    return undefined;
  }

  /** The expectation that names this engine failure's signature. */
  forEngineFailure(signature: string): Expectation | undefined {
    return this.byEngineFailure.get(signature);
  }
}

/**
 * The expectations that did not occur although they had the chance: their property ran and applied
 * to at least one scenario (an engine failure's, that any scenario ran).
 */
export function staleExpectations(e: Expectations, seen: ReadonlySet<string>, applied: (property: string) => boolean, scenarios: number): Expectation[] {
  return e.list.filter((x) => {
    if (seen.has(x.signature)) return false;
    const s = parseSignature(x.signature);
    return 'engine' in s ? scenarios > 0 : applied(s.property);
  });
}

/**
 * The expectations a run leaves stale, counting those the stored findings replayed before it showed.
 * Agreement, skipped against the reference engine itself where it cannot fail, had its chance too.
 */
export function staleAfterRun(e: Expectations, result: SuiteResult, seenInStore: readonly string[]): Expectation[] {
  const seen = new Set([...result.clusters.flatMap((c) => (c.expectation ? [c.expectation.signature] : [])), ...seenInStore]);
  const applied = (id: string) => result.tallies.some((t) => t.property.id === id && (t.vacuous === true || checked(t) + t.checkedNothing > 0));
  return staleExpectations(e, seen, applied, result.runs);
}

/**
 * The expectations file rewritten after a run: the ones that occurred or had no chance to keep their
 * notes, the stale ones go, and every unexpected failure found is added with a note saying so.
 */
export function updatedExpectations(e: Expectations, stale: readonly Expectation[], found: readonly { signature: string; note: string }[], engine: string): ExpectationsFile {
  const gone = new Set(stale.map((x) => x.signature));
  const kept = e.list.filter((x) => !gone.has(x.signature));
  const known = new Set(kept.map((x) => x.signature));
  const added = found.filter((f) => !known.has(f.signature)).map((f) => ({ signature: f.signature, note: f.note }));
  return { format: 'castcheck-expectations/1', engine, expectations: [...kept, ...added] };
}
