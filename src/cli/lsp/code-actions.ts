import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  CodeActionKind,
  type CodeAction,
  type Range,
  type TextDocumentEdit,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/lib/common/api.js';
import { todayIso } from '../../core/dates.js';
import { decodeDocument } from '../../core/engine/documents/read.js';
import { describeDocument } from '../../core/engine/load.js';
import type { Finding } from '../../core/engine/model.js';
import { planFixes, type FilePlan } from '../../core/fix/plan.js';
import { claimedIds } from '../../core/ids/claim.js';
import { planMoves } from '../../core/move/plan.js';
import type { Workspace } from '../../core/workspace/workspace.js';
import { Lines, rangeOf, toDiagnostic } from './diagnostics.js';
import { lineEdit } from './text-edit.js';
import { uriOf } from './uri.js';

/** What code actions need from the server besides the workspace. */
export interface ActionContext {
  /** The client applies file renames in a workspace edit (resource operations). */
  renames: boolean;
  /** The client resolves an action's edit later (codeAction/resolve): a rename's edit, which reads every Markdown file, waits until it is chosen. */
  resolve: boolean;
  /** The open documents' texts and versions, by repository path. */
  open: ReadonlyMap<string, { text: string; version: number }>;
  /** `context.only` of the request: the kinds asked for. */
  only?: readonly string[];
  now: Date;
  env: NodeJS.ProcessEnv;
}

const FIX_ALL = `${CodeActionKind.SourceFixAll}.docket`;

const overlaps = (a: Range, b: Range): boolean =>
  !(
    a.end.line < b.start.line ||
    (a.end.line === b.start.line && a.end.character < b.start.character) ||
    b.end.line < a.start.line ||
    (b.end.line === a.start.line && b.end.character < a.start.character)
  );

const wanted = (kind: string, only: readonly string[] | undefined): boolean =>
  !only || only.some((o) => kind === o || kind.startsWith(`${o}.`));

/** What a plan does, in a few words (the action's title). */
function describePlan(plan: FilePlan): string {
  const parts: string[] = [];
  if (plan.text !== undefined) {
    if (plan.action === 'add_frontmatter') parts.push('add frontmatter');
    else for (const f of plan.fields) parts.push(f.op === 'add' ? `add ${f.field}: ${f.to}` : `set ${f.field} to ${f.to}`);
    if (plan.blockLines) parts.push(`rewrite ${plan.blockLines} metadata block line${plan.blockLines === 1 ? '' : 's'}`);
  }
  if (plan.rename) parts.push(`rename to ${path.posix.basename(plan.rename.to)}`);
  return parts.join(', ');
}

/**
 * The plan `docket fix` makes for the document with only `findings` to fix: the document is
 * described from the text its findings are about (the editor's), with every ID the workspace
 * knows (new ones are allocated past them) and the IDs `new` has claimed.
 */
async function planFor(ws: Workspace, rel: string, text: string, findings: Finding[], ctx: ActionContext): Promise<FilePlan | undefined> {
  const known = ws.document(rel);
  const namespace = known && ws.repoConfig.namespaces.find((n) => n.name === known.namespace);
  if (!namespace) return undefined;
  const bytes = Buffer.from(text, 'utf8');
  const schema = ws.schemaOf(rel);
  const doc = describeDocument(decodeDocument(rel, namespace, bytes, bytes.length, Number.NaN), schema, true);
  doc.findings = findings;
  doc.checked = true;
  const ids = ws.documents().flatMap((d) => (d.node ? [d.node.document_id] : []));
  const plans = planFixes(
    { fixable: [doc], ids, schemas: new Map([[namespace.schema_path, schema]]) },
    { today: todayIso(ctx.now, ctx.env), claimed: await claimedIds(ws.root) },
  );
  return plans[0];
}

/** A text document edit of `rel` from its current text (the editor's when open) to `after`. */
function documentEdit(ws: Workspace, rel: string, current: string, after: string, ctx: ActionContext): TextDocumentEdit | undefined {
  const edit = lineEdit(current, after);
  if (!edit) return undefined;
  return { textDocument: { uri: uriOf(ws.root, rel), version: ctx.open.get(rel)?.version ?? null }, edits: [edit] };
}

/**
 * The workspace edit of a plan. A rename is the move `docket fix` makes: the file renamed, and
 * the links to it in other files (and its own relative links) rewritten, on the texts the editor
 * has. Undefined when the client cannot rename files and the plan is only a rename, or when the
 * new name is taken.
 */
/** The rename of a plan the client can make: none when it cannot rename files or the new name is taken. */
function renameOf(ws: Workspace, plan: FilePlan, ctx: ActionContext): FilePlan['rename'] {
  return plan.rename && ctx.renames && !existsSync(path.join(ws.root, plan.rename.to)) ? plan.rename : undefined;
}

