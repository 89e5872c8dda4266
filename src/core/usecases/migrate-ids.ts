import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import type { RepoConfig } from '../config/types.js';
import { recordOf } from '../engine/documents/read.js';
import { readInOrder } from '../engine/documents/read-in-order.js';
import { listGoverned } from '../engine/documents/walk.js';
import { renameDiff, unifiedDiff } from '../fix/diff.js';
import { splitFrontmatter } from '../frontmatter/split.js';
import { writeFileSet, type SetFile } from '../fs/file-set.js';
import { claimedIds, ensureClaimsDir, releaseClaim, tryClaim, type Claim } from '../ids/claim.js';
import { scanIds } from '../ids/next-id.js';
import type { Advice, Issue } from '../issues.js';
import { editIds, replaceIds, type IdEdit } from '../migrate/id-edits.js';
import { planIds, renameFor, type IdMigration, type MigrationDoc } from '../migrate/ids-plan.js';
import { planMoves, type MoveEdit } from '../move/plan.js';
import { stateIdsChange } from '../migrate/state-ids.js';
import { withStateLock } from '../state/lock.js';
import { DocketError } from '../../errors/docket-error.js';

import type { MigrateIdsChange, MigrateIdsData } from '../../contract/data/migrate.js';
export type { MigrateIdsData };

export interface MigrateIdsOptions {
  apply: boolean;
  rewriteReferences: boolean;
  signal?: AbortSignal;
  cmd(command: string): string;
  fallback?: ConfigFallback;
  /** For the state lock's timeout (DOCKET_LOCK_TIMEOUT_MS) when project-state.yaml changes. */
  env?: NodeJS.ProcessEnv;
}

/** One file of the migration: as a move's file, without its link count. */
type FileChange = Omit<MoveEdit, 'links'>;

/** Every governed document (git-ignored ones too: their references and IDs count), read whole. */
async function readDocs(config: RepoConfig, signal: AbortSignal | undefined): Promise<{ docs: MigrationDoc[]; warnings: Issue[] }> {
  const walk = await listGoverned({ ...config, ignoreFiles: false }, signal, Infinity);
  const docs: MigrationDoc[] = [];
  await readInOrder(
    config.root,
    walk.files.map((f) => f.rel),
    (i, raw) => {
      const file = walk.files[i]!;
      if (raw.kind !== 'bytes') return;
      const record = recordOf(file.rel, file.namespace, raw);
      if (record.text !== undefined) docs.push({ rel: file.rel, namespace: file.namespace, bytes: Buffer.from(raw.bytes), record });
    },
    signal,
  );
  return { docs, warnings: [...walk.unreadable] };
}

function kept(message: string, rel?: string): Issue {
  return {
    code: 'MIGRATE_REFERENCE_KEPT',
    severity: 'warning',
    message,
    ...(rel ? { path: rel } : {}),
    suggestion: 'Edit these references yourself; `docket index` reports a related_ids or superseded_by that names no document.',
  };
}

/** An old ID specific enough to find in prose: a letter, and a digit or a separator (`ADR-7`, `PRD-BILLING`, not `RESTORE`). */
function specific(old: string): boolean {
  return /[A-Za-z]/.test(old) && /[\d_-]/.test(old) && old.length >= 3;
}

/** Whether a document's body mentions an old ID. */
function mentionedIn(doc: MigrationDoc, old: string): boolean {
  const split = doc.record.split;
  const body = doc.record.text!.slice(split?.kind === 'ok' ? split.bodyOffset : 0);
  return body.includes(old) && replaceIds(body, new Map([[old, '']])) !== body;
}

/** Old IDs whose references can be rewritten (one document had it) and those whose body mentions can (specific enough). */
function referenceMaps(
  migrations: readonly IdMigration[],
  docs: readonly MigrationDoc[],
  warnings: Issue[],
): { references: Map<string, string>; mentions: Set<string> } {
  const byOld = new Map<string, IdMigration[]>();
  for (const m of migrations) byOld.set(m.old_id, [...(byOld.get(m.old_id) ?? []), m]);
  const references = new Map<string, string>();
  const mentions = new Set<string>();
  for (const [old, ms] of byOld) {
    if (ms.length > 1) {
      warnings.push(
        kept(
          `"${old}" was the ID of ${ms.length} documents (${ms.map((m) => m.path).join(', ')}): references to it were left as written, since docket cannot tell which one they mean.`,
        ),
      );
      continue;
    }
    references.set(old, ms[0]!.new_id);
    // A word or a bare number would match ordinary text: only its frontmatter references are rewritten.
    if (specific(old)) mentions.add(old);
    else if (docs.some((d) => mentionedIn(d, old)))
      warnings.push(
        kept(
          `"${old}" is too generic to find in prose (a word without a digit or a separator): its mentions in document bodies were left as written; related_ids and superseded_by were rewritten.`,
          ms[0]!.path,
        ),
      );
  }
  return { references, mentions };
}

