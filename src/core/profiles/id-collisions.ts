import type { RepoConfig } from '../config/types.js';
import { parseFrontmatterYaml } from '../frontmatter/parse.js';
import { splitFrontmatter } from '../frontmatter/split.js';
import { scanIds } from '../ids/next-id.js';
import { orgDocName, type Profile } from './profile.js';
import type { VendorTarget } from './vendor-map.js';
import type { IdCollision } from '../../contract/data/org.js';
export type { IdCollision };

/** The document_id in the frontmatter of a profile's document, if it has one. */
function profileDocumentId(bytes: Buffer): string | undefined {
  const split = splitFrontmatter(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  if (split.kind !== 'ok') return undefined;
  const parsed = parseFrontmatterYaml(split.yaml, split.firstLine);
  const id = parsed.ok ? parsed.value.data.document_id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The profile documents vendoring would give an ID that a governed document of the repository
 * already has at another path (the Python DocOps CLI's repository keeps ORG-GOV-001 in
 * `org-gov-001-constitution.md`). The same ID at the vendored path is the same document: an
 * update, not a collision. Reads the repository only when there are documents to vendor.
 */
export async function findIdCollisions(config: RepoConfig, profile: Profile, targets: readonly VendorTarget[]): Promise<IdCollision[]> {
  const wanted = new Map<string, string>();
  for (const t of targets) {
    if (orgDocName(t.src) === undefined) continue;
    const id = profileDocumentId(profile.files.get(t.src)!);
    if (id !== undefined) wanted.set(id, t.dest);
  }
  if (wanted.size === 0) return [];
  const { uses } = await scanIds(config);
  const out: IdCollision[] = [];
  for (const use of uses) {
    const dest = wanted.get(use.document_id);
    if (dest !== undefined && use.path !== dest) out.push({ document_id: use.document_id, path: dest, existing_path: use.path });
  }
  return out.sort((a, b) =>
    a.document_id < b.document_id ? -1 : a.document_id > b.document_id ? 1 : a.existing_path < b.existing_path ? -1 : 1,
  );
}
