import { mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/cli/envelope.js';
import { buildEnvelope } from '../../src/cli/envelope.js';
import { ciContext, sourceRootOf } from '../../src/cli/render/ci/context.js';
import { ANNOTATION_LIMIT, command, escapeData, escapeProperty, renderGithub } from '../../src/cli/render/ci/github.js';
import { renderCiError, renderCiReport } from '../../src/cli/render/ci/report.js';
import { renderJunit } from '../../src/cli/render/ci/junit.js';
import { helpMarkdown, ruleText } from '../../src/cli/render/ci/rules.js';
import { relativeUri } from '../../src/cli/render/ci/sarif.js';
import { xmlAttr, xmlText } from '../../src/cli/render/ci/xml.js';
import type { Issue } from '../../src/core/issues.js';
import { CODES } from '../../src/errors/codes.js';
import { expectSarif, parseJunit } from '../helpers/ci.js';
import { tempDir } from '../helpers/fixtures.js';

const CTX = { version: '9.9.9', prefix: '', sourceRootUri: 'file:///repo/' };

function envelope(violations: Issue[], warnings: Issue[] = [], data: Record<string, unknown> = {}): Envelope {
  return buildEnvelope({
    success: violations.length === 0,
    status: 'ok',
    command: 'check',
    runId: '00000000-0000-4000-8000-000000000000',
    root: '/repo',
    data,
    violations,
    warnings,
  });
}

const link = (n: number, file = 'docs/a.md'): Issue => ({
  code: 'LINK_BROKEN',
  severity: 'error',
  message: `Link target "x${n}.md" does not exist.`,
  path: file,
  line: n,
  column: 3,
  suggestion: 'Fix the path.',
});
const name = (file: string): Issue => ({
  code: 'FILENAME_CONVENTION',
  severity: 'warning',
  message: `The filename of ${file} is not kebab-case.`,
  path: file,
  fixable: true,
});

describe('GitHub workflow commands', () => {
  it('escape data and properties as @actions/core does', () => {
    expect(escapeData('100% done\r\nnext')).toBe('100%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
    expect(command('error', { file: 'docs/a,b:c.md', line: 3, col: undefined, title: 'x' }, 'line1\nline2')).toBe(
      '::error file=docs/a%2Cb%3Ac.md,line=3,title=x::line1%0Aline2',
    );
  });

  it('annotate at most the limit per type, list the rest, and say how many were left out', () => {
    const violations = Array.from({ length: 13 }, (_, i) => link(i + 1));
    const warnings = Array.from({ length: 11 }, (_, i) => name(`docs/w${String(i).padStart(2, '0')}.md`));
    const out = renderGithub(envelope(violations, warnings, { files_checked: 12, files_passed: 11, files_failed: 1 }), CTX);
    const lines = out.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('::error ')).length).toBe(ANNOTATION_LIMIT);
    expect(lines.filter((l) => l.startsWith('::warning ')).length).toBe(ANNOTATION_LIMIT);
    expect(lines.filter((l) => l.startsWith('::notice ')).length).toBe(1);
    expect(lines.filter((l) => l.startsWith('docket: ')).length).toBe(4);
    expect(lines).toContain('docket: docs/a.md:13:3: error LINK_BROKEN Link target "x13.md" does not exist. (Fix the path.)');
    expect(lines.find((l) => l.startsWith('::notice '))).toBe(
      '::notice title=docket check::13 errors, 11 warnings: 3 errors, 1 warning not annotated (GitHub shows 10 annotations of each type per step); they are listed in the log.',
    );
    expect(lines.at(-1)).toBe('docket check: failed: 13 errors, 11 warnings; 12 files checked, 11 passed, 1 failed.');
    // Every line is a workflow command docket meant, or plain text that cannot become one.
    expect(lines.every((l) => /^::(error|warning|notice) /.test(l) || l.startsWith('docket'))).toBe(true);
  });

  it('put line and column on file annotations, and no file on repository-level ones', () => {
    const out = renderGithub(
      envelope([link(2), { code: 'NAMESPACE_NAME_DUPLICATE', severity: 'error', message: 'Two namespaces are named "a".' }]),
      { ...CTX, prefix: 'sub/dir/' },
    );
    expect(out).toContain(
      '::error file=sub/dir/docs/a.md,line=2,col=3,title=docket LINK_BROKEN::Link target "x2.md" does not exist.%0AFix the path.\n',
    );
    expect(out).toContain('::error title=docket NAMESPACE_NAME_DUPLICATE::Two namespaces are named "a".\n');
  });

  it('cannot be made to issue commands by a document: line breaks are escaped, plain lines start with docket', () => {
    const evil: Issue = {
      code: 'SCHEMA_VALIDATION',
      severity: 'error',
      message: 'bad\n::warning::pwned\r\n##[error]x',
      path: '::error::x.md',
      line: 1,
    };
    const out = renderGithub(envelope(Array.from({ length: 11 }, () => evil)), CTX);
    for (const l of out.trimEnd().split('\n'))
      expect(l.startsWith('::error file=%3A%3Aerror%3A%3Ax.md') || l.startsWith('::notice ') || l.startsWith('docket')).toBe(true);
    expect(out).toContain('bad%0A::warning::pwned%0D%0A##[error]x');
  });
});