/** Renames of migrated documents whose names claim the old number; one onto a taken path is dropped with a warning. */
function planRenames(docs: ReadonlyMap<string, MigrationDoc>, migrations: IdMigration[], warnings: Issue[]): Map<string, string> {
  const moves = new Map<string, string>();
  const taken = new Set([...docs.keys()].map((r) => r.toLowerCase()));
  for (const m of migrations) {
    const to = renameFor(docs.get(m.path)!, m.new_id);
    if (to === undefined || to === m.path) continue;
    if (taken.has(to.toLowerCase()) && to.toLowerCase() !== m.path.toLowerCase()) {
      warnings.push({
        code: 'MIGRATE_SKIPPED',
        severity: 'warning',
        message: `${m.path} keeps its name: ${to}, the name its new ID ${m.new_id} gives, is taken.`,
        path: m.path,
        suggestion: 'Rename the file yourself (`docket mv` rewrites the links to it).',
      });
      continue;
    }
    taken.add(to.toLowerCase());
    moves.set(m.path, to);
    m.to = to;
  }
  return moves;
}

/** Lines a link rewrite changed (the move machinery's edits), as `link` edits. */
function linkEdits(rel: string, planned: string, after: string): IdEdit[] {
  const a = planned.split('\n');
  const b = after.split('\n');
  if (a.length !== b.length) return [];
  const out: IdEdit[] = [];
  a.forEach((line, i) => {
    if (line !== b[i]) out.push({ path: rel, line: i + 1, kind: 'link', old: line.replace(/\r$/, ''), new: b[i]!.replace(/\r$/, '') });
  });
  return out;
}

/** Claims the new IDs as `new` does, so a concurrent `new` cannot hand one out; all or none. */
async function claimAll(root: string, migrations: readonly IdMigration[]): Promise<Claim[]> {
  if (migrations.length === 0) return [];
  await ensureClaimsDir(root);
  const claims: Claim[] = [];
  for (const m of migrations) {
    const claim = await tryClaim(root, m.new_id);
    if (!claim) {
      for (const c of claims) await releaseClaim(root, c);
      throw new DocketError(
        'DUPLICATE_ID',
        `${m.new_id} was claimed by another docket process after migrate-ids planned it; nothing was written.`,
        { suggestion: 'Run migrate-ids again: it plans with the IDs in use now.', details: { document_id: m.new_id, path: m.path } },
      );
    }
    claims.push(claim);
  }
  return claims;
}

/**
 * `docket migrate-ids`: gives every governed document whose document_id is not PREFIX-TYPE-NNN
 * a canonical one, with its metadata block and first heading; with `rewriteReferences`, every
 * related_ids, superseded_by and body mention of the old IDs too. A document whose name
 * claims the old number is renamed, and the links to it rewritten, as `docket mv` does. A
 * dry run unless `apply`: then all files are written as one set (all or nothing).
 */