async function editOf(ws: Workspace, rel: string, text: string, plan: FilePlan, ctx: ActionContext): Promise<WorkspaceEdit | undefined> {
  const own = plan.text ?? text;
  const rename = renameOf(ws, plan, ctx);
  if (!rename) {
    const edit: TextEdit | undefined = lineEdit(text, own);
    return edit ? { changes: { [uriOf(ws.root, rel)]: [edit] } } : undefined;
  }
  const texts = new Map([...ctx.open].map(([r, d]) => [r, d.text] as const));
  texts.set(rel, own);
  const moves = await planMoves(ws.repoConfig, new Map([[rel, rename.to]]), { texts });
  const documentChanges: WorkspaceEdit['documentChanges'] = [];
  let ownChange: TextDocumentEdit | undefined;
  for (const move of moves.edits) {
    const current = move.rel === rel ? text : (ctx.open.get(move.rel)?.text ?? move.before);
    const change = documentEdit(ws, move.rel, current, move.after, ctx);
    if (!change) continue;
    if (move.rel === rel) ownChange = change;
    else documentChanges.push(change);
  }
  // The moved file is edited under its old name, then renamed.
  if (ownChange) documentChanges.push(ownChange);
  documentChanges.push({
    kind: 'rename',
    oldUri: uriOf(ws.root, rel),
    newUri: uriOf(ws.root, rename.to),
    options: { overwrite: false, ignoreIfExists: false },
  });
  return { documentChanges };
}

/** What an action to resolve carries: the document, its version, and which fixable finding (-1: all of them). */
export interface ActionData {
  uri: string;
  version: number | null;
  finding: number;
}

/**
 * An action for `findings`: with its edit, or, for a rename the client resolves later, with
 * `data` to make it from. Undefined when the plan makes no edit the client can apply.
 */
async function actionOf(
  ws: Workspace,
  rel: string,
  text: string,
  findings: Finding[],
  data: ActionData,
  ctx: ActionContext,
): Promise<{ plan: FilePlan; edit?: WorkspaceEdit; data?: ActionData } | undefined> {
  const plan = await planFor(ws, rel, text, findings, ctx);
  if (!plan) return undefined;
  if (ctx.resolve && renameOf(ws, plan, ctx)) return { plan, data };
  const edit = await editOf(ws, rel, text, plan, ctx);
  return edit ? { plan, edit } : undefined;
}

/**
 * The quick fixes for the fixable findings of `rel` in `range`: one per finding, the edit
 * `docket fix` makes for it, and one fixing all of the document's fixable findings when it has
 * several. The findings must be those of `text` (the server asks only once its refresh is done).
 */
export async function codeActions(
  ws: Workspace,
  rel: string,
  text: string,
  range: Range,
  version: number | null,
  ctx: ActionContext,
): Promise<CodeAction[]> {
  const lines = new Lines(text);
  const fixable = ws.findings(rel).filter((f) => f.fix);
  const uri = uriOf(ws.root, rel);
  const actions: CodeAction[] = [];
  let inRange = 0;
  for (const [i, finding] of fixable.entries()) {
    if (!overlaps(rangeOf(finding, lines), range)) continue;
    inRange++;
    if (!wanted(CodeActionKind.QuickFix, ctx.only)) continue;
    const made = await actionOf(ws, rel, text, [finding], { uri, version, finding: i }, ctx);
    if (made)
      actions.push({
        title: `docket fix ${finding.code}: ${describePlan(made.plan)}`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [toDiagnostic(finding, lines)],
        isPreferred: true,
        ...(made.edit ? { edit: made.edit } : { data: made.data }),
      });
  }
  if (fixable.length > 1 && (inRange > 0 || ctx.only) && wanted(FIX_ALL, ctx.only)) {
    const made = await actionOf(ws, rel, text, fixable, { uri, version, finding: -1 }, ctx);
    if (made)
      actions.push({
        title: `docket fix: all ${fixable.length} fixable findings in this file (${describePlan(made.plan)})`,
        kind: FIX_ALL,
        diagnostics: fixable.map((f) => toDiagnostic(f, lines)),
        ...(made.edit ? { edit: made.edit } : { data: made.data }),
      });
  }
  return actions;
}

/** The edit of an action offered without one (see ActionData), made now on the same findings; the action unchanged when they are gone. */
export async function resolveCodeAction(
  ws: Workspace,
  rel: string,
  text: string,
  action: CodeAction,
  ctx: ActionContext,
): Promise<CodeAction> {
  const data = action.data as ActionData;
  const fixable = ws.findings(rel).filter((f) => f.fix);
  const findings = data.finding === -1 ? fixable : fixable.slice(data.finding, data.finding + 1);
  if (findings.length === 0) return action;
  const plan = await planFor(ws, rel, text, findings, ctx);
  const edit = plan && (await editOf(ws, rel, text, plan, ctx));
  return edit ? { ...action, edit } : action;
}
