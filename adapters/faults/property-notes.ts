// Why a property earns its place when no named fault is caught by it, and why a named fault no rule
// property kills is kept. castcheck mutants prints the note of each property that caught no fault
// in its run and of each fault that survived it; one with neither a kill nor a note is flagged.
export const PROPERTY_NOTES: Readonly<Record<string, string>> = {
  'copies.keep-splice':
    'It is contested (README, "Contested readings"): a copy that loses the spliced cards follows the literal reading of CR 702.47c and is reported as contested, never as a failure, so a fault that drops splices from copies is not a kill here. copy-splice-effects-lost (the spliced cards kept in the list, their effects dropped) is caught by resolution.player-effects instead. The property tells an engine author which reading their engine follows, and fails an engine whose copy keeps some spliced cards and not others, or gains some.',
  'relations.one-more-multikick':
    'A relation: it reruns the scenario with one more multikick, so it applies only where the main spell is a multikicker permanent with per-kick counters and no card triggers or puts counters, rare among the generated scenarios since issue 10 added watchers and printed cards. It killed multikicker-counts-once at seed 1 before then; permanents.enters-with-counters and resolution.player-effects now kill it first. It stays because it judges the engine against itself, one kick apart, rather than against the judge\'s count of the card\'s counters.',
  'kicker.target-count-fixed':
    'It guards engines whose casts and copies accept however many targets they are given: such an engine lets the count of a per-kick requirement (Comet Storm) drift once announced, or on a copy given new targets. In the reference engine one count decides which targets a cast and a copy accept, so a fault that miscounts them gets the declared targets rejected, which casting.legal-cast-accepted catches first.',
  'permanents.power-toughness':
    'It reads the power and toughness an engine shows as a permanent enters (printed, plus and minus its counters; none on a permanent that is not a creature), which no other property judges at entry. The named faults change how the rules are applied, not what a permanent shows, so none is caught here; the mutation run shows what it guards: a reference engine that leaves power out of what it shows (adapters/reference/observe.ts) fails it at the eighth of the mutation scenarios, and no other property notices.',
  'triggers.prevented-damage':
    "Its fault, prevented-damage-triggers, is caught first in generated scenarios by resolution.player-effects, which sees the life or damage that followed from the trigger; this property names the rule itself (CR 603.2g: damage prevented is not dealt, so nothing triggers on it), and the fault's hand-written minimal repro fails it on the faulty engine (test/faults.test.ts).",
};

/**
 * Named faults that no rule property is expected to kill within the default budget, and why. Empty
 * while every fault is killed by a rule property: a fault caught by agreement with the reference
 * engine alone is not killed (docs/PROVING.md, "Named faults and the kill matrix"), and needs a better property or a note here.
 */
export const FAULT_NOTES: Readonly<Record<string, string>> = {};
