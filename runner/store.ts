// The failure store: every finding of every run, one repro file per signature and engine, written the
// moment it is found and replaced when it is shrunk, so that a run killed at any point keeps what it
// found. Every run replays the store first (as Hypothesis replays its database). A folder per engine
// (and named fault) keeps one engine's findings from being taken for another's.
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../model/errors.ts';
import { readJsonFile } from '../model/json-file.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import type { EngineId, Expectation, Repro } from '../model/schema-types.ts';
import type { EngineFailureKind } from '../adapters/engine-failure.ts';
import type { Judge } from './evaluate.ts';
import type { Expectations } from './expectations.ts';
import { replayRepro, type ReplayResult } from './replay.ts';
import { parseSignature, shortHash, signatureFileName } from './signatures.ts';

export interface StoredFinding {
  path: string;
  repro: Repro;
}

export class FailureStore {
  /** The folder of this engine's findings. */
  readonly dir: string;

  constructor(
    readonly root: string,
    engine: EngineId,
  ) {
    this.dir = join(root, engineFolder(engine));
  }

  /** The file a finding with this signature is kept in. */
  pathFor(signature: string): string {
    return join(this.dir, signatureFileName(signature));
  }

  /** The findings stored for this engine, in file name order; files that are not valid repros are reported in `unreadable`. */
  list(): { findings: StoredFinding[]; unreadable: string[] } {
    if (!existsSync(this.dir)) return { findings: [], unreadable: [] };
    const findings: StoredFinding[] = [];
    const unreadable: string[] = [];
    for (const name of readdirSync(this.dir).sort()) {
      if (!name.endsWith('.repro.json')) continue;
      const path = join(this.dir, name);
      try {
        const doc = readJsonFile(path);
        const issues = validateDocument('repro', doc);
        if (issues.length > 0) throw new InputError(`${path}: ${formatIssues(issues)[0]}`);
        findings.push({ path, repro: doc as Repro });
      } catch (error) {
        unreadable.push(error instanceof Error ? error.message : String(error));
      }
    }
    return { findings, unreadable };
  }

  /** Writes a repro under its signature, atomically; returns its path. */
  save(repro: Repro & { signature: string }): string {
    mkdirSync(this.dir, { recursive: true });
    const path = this.pathFor(repro.signature);
    writeJsonAtomically(path, repro);
    return path;
  }

  /** Moves a finding that no longer fails to fixed/, under a name no other finding has; returns its new path. */
  retire(finding: StoredFinding): string {
    const folder = join(this.dir, 'fixed');
    mkdirSync(folder, { recursive: true });
    const to = join(folder, `${basename(finding.path, '.repro.json')}-${shortHash(JSON.stringify(finding.repro.scenario))}.repro.json`);
    renameSync(finding.path, to);
    return to;
  }
}

/** The store's folder for an engine: its name, and its named faults when it has some. */
export function engineFolder(engine: EngineId): string {
  const part = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '') || 'engine';
  return [engine.name, ...(engine.fault?.split(',') ?? [])].map(part).join('+');
}

/** Writes a JSON document so that no reader, and no crash, ever leaves half of it: a temporary file, then a rename. */
export function writeJsonAtomically(path: string, doc: unknown): void {
  writeTextAtomically(path, `${JSON.stringify(doc, null, 2)}\n`);
}

/** Writes a text file the same way: a temporary file, then a rename. */
export function writeTextAtomically(path: string, text: string): void {
  const temporary = join(path, '..', `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

export interface StoreReplay {
  /** Store files that could not be read as repros, with why. */
  unreadable: string[];
  replayed: {
    signature: string;
    repro: string;
    verdict: Repro['verdict'];
    result: ReplayResult;
    /** For engine-failed: how the engine failed on it. */
    failure?: EngineFailureKind;
    /** Its repro is shrunk (not the first scenario of a run that stopped). */
    shrunk: boolean;
    /** Every kind of it is named by an expectation. */
    xfail: boolean;
    /** Where a finding that now passes went. */
    movedTo?: string;
  }[];
  /** The expectations that findings which still fail show. */
  expectedSeen: string[];
}

/**
 * Replays every stored finding of the engine, before a run: those that still fail stay, those that
 * now pass move to fixed/, those that never reproduced stay and say so, and those the engine crashed,
 * hung or broke the protocol on stay too: a failing engine says nothing about a fix.
 */
export async function replayStore(j: Judge, store: FailureStore, expectations: Expectations): Promise<StoreReplay> {
  const { findings, unreadable } = store.list();
  const out: StoreReplay = { unreadable, replayed: [], expectedSeen: [] };
  for (const f of findings) {
    let replayed: Awaited<ReturnType<typeof replayRepro>>;
    try {
      replayed = await replayRepro(j, f.repro, f.path);
    } catch (error) {
      // A finding of another castcheck (a property since renamed) is reported, never a reason to stop.
      if (!(error instanceof InputError)) throw error;
      out.unreadable.push(error.message);
      continue;
    }
    const { result, target, judged } = replayed;
    const signature = f.repro.signature ?? ('property' in target ? target.property!.id : f.repro.verdict);
    const named = expectationOf(signature, expectations);
    if (result === 'still-fails' && named) out.expectedSeen.push(named.signature);
    out.replayed.push({
      signature,
      repro: f.path,
      verdict: f.repro.verdict,
      result,
      ...(result === 'engine-failed' && judged.failure ? { failure: judged.failure.kind } : {}),
      shrunk: f.repro.replay.shrunk !== false,
      xfail: named !== undefined,
      ...(result === 'now-passes' ? { movedTo: store.retire(f) } : {}),
    });
  }
  return out;
}

/** The expectation that names a signature. */
function expectationOf(signature: string, e: Expectations): Expectation | undefined {
  const s = parseSignature(signature);
  return 'engine' in s ? e.forEngineFailure(signature) : e.forKind(s.property, s.kind);
}

/** A stored finding that fails the run: it still fails (and is neither expected nor only a contested reading), or the engine failed on it. */
export function failsTheRun(r: { result: ReplayResult; xfail?: boolean; verdict?: Repro['verdict'] }): boolean {
  return r.result === 'engine-failed' || (r.result === 'still-fails' && !r.xfail && r.verdict !== 'contested');
}
