import { hasUnusualCharacters, simpleKey, simpleScalar } from '../frontmatter/fast.js';

/** What the config loader asks of a parsed docops.config.yaml (see YamlSource). */
export interface ConfigYaml {
  readonly file: string;
  toJS(): unknown;
  /** 1-based line of the key (or list item) at `path`; the closest ancestor when absent. */
  line(path: readonly (string | number)[]): number | undefined;
  /** Source text of a scalar (e.g. "2.0" for docops_version: 2.0, which YAML reads as 2). */
  scalarSource(path: readonly (string | number)[]): string | undefined;
}

type Node =
  | { kind: 'scalar'; value: unknown; source: string; line: number }
  | { kind: 'map'; entries: Map<string, { line: number; value: Node }> }
  | { kind: 'seq'; items: Node[] };

interface Line {
  indent: number;
  text: string;
  /** 1-based. */
  no: number;
}

class Decline extends Error {}
const decline = (): never => {
  throw new Decline();
};

/**
 * A fast path for docops.config.yaml as `docket init` and DocOps repositories write it:
 * comment and blank lines, nested block mappings with plain keys, block lists of one-line
 * scalars or of such mappings (`namespaces`), and one-line scalars as the frontmatter fast path reads them. It returns exactly
 * what YamlSource (the `yaml` package) gives for the same text — data, lines and scalar
 * sources — and declines (undefined) everything else: flow collections other than `[]` and
 * `{}`, trailing comments, multi-line or block scalars, anchors, aliases, tags,
 * tabs, CR, document markers, directives, duplicate or unusual keys. Loading the `yaml`
 * package and its first parse is a noticeable part of nearly every command's start. A
 * differential property test (test/unit/config-fast.property.test.ts) holds it to YamlSource.
 */
export function parseSimpleConfig(file: string, text: string): ConfigYaml | undefined {
  if (hasUnusualCharacters(text)) return undefined; // CR and tabs included
  const lines: Line[] = [];
  text.split('\n').forEach((raw, i) => {
    let indent = 0;
    while (raw.charCodeAt(indent) === 0x20) indent++;
    if (indent === raw.length || raw[indent] === '#') return; // blank or comment line
    lines.push({ indent, text: raw.slice(indent), no: i + 1 });
  });
  if (lines.length === 0 || lines[0]!.indent !== 0 || /^(?:---|\.\.\.)(?:\s|$)/m.test(text) || /^%/m.test(text)) return undefined;
  let at = 0;

  // eslint-disable-next-line prefer-const -- seq and map call each other
  let map: (indent: number) => Node;
  const seq = (indent: number): Node => {
    const items: Node[] = [];
    while (at < lines.length && lines[at]!.indent === indent && lines[at]!.text.startsWith('- ')) {
      const line = lines[at]!;
      const rest = line.text.slice(2);
      if (rest.includes(': ') || rest.endsWith(':')) {
        // `- name: main` and the entries under it (`namespaces`): a mapping two columns in,
        // its first entry on the item's line. Anything unusual after the dash declines.
        if (rest[0] === ' ' || rest[0] === '-' || rest[0] === '#') decline();
        lines[at] = { indent: indent + 2, text: rest, no: line.no };
        items.push(map(indent + 2));
        if (at < lines.length && lines[at]!.indent > indent) decline(); // between the item's entries and the next item
        continue;
      }
      const item = simpleScalar(rest);
      if (!item) decline();
      items.push({ kind: 'scalar', value: item!.value, source: item!.source, line: line.no });
      at++;
      if (at < lines.length && lines[at]!.indent > indent) decline(); // content under an item
    }
    return { kind: 'seq', items };
  };

  map = (indent: number): Node => {
    const entries = new Map<string, { line: number; value: Node }>();
    while (at < lines.length && lines[at]!.indent === indent) {
      const line = lines[at]!;
      const colon = line.text.indexOf(':');
      if (colon <= 0) decline();
      const key = line.text.slice(0, colon);
      if (!simpleKey(key) || entries.has(key)) decline();
      const rest = line.text.slice(colon + 1);
      at++;
      const next = lines[at];
      if (rest === '') {
        let value: Node;
        if (next && next.indent > indent) value = next.text.startsWith('- ') ? seq(next.indent) : map(next.indent);
        else if (next && next.indent === indent && next.text.startsWith('- ')) value = seq(indent);
        else value = { kind: 'scalar', value: null, source: '', line: line.no };
        entries.set(key, { line: line.no, value });
      } else {
        if (rest[0] !== ' ' || (next && next.indent > indent)) decline(); // a continuation line would fold into the value
        const text = rest.replace(/^ +/, '');
        // `excluded_paths: []` (as `docket init` writes it): the only flow collections taken.
        if (text === '[]') entries.set(key, { line: line.no, value: { kind: 'seq', items: [] } });
        else if (text === '{}') entries.set(key, { line: line.no, value: { kind: 'map', entries: new Map() } });
        else {
          const scalar = simpleScalar(text);
          if (!scalar) decline();
          entries.set(key, { line: line.no, value: { kind: 'scalar', value: scalar!.value, source: scalar!.source, line: line.no } });
        }
      }
      // A line indented deeper than this mapping but not under an entry is a YAML error.
      if (at < lines.length && lines[at]!.indent > indent) decline();
    }
    if (entries.size === 0) decline();
    return { kind: 'map', entries };
  };

  let root: Node;
  try {
    root = map(0);
    if (at < lines.length) decline();
  } catch (error) {
    if (error instanceof Decline) return undefined;
    throw error;
  }
  return simpleConfig(file, root);
}

function toJS(node: Node): unknown {
  if (node.kind === 'scalar') return node.value;
  if (node.kind === 'seq') return node.items.map(toJS);
  const out: Record<string, unknown> = {};
  for (const [key, e] of node.entries) out[key] = toJS(e.value);
  return out;
}

/** The line a node starts on (a mapping starts with its first key). */
function startLine(node: Node): number | undefined {
  if (node.kind === 'scalar') return node.line;
  if (node.kind === 'seq') return node.items[0] ? startLine(node.items[0]) : undefined;
  return node.entries.values().next().value?.line;
}

function simpleConfig(file: string, root: Node): ConfigYaml {
  return {
    file,
    toJS: () => toJS(root),
    line(path) {
      let node: Node | undefined = root;
      let located: number | undefined = startLine(root);
      for (const step of path) {
        if (node?.kind === 'map') {
          const e = node.entries.get(String(step));
          if (!e) return located;
          located = e.line;
          node = e.value;
        } else if (node?.kind === 'seq' && typeof step === 'number') {
          node = node.items[step];
          if (node) located = startLine(node);
        } else return located;
      }
      return located;
    },
    scalarSource(path) {
      let node: Node | undefined = root;
      for (const step of path) {
        if (node?.kind === 'map') node = typeof step === 'string' ? node.entries.get(step)?.value : undefined;
        else if (node?.kind === 'seq' && typeof step === 'number') node = node.items[step];
        else return undefined;
      }
      return node?.kind === 'scalar' ? node.source : undefined;
    },
  };
}