export async function runMigrateIds(
  root: string,
  opts: MigrateIdsOptions,
): Promise<{ data: MigrateIdsData; warnings: Issue[]; advice: Advice[] }> {
  const { config, warnings: configWarnings } = await loadConfigOrDefaults(root, opts.fallback);
  const warnings: Issue[] = [...configWarnings];
  const read = await readDocs(config, opts.signal);
  warnings.push(...read.warnings);
  const scan = await scanIds(config, opts.signal);
  const { migrations, skipped } = planIds(
    read.docs,
    scan.uses.map((u) => u.document_id),
    await claimedIds(config.root),
  );
  for (const s of skipped)
    warnings.push({
      code: 'MIGRATE_SKIPPED',
      severity: 'warning',
      message: s.message,
      path: s.path,
      suggestion:
        s.reason === 'no_type' ? 'Add a `type` to its frontmatter, then run migrate-ids again.' : 'Give the document an ID yourself.',
    });
  const maps = referenceMaps(migrations, read.docs, warnings);
  const own = new Map(migrations.map((m) => [m.path, { old: m.old_id, next: m.new_id }]));
  const byRel = new Map(read.docs.map((d) => [d.rel, d]));
  const edits: IdEdit[] = [];
  const texts = new Map<string, string>();
  let notRewritten = 0;
  for (const doc of read.docs) {
    const mine = own.get(doc.rel);
    const input = { rel: doc.rel, text: doc.record.text!, split: doc.record.split, ...(mine ? { own: mine } : {}) };
    const result = editIds(
      {
        ...input,
        references: opts.rewriteReferences ? maps.references : new Map(),
        mentions: opts.rewriteReferences ? maps.mentions : new Set(),
      },
      splitFrontmatter,
    );
    if (!opts.rewriteReferences && maps.references.size > 0)
      notRewritten +=
        editIds({ ...input, references: maps.references, mentions: maps.mentions }, splitFrontmatter).edits.length - result.edits.length;
    if (result.edits.length === 0) continue;
    edits.push(...result.edits);
    texts.set(doc.rel, result.text);
  }
  const moves = planRenames(byRel, migrations, warnings);
  const files = new Map<string, FileChange>();
  for (const [rel, after] of texts) {
    const doc = byRel.get(rel)!;
    files.set(rel, { rel, old: doc.bytes, bom: doc.record.bom, before: doc.record.text!, after });
  }
  if (moves.size > 0) {
    const planned = await planMoves(config, moves, { texts, ...(opts.signal ? { signal: opts.signal } : {}) });
    warnings.push(...planned.warnings);
    for (const e of planned.edits) {
      edits.push(...linkEdits(e.rel, texts.get(e.rel) ?? e.before, e.after));
      const mine = files.get(e.rel);
      files.set(e.rel, {
        rel: e.rel,
        old: mine?.old ?? e.old,
        bom: e.bom,
        before: mine?.before ?? e.before,
        after: e.after,
        ...(e.to !== undefined ? { to: e.to } : {}),
      });
    }
  }
  const state = await stateIdsChange(config, maps.references, warnings);
  if (state) {
    edits.push(...state.edits);
    files.set(state.rel, { rel: state.rel, old: state.old, bom: false, before: state.before, after: state.after });
  }
  edits.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
  const ordered = [...files.values()].sort((a, b) => (a.rel < b.rel ? -1 : 1));
  const perFile = new Map<string, number>();
  for (const e of edits) perFile.set(e.path, (perFile.get(e.path) ?? 0) + 1);
  const changes: MigrateIdsChange[] = ordered.map((f) => ({
    path: f.rel,
    ...(f.to !== undefined ? { to: f.to } : {}),
    edits: perFile.get(f.rel) ?? 0,
    diff: f.to !== undefined && f.before === f.after ? renameDiff(f.rel, f.to) : unifiedDiff(f.before, f.after, f.rel, f.to ?? f.rel),
  }));
  if (opts.apply && ordered.length > 0) {
    if (opts.signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted before anything was written.');
    const claims = await claimAll(config.root, migrations);
    const set: SetFile[] = ordered.map((f) => ({
      rel: f.rel,
      old: f.old,
      bytes: Buffer.from(`${f.bom ? '\uFEFF' : ''}${f.after}`, 'utf8'),
      ...(f.to !== undefined ? { to: f.to } : {}),
    }));
    try {
      // Under the state lock when the work queue changes too, so no `state set` runs in between.
      if (state) await withStateLock(config.root, opts.env ?? {}, () => writeFileSet(config.root, set));
      else await writeFileSet(config.root, set);
    } catch (error) {
      for (const c of claims) await releaseClaim(config.root, c);
      throw error;
    }
  }
  const advice: Advice[] = [];
  const flag = opts.rewriteReferences ? ' --rewrite-references' : '';
  if (!opts.apply && migrations.length > 0)
    advice.push({
      code: 'NEXT_APPLY',
      message: `Give ${migrations.length} document${migrations.length === 1 ? '' : 's'} ${migrations.length === 1 ? 'its' : 'their'} new ID${opts.rewriteReferences ? ' and rewrite the references' : ''}.`,
      command: opts.cmd(`migrate-ids${flag} --apply`),
    });
  const refs = `${notRewritten} reference${notRewritten === 1 ? '' : 's'} (related_ids, superseded_by, mentions)`;
  // Once applied, the old IDs are gone: a later run cannot find their references any more.
  if (notRewritten > 0 && !opts.apply)
    advice.push({
      code: 'NEXT_APPLY',
      message: `${refs} still name the old IDs: with --rewrite-references they are rewritten in the same run.`,
      command: opts.cmd('migrate-ids --rewrite-references --apply'),
    });
  if (notRewritten > 0 && opts.apply)
    warnings.push(kept(`${refs} still name the old IDs, which no document has now; they were not rewritten (no --rewrite-references).`));
  if (opts.apply && migrations.length > 0) {
    advice.push({ code: 'NEXT_CHECK', message: 'Check the repository with the new IDs.', command: opts.cmd('check') });
    // A committed index still lists the old IDs (check reports it stale where git tracks it).
    if (
      await fs.lstat(path.join(config.root, config.index_path)).then(
        () => true,
        () => false,
      )
    )
      advice.push({ code: 'NEXT_INDEX', message: `Rebuild ${config.index_path}: it lists the old IDs.`, command: opts.cmd('index') });
  }
  return {
    data: { dry_run: !opts.apply, rewrite_references: opts.rewriteReferences, migrations, edits, changes, skipped },
    warnings,
    advice,
  };
}
