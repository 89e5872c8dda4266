import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { PROTOCOL_ASSETS } from '../../src/core/protocol/assets.js';
import { inspectAsset } from '../../src/core/protocol/inspect.js';
import { isMarkerLike, parseMarkers } from '../../src/core/protocol/markers.js';
import { renderAsset } from '../../src/core/protocol/render.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';

const AGENTS = PROTOCOL_ASSETS.find((a) => a.id === 'agents-md')!;

/** Any bytes as a user writes them below the marker: CR, LF, NUL, invalid UTF-8, but no marker-like line. */
const userBytes = fc
  .uint8Array({ maxLength: 200 })
  .map((b) => Buffer.from(b))
  .filter((b) => !b.toString('latin1').split('\n').some(isMarkerLike));

describe('AGENTS.md managed block: user bytes below the end marker', () => {
  it("survive a rewrite byte for byte, and the block reads back as docket's", async () => {
    const root = writeTree(tempDir('docket-protocol-prop-'), {
      'docops.config.yaml': 'project_name: Prop\nrepo_prefix: PRP\ndocops_version: "2.0"\n',
    });
    const { config } = await loadConfig(root);
    const missing = await inspectAsset(config, AGENTS);
    const block = renderAsset(missing).bytes;
    await fc.assert(
      fc.asyncProperty(userBytes, async (user) => {
        const file = Buffer.concat([block, user]);
        const parsed = parseMarkers(file.toString('latin1'));
        expect(parsed.kind).toBe('block');
        if (parsed.kind !== 'block') return;
        expect(file.subarray(parsed.userStart).equals(user)).toBe(true);
        // A stale block (another version) is rewritten; what follows it is kept exactly.
        const stale = Buffer.from(file.toString('latin1').replace('version=1.0', 'version=0.1'), 'latin1');
        const rewritten = renderAsset({
          ...missing,
          status: 'stale',
          bytes: stale,
          block: parseMarkers(stale.toString('latin1')) as never,
        }).bytes;
        expect(rewritten.equals(file)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
