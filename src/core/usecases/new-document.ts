import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { chosenIdState, idWritten } from '../authoring/chosen-id.js';
import { documentPath, planNew, render, type NewPlan, type NewRequest } from '../authoring/plan.js';
import { INITIAL_VERSION } from '../authoring/metadata.js';
import { sha256 } from '../authoring/render.js';
import {
  assertNotSuperseded,
  findSupersedeTarget,
  supersedeData,
  supersededText,
  writeSuperseded,
  type SupersedeData,
  type SupersedeTarget,
} from '../authoring/supersede.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { claimNextId, peekNextId } from '../ids/allocate.js';
import { claimChosen, ensureClaimsDir, lockTimeoutMs, releaseClaim, type Claim } from '../ids/claim.js';
import { parseId } from '../ids/document-id.js';
import { scanIds, type IdScan } from '../ids/next-id.js';
import type { Advice, Issue } from '../issues.js';
import { DocketError } from '../../errors/docket-error.js';
import { note } from '../diagnostics.js';
import { promises as fs } from 'node:fs';
import type { NewData } from '../../contract/data/authoring.js';
export type { NewData };

export interface NewResult {
  data: NewData;
  warnings: Issue[];
  advice: Advice[];
  partial: boolean;
}

export interface NewOptions {
  env: NodeJS.ProcessEnv;
  now: Date;
  dryRun: boolean;
  signal?: AbortSignal;
  cmd: (command: string) => string;
}

function referenceWarnings(plan: NewPlan, scan: IdScan): Issue[] {
  const known = new Set(scan.uses.map((u) => u.document_id));
  const refs = [
    ...plan.relatedIds.map((id) => ['--related-ids', id] as const),
    ...(plan.supersededBy ? [['--superseded-by', plan.supersededBy] as const] : []),
  ];
  const out: Issue[] = refs
    .filter(([, id]) => !known.has(id))
    .map(([flag, id]) => ({
      code: 'RELATED_ID_UNKNOWN',
      severity: 'warning',
      message: `${flag} ${id} is not the ID of any document in the repository.`,
      suggestion: 'Check the ID, or create that document.',
    }));
  if (plan.status === 'Superseded' && !plan.supersededBy) {
    out.push({
      code: 'SUPERSEDED_WITHOUT_SUCCESSOR',
      severity: 'warning',
      message: 'The document is Superseded but names no successor.',
      suggestion: 'Add --superseded-by <ID>.',
    });
  }
  return out;
}

function resultData(plan: NewPlan, id: string, rel: string, content: string, lastUpdated: string, extra: Partial<NewData>): NewData {
  return {
    document_id: id,
    path: rel,
    type: plan.type.type,
    title: plan.title,
    status: plan.status,
    owner: plan.owner.owner,
    version: INITIAL_VERSION,
    last_updated: lastUpdated,
    content_sha256: sha256(content),
    template: { source: plan.template.source, path: plan.template.path },
    namespace: plan.ns.name,
    dry_run: false,
    created: false,
    ...extra,
  };
}

/** A second file written with the new document: both are written, or neither (see write). */
type Linked = (id: string) => Promise<void>;

async function write(plan: NewPlan, rel: string, content: string, claim: Claim, signal?: AbortSignal, linked?: Linked): Promise<void> {
  const abs = path.join(plan.config.root, rel);
  let created = false;
  try {
    if (signal?.aborted) throw new DocketError('INTERRUPTED', 'Interrupted before the document was written.');
    await writeFileAtomic(plan.config.root, abs, content);
    created = true;
    await linked?.(claim.id);
  } catch (error) {
    // The linked write failed: the new document goes too, so the repository is as it was.
    if (created) await fs.unlink(abs).catch(() => undefined);
    // The number stays claimed only if a file now occupies its name.
    if (created || !(error instanceof DocketError && error.code === 'FILE_EXISTS')) await releaseClaim(plan.config.root, claim);
    throw error;
  }
}

