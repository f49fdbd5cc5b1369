// Copying a spell on the stack (CR 707.2, 707.10): the copy takes the original's characteristics and
// every decision made casting it, is not cast, and may get new targets (CR 707.10c).
import { serialsOf, type Game, type StackSpell } from './game.ts';
import type { Rejection } from './kicker.ts';
import type { CopyRequest, Rules } from './rules-table.ts';

/**
 * Everything a copy takes from the original: kicker costs and multikicker count, X, targets and,
 * per the Everdream ruling, the spliced text. Under the literal reading of CR 702.47c with 707.2 the
 * splice, a text-changing effect, is not copied, and neither are the targets of the spliced text.
 */
export function copyOfSpell(orig: StackSpell, req: CopyRequest, r: Rules): StackSpell {
  const keepSplice = r.options.spliceCopy === 'ruling';
  const copy: StackSpell = {
    kind: 'spell',
    id: req.id,
    card: orig.card,
    def: orig.def,
    owner: req.controller,
    controller: req.controller,
    copy: true,
    kicker: [...orig.kicker],
    multikicker: orig.multikicker,
    spliced: keepSplice ? orig.spliced.map((s) => ({ ...s })) : [],
    targets: orig.targets.map((t) => [...t]),
    // A target the copy keeps is the object the original chose (CR 707.10), whatever has become of it since.
    targetSerials: orig.targetSerials.map((t) => [...t]),
    // In the order castSpell writes them (one shape for every spell); a copy is not cast, so it has no total cost.
    x: orig.x,
    totalCost: undefined,
    colors: undefined,
  };
  const colors = req.colors ?? orig.colors;
  if (colors) copy.colors = [...colors];
  if (!keepSplice) {
    const slots = r.spellTargetSlots(orig).filter((s) => s.active);
    copy.targets = orig.targets.filter((_, i) => slots[i]?.part === 0);
    copy.targetSerials = orig.targetSerials.filter((_, i) => slots[i]?.part === 0);
  }
  return copy;
}

/** Puts a copy of `spellId` onto the stack; rejects new targets that do not fit (CR 707.10c). */
export function putCopyOnStack(g: Game, spellId: string, req: CopyRequest, r: Rules): Rejection | null {
  const orig = g.stack.find((s) => s.id === spellId);
  if (!orig || orig.kind !== 'spell') {
    const exists = orig !== undefined || g.cards.has(spellId) || g.battlefield.some((p) => p.id === spellId);
    return exists
      ? { reason: 'not-a-spell', message: `'${spellId}' is not a spell on the stack` }
      : { reason: 'no-such-object', message: `no object '${spellId}'` };
  }
  const copy = r.copyOfSpell(orig, req, r);
  if (req.newTargets) {
    const slots = r.spellTargetSlots(copy);
    const colors = r.spellCharacteristics(copy).colors;
    // CR 707.10c: the number of targets stays; each is left as it was (legal or not) or changed to a legal one.
    const error = r.targetDeclarationError(g, slots, req.newTargets, { self: copy.id, controller: copy.controller, sourceColors: colors }, copy.targets);
    if (error) return error;
    // Each target is what it names now, as the copy is made: a permanent flickered since the original
    // targeted it is the new object (CR 400.7). Only one that is gone stays the object first chosen.
    const now = serialsOf(g, req.newTargets);
    copy.targetSerials = req.newTargets.map((group, i) => group.map((id, j) => (now[i]![j]! === -1 && copy.targets[i]?.[j] === id ? (copy.targetSerials[i]?.[j] ?? -1) : now[i]![j]!)));
    copy.targets = req.newTargets.map((t) => [...t]);
  }
  g.stack.push(copy);
  return null;
}
