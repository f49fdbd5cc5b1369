// castcheck on XMage itself, through integrations/xmage: only where XMAGE_DIR names an XMage
// checkout its user built (docs/XMAGE.md); skipped otherwise, with the reason. The same checks on
// XMage's recorded answers run everywhere, in test/xmage-recorded.test.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { castcheck } from './fixtures/export-loop.ts';

const XMAGE = process.env.XMAGE_DIR;
const ENGINE = 'integrations/xmage/xmage-engine serve';

describe.skipIf(!XMAGE)(XMAGE ? 'XMage at XMAGE_DIR through integrations/xmage' : 'XMage through integrations/xmage: skipped, XMAGE_DIR names no XMage build', () => {
  it('passes the doctor\'s handshake and ladder', () => {
    const r = castcheck(['doctor', '--engine-cmd', ENGINE, '--start-timeout', '600000', '--timeout', '120000']);
    expect(r.out + r.err).toMatch(/hello/i);
    expect(r.code, r.out + r.err).toBe(0);
  });

  it('runs 50 scenarios with no protocol error', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-xmage-'));
    const r = castcheck(['run', '--engine-cmd', ENGINE, '--runs', '50', '--seed', '1', '--out', out, '--start-timeout', '600000', '--timeout', '120000', '--no-progress']);
    expect(r.out + r.err).not.toMatch(/PROTOCOL_ERROR|protocol error/);
    expect([0, 1]).toContain(r.code);
  });
});