/** Marks the superseded document; refuses (so the new one is removed) when it changed since it was read. */
function supersedeStep(plan: NewPlan, target: SupersedeTarget, done: (data: SupersedeData) => void): Linked {
  return async (id) => {
    const next = supersededText(target, id);
    const updated = next !== target.text;
    if (updated && !(await writeSuperseded(plan.config.root, target, next))) {
      throw new DocketError(
        'DOCUMENT_NOT_EDITABLE',
        `${target.path} changed while docket was marking it Superseded; nothing was written.`,
        {
          suggestion: 'Run the command again.',
          details: { path: target.path, reason: 'changed' },
        },
      );
    }
    done(supersedeData(target, id, next, updated));
  };
}

/** Allocates the next free number, skipping names that turn out to be taken. */
async function createSequential(
  plan: NewPlan,
  scan: IdScan,
  signal?: AbortSignal,
  linked?: Linked,
): Promise<{ id: string; rel: string; content: string }> {
  const target = { root: plan.config.root, prefix: plan.ns.repo_prefix, type: plan.type.type, dir: path.join(plan.config.root, plan.dir) };
  // Fail on bad inputs before claiming a number.
  const peek = await peekNextId(target, scan);
  render(plan, peek.id, peek.seq);
  let from = 0;
  for (let attempt = 0; attempt < 100; attempt++) {
    const { id, seq, claim } = await claimNextId(target, scan, from);
    const { content } = render(plan, id, seq);
    const rel = documentPath(plan, seq);
    try {
      await write(plan, rel, content, claim, signal, linked);
      return { id, rel, content };
    } catch (error) {
      if (!(error instanceof DocketError && error.code === 'FILE_EXISTS')) throw error;
      from = seq + 1;
    }
  }
  throw new DocketError('WRITE_FAILED', 'Could not find a free file name for the new document after 100 attempts.', {
    details: { directory: plan.dir },
  });
}

/**
 * An --id: idempotent when the same document exists, DUPLICATE_ID when another file has the
 * ID. Waits (bounded) for a concurrent creator of the same ID, then decides again.
 */
async function createChosen(plan: NewPlan, id: string, scan: IdScan, opts: NewOptions, target?: SupersedeTarget): Promise<NewData> {
  const root = plan.config.root;
  const seq = parseId(id)!.seq;
  const rel = documentPath(plan, seq);
  let supersedes: SupersedeData | undefined;
  const linked = target && supersedeStep(plan, target, (d) => (supersedes = d));
  const withOld = (data: NewData): NewData => (supersedes ? { ...data, supersedes } : data);
  const preview = (data: NewData): NewData =>
    target ? { ...data, supersedes: supersedeData(target, id, supersededText(target, id), false) } : data;
  // The same document exists (a repeated run): only the old one may still need its mark.
  const same = async (state: { content: string; lastUpdated: string }) => {
    if (opts.dryRun)
      return preview(
        resultData(plan, id, rel, state.content, state.lastUpdated, {
          dry_run: true,
          rendered_content: state.content,
          would_create: false,
        }),
      );
    await linked?.(id);
    return withOld(resultData(plan, id, rel, state.content, state.lastUpdated, {}));
  };
  let state = await chosenIdState(plan, id, seq, scan);
  if (state.kind === 'same') return same(state);
  const { content } = render(plan, id, seq);
  if (opts.dryRun)
    return preview(resultData(plan, id, rel, content, plan.today, { dry_run: true, rendered_content: content, would_create: true }));
  await ensureClaimsDir(root);
  const got = await claimChosen(root, id, {
    timeoutMs: lockTimeoutMs(opts.env),
    signal: opts.signal,
    isSettled: () => idWritten(plan.config, plan, id, seq),
  });
  if (got.claim) {
    await write(plan, rel, content, got.claim, opts.signal, linked);
    return withOld(resultData(plan, id, rel, content, plan.today, { created: true }));
  }
  // A concurrent creator of the same ID finished first: the same document, or a conflict.
  state = await chosenIdState(plan, id, seq, await scanIds(plan.config, opts.signal));
  if (state.kind === 'same') return same(state);
  throw new DocketError('DUPLICATE_ID', `${id} was just created by another process; nothing was written.`, {
    suggestion: 'Omit --id to get the next free number, or choose an ID that is not in use.',
    details: { document_id: id, path: rel },
  });
}

