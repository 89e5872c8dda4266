import { createHash } from 'node:crypto';
import type { Issue } from '../../../core/issues.js';
import type { Envelope } from '../../envelope.js';
import type { CiContext } from './context.js';
import { allFindings, ciPath, findingCounts, REPOSITORY_FILE } from './findings.js';
import { helpMarkdown, helpText, ruleText, sarifLevel } from './rules.js';
import { toJson } from '../json.js';

const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const SRCROOT = '%SRCROOT%';

type Json = Record<string, unknown>;

/** A repository-relative POSIX path as a relative URI reference: each segment percent-encoded. */
export function relativeUri(rel: string): string {
  return rel.split('/').map(encodeURIComponent).join('/');
}

function driver(ctx: CiContext, rules: Json[]): Json {
  return { name: 'docket', semanticVersion: ctx.version, rules };
}

function rule(code: string): Json {
  const r = ruleText(code);
  return {
    id: r.id,
    name: r.name,
    shortDescription: { text: r.summary },
    fullDescription: { text: r.cause ? `${r.summary} ${r.cause}` : r.summary },
    help: { text: helpText(r), markdown: helpMarkdown(r) },
    defaultConfiguration: { level: r.level },
    properties: { tags: ['docket', r.category], precision: 'very-high' },
  };
}

function messageText(f: Issue): string {
  return f.suggestion ? `${f.message}\n${f.suggestion}` : f.message;
}

function location(ctx: CiContext, f: Issue): Json {
  // Code scanning needs a location for every result: repository-level findings without a path
  // are placed on the config file; line and column are at least 1.
  const rel = f.path ?? REPOSITORY_FILE;
  return {
    physicalLocation: {
      artifactLocation: { uri: relativeUri(ciPath(ctx, rel)), uriBaseId: SRCROOT },
      region: { startLine: Math.max(1, f.line ?? 1), startColumn: Math.max(1, f.column ?? 1) },
    },
  };
}

/**
 * A fingerprint that survives edits elsewhere in the file (no line number): the code, the path
 * and the message, plus the occurrence among identical ones.
 */
function fingerprints(findings: readonly Issue[]): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const key = createHash('sha256')
      .update(`${f.code}\0${f.path ?? ''}\0${f.message}`)
      .digest('hex')
      .slice(0, 32);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${key}:${n}`;
  });
}

function result(ctx: CiContext, f: Issue, ruleIndex: number, fingerprint: string): Json {
  const properties: Json = {};
  if (f.document_id !== undefined) properties.document_id = f.document_id;
  if (f.fixable !== undefined) properties.fixable = f.fixable;
  if (f.suggestion !== undefined) properties.suggestion = f.suggestion;
  return {
    ruleId: f.code,
    ruleIndex,
    level: sarifLevel(f.severity),
    message: { text: messageText(f) },
    locations: [location(ctx, f)],
    partialFingerprints: { 'docketFinding/v1': fingerprint },
    ...(Object.keys(properties).length > 0 ? { properties } : {}),
  };
}

/** The envelope's facts a consumer gating on the report needs (run.properties.docket). */
function runProperties(env: Envelope): Json {
  // data without its lists (checked_paths, ...): the counts, totals and flags.
  const summary = Object.fromEntries(Object.entries(env.data).filter(([, v]) => !Array.isArray(v)));
  return {
    docket: {
      command: env.command,
      success: env.success,
      status: env.status,
      run_id: env.run_id,
      ...(env.correlation_id !== undefined ? { correlation_id: env.correlation_id } : {}),
      ...(env.timestamp !== undefined ? { timestamp: env.timestamp } : {}),
      output_schema_version: env.output_schema_version,
      data: summary,
    },
  };
}

/*
 * No `automationDetails`: upload-sarif fills it from its `category` input (or the workflow and
 * job) only when the log has none, so a fixed id here would merge the alerts of different
 * workflows or roots and silently ignore the user's category.
 */
function baseRun(ctx: CiContext, rules: Json[]): Json {
  return {
    tool: { driver: driver(ctx, rules) },
    originalUriBaseIds: {
      [SRCROOT]: { uri: ctx.sourceRootUri, description: { text: 'The repository root: result paths are relative to it.' } },
    },
  };
}

function log(run: Json): string {
  return `${toJson({ $schema: SARIF_SCHEMA, version: '2.1.0', runs: [run] }, 2)}\n`;
}

/** A SARIF 2.1.0 log of the envelope's findings: one run, rules from the code table. */
export function renderSarif(env: Envelope, ctx: CiContext): string {
  const findings = allFindings(env);
  const codes = [...new Set(findings.map((f) => f.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  const prints = fingerprints(findings);
  const counts = findingCounts(env);
  const notifications: Json[] = [];
  if (counts.truncated) {
    notifications.push({
      level: 'warning',
      message: {
        text: `--max-findings listed ${counts.shownViolations} of ${counts.violations} violations and ${counts.shownWarnings} of ${counts.warnings} warnings; the other results are not in this log.`,
      },
      descriptor: { id: 'OUTPUT_TRUNCATED' },
    });
  }
  return log({
    ...baseRun(ctx, codes.map(rule)),
    invocations: [{ executionSuccessful: true, ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}) }],
    columnKind: 'utf16CodeUnits',
    results: findings.map((f, i) => result(ctx, f, index.get(f.code)!, prints[i]!)),
    properties: runProperties(env),
  });
}

/**
 * A run that produced no report (usage, config, internal error): the invocation failed, the
 * error is a tool execution notification, and `results` is absent, which SARIF reads as "no
 * results produced" (an empty array would claim a clean scan and close open alerts).
 */
export function renderSarifError(env: Envelope, ctx: CiContext, exitCode: number): string {
  const error = env.error!;
  const text = error.suggestion ? `${error.message}\n${error.suggestion}` : error.message;
  return log({
    ...baseRun(ctx, []),
    invocations: [
      {
        executionSuccessful: false,
        exitCode,
        toolExecutionNotifications: [
          {
            level: 'error',
            message: { text },
            descriptor: { id: error.code },
            ...(error.details ? { properties: { details: error.details } } : {}),
          },
        ],
      },
    ],
    properties: runProperties(env),
  });
}
