import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';
import { REPO } from './cli.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;
let sarifValidator: ValidateFunction | undefined;

/** The official SARIF 2.1.0 JSON Schema (draft-07), vendored in test/fixtures/sarif (see its README). */
function sarifSchema(): ValidateFunction {
  if (!sarifValidator) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    sarifValidator = ajv.compile(JSON.parse(readFileSync(path.join(REPO, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8')));
  }
  return sarifValidator;
}

/**
 * Parses stdout as one SARIF log and asserts it is valid against the SARIF schema and meets
 * what GitHub code scanning requires of each result (see GitHub's "SARIF support for code
 * scanning"): rules with descriptions and help, a known ruleId, one location with a relative
 * URI and a region whose line and column are at least 1, and partial fingerprints.
 */
export function expectSarif(stdout: string): any {
  const log = JSON.parse(stdout);
  const validate = sarifSchema();
  expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
  expect(log.version).toBe('2.1.0');
  expect(log.runs).toHaveLength(1);
  const run = log.runs[0];
  expect(run.tool.driver.name).toBe('docket');
  const rules: any[] = run.tool.driver.rules;
  for (const rule of rules) {
    expect(rule.shortDescription.text, rule.id).toBeTruthy();
    expect(rule.fullDescription.text, rule.id).toBeTruthy();
    expect(rule.help.text, rule.id).toBeTruthy();
  }
  expect(rules.map((r) => r.id)).toEqual([...rules.map((r) => r.id)].sort());
  const prints = new Set<string>();
  for (const result of run.results ?? []) {
    expect(rules[result.ruleIndex].id).toBe(result.ruleId);
    expect(result.message.text).toBeTruthy();
    expect(result.locations).toHaveLength(1);
    const loc = result.locations[0].physicalLocation;
    expect(loc.artifactLocation.uri).toMatch(/^(?![a-z][a-z0-9+.-]*:)(?!\/)\S+$/i);
    expect(loc.artifactLocation.uriBaseId).toBe('%SRCROOT%');
    expect(loc.region.startLine).toBeGreaterThanOrEqual(1);
    expect(loc.region.startColumn).toBeGreaterThanOrEqual(1);
    const print = JSON.stringify(result.partialFingerprints);
    expect(Object.keys(result.partialFingerprints).length).toBeGreaterThan(0);
    expect(prints.has(print), `duplicate fingerprint ${print}`).toBe(false);
    prints.add(print);
  }
  return log;
}

// XML 1.0 `Char`: tab, LF, CR, U+0020-U+D7FF, U+E000-U+FFFD, U+10000-U+10FFFF.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** Parses JUnit XML with a real XML parser after checking it is well-formed and holds only XML characters. */
export function parseJunit(stdout: string): any {
  expect(stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(NOT_XML_CHAR.test(stdout), 'a character XML 1.0 does not allow').toBe(false);
  const valid = XMLValidator.validate(stdout);
  expect(valid, JSON.stringify(valid)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
    isArray: (name) => ['testsuite', 'testcase', 'property', 'failure', 'error'].includes(name),
  });
  return parser.parse(stdout);
}
