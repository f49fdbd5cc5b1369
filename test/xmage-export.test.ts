// castcheck export --as xmage-junit in this process: a repro written as a test in XMage's own DSL
// (Mage.Tests' CardTestPlayerBase), with the harness commands integrations/xmage plays and the values
// that make the failure asserted on XMage's objects. The tests written from real XMage findings,
// compiled and run in XMage's Mage.Tests, are in docs/XMAGE-FINDINGS.md.
import { describe, expect, it } from 'vitest';
import { InputError } from '../model/errors.ts';
import { exportFacts } from '../reports/export/facts.ts';
import { xmageJunitFile } from '../reports/export/xmage-junit.ts';
import { faultRepro } from './fixtures/export-loop.ts';

async function exported(faultId: string): Promise<string> {
  const repro = await faultRepro(faultId);
  return xmageJunitFile(repro, await exportFacts(repro, faultId), 'CastcheckReproTest');
}

describe('castcheck export --as xmage-junit', () => {
  it('writes a multikicked cast as one yes per kick and a no, and asserts the counters XMage\'s permanent enters with', async () => {
    const text = await exported('multikicker-counts-once');
    expect(text).toContain('public class CastcheckReproTest extends CardTestPlayerBase {');
    expect(text).toMatch(/addCard\(Zone\.HAND, playerA, "[^"@]+@c\d+"\);/);
    expect(text).toMatch(/castSpell\(1, PhaseStep\.PRECOMBAT_MAIN, playerA, "[^"]+"\);\n(\s+setChoice\(playerA, true\); \/\/ multikicker, \d\n)+\s+setChoice\(playerA, false\); \/\/ no more multikicker/);
    expect(text).toMatch(/waitStackResolved\(1, PhaseStep\.PRECOMBAT_MAIN, playerA, (true|false)\);/);
    expect(text).toMatch(/Assert\.assertEquals\("after \w+: on the battlefield, \w+: counters\.\+1\/\+1", 2, permanent\(game, "c\d+"\)\.getCounters\(game\)\.getCount\("\+1\/\+1"\)\);/);
    expect(text).toContain('execute();');
  });

  it('asserts a spell\'s mana value on XMage\'s stack', async () => {
    const text = await exported('mana-value-counts-additional-costs');
    expect(text).toMatch(/Assert\.assertEquals\("after \w+: on the stack, \w+: manaValue", 1, spell\(game, "c\d+"\)\.getManaValue\(\)\);/);
    expect(text).toContain('setChoice(playerA, true); // kicker A');
  });

  it('refuses a repro whose failure no XMage object can be asked about: such a test could not fail', async () => {
    await expect(exported('unpayable-kicker-dropped')).rejects.toThrow(InputError);
  });
});
