import type { RepoConfig } from '../config/types.js';
import { mainNamespace } from '../config/load.js';
import { readAsset } from '../assets.js';
import { sha256 } from '../text/sha256.js';

/**
 * The managed agent-instruction files (the Python DocOps CLI's protocol assets, reference §8.7):
 * the same ids, paths and ownership, so that a repository that used that tool keeps its files
 * and docket takes them over. `mixed`: only the block between the markers is docket's; the
 * rest is the user's. `generated`: the whole file is docket's.
 */
export interface ProtocolAsset {
  id: string;
  path: string;
  ownership: 'mixed' | 'generated';
  /** The file's permission bits, when they matter (a script docket's content runs). */
  mode?: number;
  /** The packaged text, under assets/protocol/. */
  source: string;
}

/** Sorted by id: the order of every listing. */
export const PROTOCOL_ASSETS: readonly ProtocolAsset[] = [
  { id: 'agents-md', path: 'AGENTS.md', ownership: 'mixed', source: 'agents.md' },
  {
    id: 'meminit-brownfield-script',
    path: '.agents/skills/meminit-docops/scripts/meminit_brownfield_plan.sh',
    ownership: 'generated',
    mode: 0o755,
    source: 'brownfield-plan.sh',
  },
  { id: 'meminit-docops-skill', path: '.agents/skills/meminit-docops/SKILL.md', ownership: 'generated', source: 'skill.md' },
];

/** The version the markers record; the format's, shared with the Python DocOps CLI. */
export const PROTOCOL_VERSION = '1.0';

/**
 * The comparable form of managed text: LF line ends, no trailing whitespace on a line, no
 * trailing blank lines, one final LF. An editor's line-end or whitespace habits are not drift.
 */
export function normalise(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export function digestOf(normalised: string): string {
  return sha256(normalised);
}

/** An asset's content for this repository: the packaged text with the project's name and prefix, normalised. */
export interface CanonicalPayload {
  text: string;
  sha256: string;
}

export async function canonicalPayload(asset: ProtocolAsset, config: RepoConfig): Promise<CanonicalPayload> {
  const raw = await readAsset(`assets/protocol/${asset.source}`);
  // Literal replacement of two known names (values are config strings, never patterns).
  const text = normalise(
    raw
      .split('{{PROJECT_NAME}}')
      .join(oneLine(config.project_name))
      .split('{{REPO_PREFIX}}')
      .join(oneLine(mainNamespace(config.namespaces).repo_prefix)),
  );
  return { text, sha256: digestOf(text) };
}

/** A config value inside managed text: one line, no marker-like comment that could end the block. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').replace(/<!--|-->/g, '');
}