describe('XML escaping', () => {
  it('escapes markup, quotes and line breaks, and writes characters XML cannot hold as \\u{XXXX}', () => {
    expect(xmlText('a < b && c > "d" ]]>')).toBe('a &lt; b &amp;&amp; c &gt; "d" ]]&gt;');
    expect(xmlAttr('say "hi"\n\t\'x\'')).toBe('say &quot;hi&quot;&#10;&#9;&apos;x&apos;');
    expect(xmlText('bell\u0007 nul\u0000 rtl\u202e lone\ud800 ok😀 \ufffe')).toBe(
      'bell\\u{0007} nul\\u{0000} rtl\\u{202e} lone\\u{d800} ok😀 \\u{fffe}',
    );
  });

  it('a JUnit report of hostile findings parses with a real XML parser and keeps the text', () => {
    const evil: Issue = {
      code: 'SCHEMA_VALIDATION',
      severity: 'error',
      message: 'value "<x>&]]>\u0001\ud800" is bad',
      path: 'docs/"q"&<a>.md',
      line: 1,
      suggestion: 'Fix it & retry.',
    };
    const xml = renderJunit(envelope([evil], [], { checked_paths: ['docs/"q"&<a>.md'], strict: false }), CTX);
    const doc = parseJunit(xml);
    const cases = doc.testsuites.testsuite[0].testcase;
    expect(cases.map((c: any) => c.name)).toEqual(['(repository)', 'docs/"q"&<a>.md']);
    expect(cases[1].failure[0]['#text']).toContain('value "<x>&]]>\\u{0001}\\u{d800}" is bad');
    expect(cases[1].failure[0].type).toBe('SCHEMA_VALIDATION');
  });
});

describe('JUnit under --strict', () => {
  it('fails on warnings but never on notes (severity info, such as OUTPUT_REDACTED): the suite fails exactly when the run does', () => {
    const note: Issue = { code: 'OUTPUT_REDACTED', severity: 'info', message: '1 value that looks like a secret was replaced.' };
    const passing = parseJunit(renderJunit(envelope([], [note], { checked_paths: ['docs/a.md'], strict: true }), CTX));
    const cases = passing.testsuites.testsuite[0].testcase;
    expect(passing.testsuites.failures).toBe('0');
    expect(cases[0]).toMatchObject({ name: '(repository)', 'system-out': expect.stringContaining('info OUTPUT_REDACTED') });
    expect(cases[0].failure).toBeUndefined();
    const failing = parseJunit(renderJunit(envelope([], [note, name('docs/a.md')], { checked_paths: ['docs/a.md'], strict: true }), CTX));
    expect(failing.testsuites.failures).toBe('1');
    expect(failing.testsuites.testsuite[0].testcase[1].failure[0].type).toBe('FILENAME_CONVENTION');
  });
});

