import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadConfig, parseConfig } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import { validateNamespaces } from '../config/validate.js';
import { ungovernedDocuments } from '../config/ungoverned.js';
import { DocketError } from '../../errors/docket-error.js';
import type { Advice, Issue } from '../issues.js';
import { compileSchemaFile } from '../schema/compile.js';
import { findStaleTempFiles, staleTempWarning } from '../fs/stale-temp.js';
import { re2Patterns } from '../schema/pattern/engine.js';
import { schemaPatterns } from '../schema/pattern/walk.js';
import { knownIds } from '../state/open.js';
import { validateStateFile } from '../state/validate.js';
import type { CheckStatus, DoctorCheck, DoctorData } from '../../contract/data/meta.js';
export type { DoctorData };

export interface DoctorResult {
  data: DoctorData;
  violations: Issue[];
  warnings: Issue[];
  advice: Advice[];
}

const MIN_NODE: [number, number] = [20, 12];

/** Notes (severity info) leave a check ok: they never fail --strict. */
function statusOf(issues: readonly Issue[]): CheckStatus {
  if (issues.some((i) => i.severity === 'error')) return 'error';
  return issues.some((i) => i.severity === 'warning') ? 'warn' : 'ok';
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

export function nodeSupported(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

/** Diagnoses the setup; never fails on a broken config, it reports it. */
export async function runDoctor(root: string, opts: { cmd: (c: string) => string; nodeVersion?: string }): Promise<DoctorResult> {
  const checks: DoctorCheck[] = [];
  const issues: Issue[] = [];
  const advice: Advice[] = [];
  const add = (name: string, found: Issue[], okMessage: string) => {
    issues.push(...found);
    const status = statusOf(found);
    checks.push({
      name,
      status,
      message: status === 'ok' ? [okMessage, ...found.map((i) => i.message)].join(' ') : found.map((i) => i.message).join(' '),
    });
  };

  const node = opts.nodeVersion ?? process.versions.node;
  add(
    'node',
    nodeSupported(node)
      ? []
      : [
          {
            code: 'NODE_VERSION_UNSUPPORTED',
            severity: 'error',
            message: `Node.js ${node} is older than 20.12.`,
            suggestion: 'Install Node.js 20.12 or newer.',
          },
        ],
    `Node.js ${node} is supported.`,
  );

  let config: RepoConfig | undefined;
  try {
    const loaded = await loadConfig(root);
    config = loaded.config;
    add('config', loaded.warnings, `${loaded.config.config_path} is valid.`);
  } catch (error) {
    if (!(error instanceof DocketError)) throw error;
    const detail = error.details ?? {};
    if (error.code === 'CONFIG_NOT_FOUND') {
      // As the Python DocOps CLI's doctor (reference §1.3, §8.2): a missing config is a warning,
      // and the rest is diagnosed on the defaults the commands that run without one use.
      config = parseConfig(root, '').config;
      add(
        'config',
        [
          {
            code: error.code,
            severity: 'warning',
            message: `${error.message} The other checks use the defaults.`,
            path: 'docops.config.yaml',
            ...(error.suggestion ? { suggestion: error.suggestion } : {}),
          },
        ],
        '',
      );
      advice.push({ code: 'NEXT_INIT', message: 'Initialise the repository.', command: opts.cmd('init') });
    } else {
      add(
        'config',
        [
          {
            code: error.code,
            severity: 'error',
            message: error.message,
            path: 'docops.config.yaml',
            ...(typeof detail.line === 'number' ? { line: detail.line } : {}),
            ...(error.suggestion ? { suggestion: error.suggestion } : {}),
          },
        ],
        '',
      );
      advice.push({ code: 'NEXT_EXPLAIN', message: 'Read how to fix the config error.', command: `docket explain ${error.code}` });
    }
  }

  if (config) {
    add(
      'namespaces',
      validateNamespaces(config),
      `${config.namespaces.length} namespace${config.namespaces.length === 1 ? '' : 's'} with valid, distinct prefixes.`,
    );

    const missingRoots: Issue[] = [];
    for (const ns of config.namespaces) {
      const stat = await fs.stat(path.join(root, ns.docs_root)).catch(() => undefined);
      if (!stat?.isDirectory())
        missingRoots.push({
          code: 'REPO_STRUCTURE',
          severity: 'error',
          message: `The docs root ${ns.docs_root} of namespace "${ns.name}" does not exist.`,
          path: ns.docs_root,
          suggestion: `Create ${ns.docs_root} (\`docket init\` does) or fix docs_root.`,
        });
    }
    add('docs_roots', missingRoots, 'Every docs root exists.');
    add('coverage', await ungovernedDocuments(config), 'No Markdown file with a document ID lies outside the docs roots.');

    const schemaIssues: Issue[] = [];
    for (const schemaPath of [...new Set(config.namespaces.map((ns) => ns.schema_path))].sort()) {
      const compiled = await compileSchemaFile(root, schemaPath);
      if (!compiled.ok) schemaIssues.push(compiled.issue);
      else {
        schemaIssues.push(...compiled.warnings);
        // Which patterns docket could not prove linear for V8's engine, so runs on RE2: a note, not a problem.
        for (const { pointer, pattern } of re2Patterns(schemaPatterns(compiled.schema))) {
          schemaIssues.push({
            code: 'SCHEMA_PATTERN_RE2',
            severity: 'info',
            message: `The pattern ${JSON.stringify(pattern)} at ${pointer} could take exponential or polynomial time on V8's backtracking engine; docket runs it on RE2, in linear time.`,
            path: schemaPath,
            suggestion: 'Nothing is required; `docket explain SCHEMA_PATTERN_RE2` says how to keep the faster engine.',
          });
        }
      }
    }
    add('schema', schemaIssues, 'The metadata schema is present and a valid JSON Schema.');

    const templateIssues: Issue[] = [];
    for (const ns of config.namespaces) {
      for (const t of Object.values(ns.document_types)) {
        if (t.template && !(await exists(path.join(root, t.template)))) {
          templateIssues.push({
            code: 'TEMPLATE_MISSING',
            severity: 'warning',
            message: `The template ${t.template} for ${t.type} does not exist; the built-in template will be used.`,
            path: t.template,
            suggestion: `Create ${t.template} or remove its \`template\` entry.`,
          });
        }
      }
    }
    add('templates', templateIssues, 'Every configured template exists.');

    const stale = await findStaleTempFiles(config);
    add(
      'temp_files',
      stale.map((rel) => staleTempWarning(rel, opts.cmd)),
      'No temporary files left by killed docket runs.',
    );

    // The work queue, as the Python DocOps CLI's doctor checks it; entries are checked against the index's IDs.
    const state = await validateStateFile(config, async () => (await knownIds(config))?.ids, opts.cmd);
    add('state', state.issues, state.exists ? `${state.rel} is valid.` : `No ${state.rel}: no work queue to check.`);
    advice.push(...state.advice);
  }

  const problems = issues.filter((i) => i.severity !== 'info');
  if (problems.length === 0)
    advice.push({ code: 'NEXT_CHECK', message: 'The setup is healthy: check the documents.', command: opts.cmd('check') });
  else if (!advice.some((a) => a.code === 'NEXT_INIT'))
    advice.push({
      code: 'NEXT_EXPLAIN',
      message: 'Read what a finding means and how to fix it.',
      command: `docket explain ${problems[0]!.code}`,
    });

  const overall: CheckStatus = checks.some((c) => c.status === 'error') ? 'error' : checks.some((c) => c.status === 'warn') ? 'warn' : 'ok';
  return {
    data: { status: overall, checks },
    violations: issues.filter((i) => i.severity === 'error'),
    warnings: issues.filter((i) => i.severity !== 'error'),
    advice,
  };
}
