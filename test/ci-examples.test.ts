// The nightly examples under examples/ci/ parse, split one run into as many shards as they start
// (every shard once, the same day for all), merge every shard's result, keep the store, and use
// only options castcheck has.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { main } from '../cli/main.ts';

const read = (file: string) => readFileSync(new URL(`../examples/ci/${file}`, import.meta.url), 'utf8');

/** The options `castcheck COMMAND --help` lists. */
async function optionsOf(command: string): Promise<Set<string>> {
  let help = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((help += String(chunk)), true));
  try {
    expect(await main([command, '--help'])).toBe(0);
  } finally {
    write.mockRestore();
  }
  return new Set(help.match(/--[a-z-]+/g));
}

/** Every option a castcheck command line of a script uses is one that command has. */
async function expectKnownOptions(script: string): Promise<string[]> {
  const commands = [...script.matchAll(/npx castcheck (\w+)([^;|]*)/g)];
  expect(commands.length).toBeGreaterThan(0);
  for (const [, command, args] of commands) {
    const known = await optionsOf(command!);
    for (const option of args!.match(/(?<![\w-])--[a-z-]+/g) ?? []) expect(known, `castcheck ${command} ${option}`).toContain(option);
  }
  return commands.map((c) => c[1]!);
}

afterEach(() => vi.restoreAllMocks());

describe('the GitHub Actions nightly workflow', () => {
  const wf = parse(read('github-nightly.yml')) as {
    env: Record<string, string>;
    on: Record<string, unknown>;
    jobs: Record<string, { needs?: string | string[]; if?: string; outputs?: Record<string, string>; strategy?: { 'fail-fast': boolean; matrix: { shard: number[] } }; steps: { uses?: string; run?: string; with?: Record<string, string> }[] }>;
  };
  const runs = (job: string) => wf.jobs[job]!.steps.flatMap((s) => (s.run ? [s.run] : [])).join('\n');
  const uses = (job: string, action: string) => wf.jobs[job]!.steps.filter((s) => s.uses?.startsWith(action));

  it('runs every night, one shard per machine of the matrix, all of one run', async () => {
    expect(wf.on).toHaveProperty('schedule');
    const shards = Number(wf.env.SHARDS);
    expect(wf.jobs.fuzz!.strategy!.matrix.shard).toEqual(Array.from({ length: shards }, (_, i) => i + 1));
    expect(wf.jobs.fuzz!.strategy!['fail-fast']).toBe(false);
    const fuzz = runs('fuzz');
    expect(fuzz).toContain('--shard "${{ matrix.shard }}/$SHARDS"');
    // One day, worked out once, for every shard: the seed comes from it.
    expect(wf.jobs.fuzz!.needs).toBe('plan');
    expect(wf.jobs.plan!.outputs!.date).toBeDefined();
    expect(fuzz).toContain('--date "${{ needs.plan.outputs.date }}"');
    expect(fuzz).toMatch(/--time "\$TIME"/);
    expect(await expectKnownOptions(fuzz)).toEqual(['fuzz']);
    // Failures found (exit 1) do not fail the shard: the merge reports them.
    expect(fuzz).toMatch(/\|\| \[ \$\? -eq 1 \]/);
  });

  it('uploads each shard, merges them all into one report and one store, and keeps the store for the next night', async () => {
    const upload = uses('fuzz', 'actions/upload-artifact')[0]!;
    expect(upload.with!.name).toBe('castcheck-shard-${{ matrix.shard }}');
    expect(upload.with!.path).toContain('castcheck-out/result-${{ matrix.shard }}.json');
    expect(upload.with!.path).toContain('castcheck-out/store');
    expect(runs('fuzz')).toContain('--result "castcheck-out/result-${{ matrix.shard }}.json"');

    expect(wf.jobs.merge!.needs).toBe('fuzz');
    expect(wf.jobs.merge!.if).toBe('always()');
    expect(uses('merge', 'actions/download-artifact')[0]!.with!.pattern).toBe('castcheck-shard-*');
    const merge = runs('merge');
    expect(merge).toContain('npx castcheck merge shards/*/result-*.json');
    expect(await expectKnownOptions(merge)).toEqual(['merge']);
    expect(uses('merge', 'actions/upload-artifact')[0]!.with!.path).toMatch(/merged/);

    const restore = uses('fuzz', 'actions/cache/restore')[0]!.with!;
    const save = uses('merge', 'actions/cache/save')[0]!.with!;
    // A cache is found again only under the same path; the newest of earlier nights by its prefix.
    expect(save.path).toBe(restore.path);
    expect(merge).toContain(`--store ${save.path}`);
    expect(save.key!.startsWith(restore['restore-keys']!)).toBe(true);
  });
});

describe('the Kubernetes Indexed Job', () => {
  type Job = { kind: string; spec: { completionMode?: string; completions?: number; parallelism?: number; template: { spec: { restartPolicy: string; containers: { env?: { name: string; value: string }[]; args: string[] }[] } } } };
  const [job] = parseAllDocuments(read('kubernetes-indexed-job.yaml')).map((d) => d.toJS() as Job);
  const [merge] = parseAllDocuments(read('kubernetes-merge-job.yaml')).map((d) => d.toJS() as Job);

  it('maps completion index i to shard i+1 of as many shards as it completes', async () => {
    expect(job!.kind).toBe('Job');
    expect(job!.spec.completionMode).toBe('Indexed');
    const container = job!.spec.template.spec.containers[0]!;
    const env = Object.fromEntries(container.env!.map((e) => [e.name, e.value]));
    expect(job!.spec.completions).toBe(Number(env.SHARDS));
    expect(job!.spec.parallelism).toBe(Number(env.SHARDS));
    expect(job!.spec.template.spec.restartPolicy).toBe('Never');
    const script = container.args.join(' ');
    expect(script).toContain('--shard "$((JOB_COMPLETION_INDEX + 1))/$SHARDS"');
    // As the shell expands it for each index: every shard once.
    const shards = Array.from({ length: Number(env.SHARDS) }, (_, index) => /--shard "\$\(\(JOB_COMPLETION_INDEX \+ 1\)\)\/\$SHARDS"/.exec(script) && `${index + 1}/${env.SHARDS}`);
    expect(shards).toEqual(['1/4', '2/4', '3/4', '4/4']);
    expect(script).toContain('--date "$CASTCHECK_DATE"');
    expect(script).toContain('--result "/results/result-$JOB_COMPLETION_INDEX.json"');
    expect(await expectKnownOptions(script)).toEqual(['fuzz']);
  });

  it('is merged by a second job that reads every shard result', async () => {
    const script = merge!.spec.template.spec.containers[0]!.args.join(' ');
    expect(script).toContain('npx castcheck merge /results/result-*.json');
    expect(await expectKnownOptions(script)).toEqual(['merge']);
  });
});