describe('SARIF pieces', () => {
  it('percent-encodes each path segment into a relative URI reference', () => {
    expect(relativeUri('docs/Bad Name.md')).toBe('docs/Bad%20Name.md');
    expect(relativeUri('docs/a:b/#1%.md')).toBe('docs/a%3Ab/%231%25.md');
    expect(relativeUri('docs/café.md')).toBe('docs/caf%C3%A9.md');
  });

  it('takes rule texts from the code table', () => {
    const rule = ruleText('LINK_BROKEN');
    expect(rule).toMatchObject({
      id: 'LINK_BROKEN',
      name: 'LinkBroken',
      summary: CODES.LINK_BROKEN.summary,
      action: CODES.LINK_BROKEN.remediation.action,
      level: 'error',
    });
    expect(ruleText('FILENAME_CONVENTION').level).toBe('warning');
    expect(helpMarkdown(rule)).toContain('docket explain LINK_BROKEN');
  });

  it('a report of synthetic findings, including one without a path, is valid and placed on the config file', () => {
    const log = expectSarif(
      renderCiReport(
        'sarif',
        envelope([link(1), { code: 'NAMESPACE_NAME_DUPLICATE', severity: 'error', message: 'dup' }], [name('docs/x y.md')]),
        CTX,
      ),
    );
    const uris = log.runs[0].results.map((r: any) => r.locations[0].physicalLocation.artifactLocation.uri);
    expect(uris).toEqual(['docops.config.yaml', 'docs/a.md', 'docs/x%20y.md']);
  });

  it('an error run is a failed invocation with the code and exit code, and no results', () => {
    const env = buildEnvelope({
      success: false,
      status: 'error',
      command: 'check',
      runId: '00000000-0000-4000-8000-000000000000',
      root: '/repo',
      data: {},
      error: { code: 'CONFIG_NOT_FOUND', message: 'No config.', suggestion: 'Run docket init.' },
    });
    const log = expectSarif(renderCiError('sarif', env, 66));
    expect(log.runs[0].results).toBeUndefined();
    expect(log.runs[0].invocations[0]).toEqual({
      executionSuccessful: false,
      exitCode: 66,
      toolExecutionNotifications: [
        { level: 'error', message: { text: 'No config.\nRun docket init.' }, descriptor: { id: 'CONFIG_NOT_FOUND' } },
      ],
    });
    expect(renderCiError('github', env, 66)).toBe(
      '::error title=docket check%3A CONFIG_NOT_FOUND::No config.%0ARun docket init.\ndocket check: error CONFIG_NOT_FOUND (exit 66): No config.\n',
    );
    const junit = parseJunit(renderCiError('junit', env, 66));
    expect(junit.testsuites).toMatchObject({ tests: '1', failures: '0', errors: '1' });
    expect(junit.testsuites.testsuite[0].testcase[0].error[0]).toMatchObject({ type: 'CONFIG_NOT_FOUND', message: 'No config.' });
  });
});

describe('the source root CI tools resolve paths against', () => {
  it('is the enclosing git work tree, so paths under a sub-directory root carry its prefix', () => {
    const top = realpathSync(tempDir());
    mkdirSync(path.join(top, '.git'));
    const root = path.join(top, 'packages', 'hand book');
    mkdirSync(root, { recursive: true });
    expect(sourceRootOf(root)).toBe(top);
    expect(ciContext(root, '1.0.0')).toEqual({ version: '1.0.0', prefix: 'packages/hand book/', sourceRootUri: `file://${top}/` });
    const alone = realpathSync(tempDir());
    expect(ciContext(alone, '1.0.0')).toEqual({ version: '1.0.0', prefix: '', sourceRootUri: `file://${alone}/` });
  });
});
