import { createRequire } from 'node:module';

export type YamlModule = typeof import('yaml');
let loaded: YamlModule | undefined;

/**
 * The `yaml` package, loaded on first use: most runs never need it, because frontmatter and
 * docops.config.yaml of the common shapes have fast paths (frontmatter/fast.ts,
 * config/simple-yaml.ts) that decline everything else to it. Synchronous (a CommonJS require)
 * so parsers stay synchronous, and outside the bundle (scripts/bundle.js) so that commands do
 * not load it at start. Every value import of yaml goes through here, so a process holds one
 * copy of it.
 */
/**
 * Parse options every parse of untrusted YAML takes: the `yaml` package reports some
 * oddities (a mapping used as a key, e.g. a template's `title: {{title}}`) with
 * process.emitWarning, which Node prints on stderr. docket reports what matters as findings.
 * 'error', not 'silent': silent also drops errors such as MULTIPLE_DOCS (a second `---`), and
 * every key after it would be lost without a word.
 */
export const QUIET = { logLevel: 'error' } as const;

export function yamlLib(): YamlModule {
  if (!loaded) {
    loaded = createRequire(import.meta.url)('yaml') as YamlModule;
  }
  return loaded;
}