/**
 * `new TYPE TITLE`: validates everything, allocates an ID safely across processes, renders
 * the template and creates the file without replacing anything. A dry run writes nothing.
 */
export async function createDocument(config: RepoConfig, req: NewRequest, opts: NewOptions): Promise<NewResult> {
  const plan = await planNew(config, req, opts.env, opts.now);
  notePlan(plan, req);
  const scan = await scanIds(config, opts.signal);
  const warnings = [...plan.warnings, ...scan.unreadable, ...referenceWarnings(plan, scan)];
  // The superseded document is checked before a number is claimed: a refusal writes nothing.
  const old =
    plan.supersedes === undefined ? undefined : await findSupersedeTarget(config, plan.supersedes, plan.type.type, scan, opts.cmd);
  if (old) {
    assertNotSuperseded(old, plan.chosenId);
    // Throws now when the old document's frontmatter cannot be edited in place.
    supersededText(old, plan.chosenId ?? old.document_id);
  }
  const partial = scan.unreadable.length > 0;
  const root = config.root;
  const nextSteps = (rel: string): Advice[] => [
    { code: 'NEXT_EDIT_DOCUMENT', message: `Fill in the sections of ${rel}.` },
    { code: 'NEXT_CHECK', message: 'Check the repository, the new document included.', command: opts.cmd('check') },
  ];
  const done = (data: NewData, advice: Advice[]): NewResult => ({ data, warnings, advice, partial });

  if (plan.chosenId) {
    const r = await createChosen(plan, plan.chosenId, scan, opts, old);
    note('id', () => `${r.document_id} (--id; ${r.created ? 'created' : r.would_create ? 'free' : 'the same document exists'})`);
    return done(r, r.dry_run ? [] : nextSteps(r.path));
  }
  if (opts.dryRun) {
    const target = { root, prefix: plan.ns.repo_prefix, type: plan.type.type, dir: path.join(root, plan.dir) };
    const { id, seq } = await peekNextId(target, scan);
    note('id', () => `${id} (the next free number; not claimed in a dry run)`);
    const { content } = render(plan, id, seq);
    const supersedes = old && supersedeData(old, id, supersededText(old, id), false);
    return done(
      resultData(plan, id, documentPath(plan, seq), content, plan.today, {
        dry_run: true,
        rendered_content: content,
        would_create: true,
        ...(supersedes ? { supersedes } : {}),
      }),
      [],
    );
  }
  let supersedes: SupersedeData | undefined;
  const created = await createSequential(plan, scan, opts.signal, old && supersedeStep(plan, old, (d) => (supersedes = d)));
  note('id', () => `${created.id} (the next free number, claimed)`);
  return done(
    resultData(plan, created.id, created.rel, created.content, plan.today, { created: true, ...(supersedes ? { supersedes } : {}) }),
    nextSteps(created.rel),
  );
}

const OWNER_SOURCES = { flag: '--owner', config: 'default_owner in the config', placeholder: 'no owner set anywhere' } as const;

/** --verbose: the namespace, directory, owner and template `new` chose, and why. */
function notePlan(plan: NewPlan, req: NewRequest): void {
  note(
    'namespace',
    () => `${plan.ns.name} (${req.namespace !== undefined ? '--namespace' : 'the default namespace: rooted at docs/, else the first'})`,
  );
  note('directory', () => `${plan.dir} (type ${plan.type.type})`);
  note('owner', () => `${plan.owner.owner} (${plan.owner.source === 'env' ? plan.owner.variable : OWNER_SOURCES[plan.owner.source]})`);
  note('template', () => `${plan.template.path ?? '(none)'} (${plan.template.source})`);
}
