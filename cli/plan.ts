// castcheck plan: what castcheck will test on an engine with these capabilities, before a line of
// it is written: the properties that run (and how often they apply), those skipped and why, and the
// share of scenarios with each feature, from a sample of the scenarios castcheck would generate.
import fc from 'fast-check';
import { scenarioArb } from '../generators/scenario.ts';
import { FeatureStats, type FeatureCount } from '../generators/stats.ts';
import { expandCapabilities } from '../model/capabilities.ts';
import { readCapabilities } from '../model/capabilities-file.ts';
import { catalog } from '../model/catalog.ts';
import { InputError } from '../model/errors.ts';
import { readJsonFile } from '../model/json-file.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import type { Capabilities } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { missingCapability, type Property } from '../properties/property.ts';

export interface PlannedProperty {
  property: Property;
  /** Why the engine cannot run it at all. */
  skipped?: string;
  /** Scenarios of the sample it applies to. */
  applies: number;
}

export interface Plan {
  capabilities: Capabilities;
  sample: number;
  seed: number;
  properties: PlannedProperty[];
  features: FeatureCount[];
  /** Declared printed cards castcheck's catalog does not have. */
  unknownCards: string[];
  /** Why no scenario could be generated, when none could. */
  impossible?: string;
}

export function planFor(declared: Capabilities, sample: number, seed: number, floor = 0.05): Plan {
  const caps = expandCapabilities(declared);
  const unknownCards = (caps.cards.oracle ?? []).filter((name) => !catalog().has(name));
  const properties: PlannedProperty[] = PROPERTIES.map((property) => {
    const skipped = missingCapability(property, caps);
    return { property, applies: 0, ...(skipped ? { skipped } : {}) };
  });
  const stats = new FeatureStats();
  let impossible: string | undefined;
  try {
    for (const s of fc.sample(scenarioArb({ capabilities: caps }), { seed, numRuns: sample })) {
      stats.add(s);
      const n = normalizeScenario(s);
      for (const p of properties) if (!p.skipped && p.property.applies(n)) p.applies++;
    }
  } catch (error) {
    impossible = `castcheck cannot build scenarios from these capabilities (${(error as Error).message}): declare at least one printed spell it knows, or synthetic cards`;
  }
  return { capabilities: caps, sample, seed, properties, features: stats.results(caps, floor), unknownCards, ...(impossible ? { impossible } : {}) };
}

const pct = (n: number, of: number) => `${of === 0 ? '0' : ((100 * n) / of).toFixed(1)}%`;

export function formatPlan(plan: Plan, floor = 0.05): string[] {
  const caps = plan.capabilities;
  const lines: string[] = [];
  lines.push(`declares mechanics: ${caps.mechanics.join(', ') || 'none'}; actions: ${caps.actions.join(', ') || 'none'}`);
  lines.push(`  cards: ${caps.cards.synthetic ? `synthetic (${caps.cards.syntheticFeatures ? caps.cards.syntheticFeatures.join(', ') || 'no card features' : 'every card feature'})` : 'no synthetic cards'}; ${(caps.cards.oracle ?? []).length} printed card(s)`);
  lines.push(`  observes: ${caps.observes.join(', ') || 'nothing optional'}; can be told: ${caps.choices ? caps.choices.join(', ') || 'no choices' : 'every choice'}`);
  if (plan.unknownCards.length > 0) lines.push(`  not in castcheck's catalog, so never used: ${plan.unknownCards.join(', ')}`);
  if (plan.impossible) return [...lines, '', plan.impossible];
  const run = plan.properties.filter((p) => !p.skipped);
  const skipped = plan.properties.filter((p) => p.skipped);
  const width = Math.max(...plan.properties.map((p) => p.property.id.length)) + 2;
  lines.push('', `properties that run: ${run.length} of ${plan.properties.length} (share of ${plan.sample} sample scenarios, seed ${plan.seed}, each applies to)`);
  for (const p of run) {
    const note = p.applies === 0 ? '  never applied in the sample: it would be UNTESTED' : '';
    lines.push(`  ${p.property.id.padEnd(width)}${pct(p.applies, plan.sample).padStart(6)}${note}`);
  }
  lines.push('', `properties skipped: ${skipped.length}`);
  for (const p of skipped) lines.push(`  ${p.property.id.padEnd(width)}${p.skipped}`);
  lines.push('', `features (share of the sample; gated at ${(floor * 100).toFixed(0)}% for what the engine supports with castcheck run --stats)`);
  const fwidth = Math.max(...plan.features.map((f) => f.feature.id.length)) + 2;
  for (const f of plan.features) {
    const status = !f.supported ? 'not supported' : f.belowFloor ? 'BELOW THE FLOOR' : 'ok';
    lines.push(`  ${f.feature.id.padEnd(fwidth)}${pct(f.count, plan.sample).padStart(6)}  ${status.padEnd(15)} ${f.feature.description}`);
  }
  const untested = run.filter((p) => p.applies === 0).length;
  lines.push('', `${run.length} properties run (${untested} never applied in the sample), ${skipped.length} skipped; ${plan.features.filter((f) => f.belowFloor).length} supported feature(s) under the floor`);
  return lines;
}

export interface PlanOptions {
  sample: number;
  seed: number;
  json?: boolean;
}

export function planCommand(file: string, o: PlanOptions): number {
  const plan = planFor(readCapabilities(file), o.sample, o.seed);
  if (o.json) {
    const doc = {
      capabilities: plan.capabilities,
      sample: plan.sample,
      seed: plan.seed,
      properties: plan.properties.map((p) => ({ id: p.property.id, rules: p.property.rules, ...(p.skipped ? { skipped: p.skipped } : { applies: p.applies / plan.sample }) })),
      features: plan.features.map((f) => ({ id: f.feature.id, share: f.share, supported: f.supported, belowFloor: f.belowFloor })),
      ...(plan.impossible ? { impossible: plan.impossible } : {}),
    };
    console.log(JSON.stringify(doc, null, 2));
  } else {
    console.log(`castcheck plan for ${file}: what castcheck will test on an engine with these capabilities`);
    for (const line of formatPlan(plan)) console.log(line);
  }
  return plan.impossible ? 1 : 0;
}
