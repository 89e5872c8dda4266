import { PREFIX_PATTERN, normalizeTypeKey } from './defaults.js';
import { dotted, type ConfigReader, type YamlPath } from './reader.js';

/** A document type key: letters only, since it becomes an ID segment and part of file names (`adr-001-...md`). */
const TYPE_KEY = /^[A-Z]{1,64}$/;

function shown(value: string): string {
  return JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}...` : value);
}

/**
 * `repo_prefix` as written (`raw`, untrimmed), trimmed and upper-cased as the Python DocOps CLI
 * does, with a warning when that changed it. It begins every document ID and names ID claim
 * files, so anything that is not then 3 to 10 letters A-Z (`""`, `../X`, `A-B`) is CONFIG_INVALID.
 */
export function configPrefix(reader: ConfigReader, raw: string, p: YamlPath): string {
  const prefix = raw.trim().toUpperCase();
  if (!PREFIX_PATTERN.test(prefix)) {
    reader.refuse(
      p,
      `\`${dotted(p)}\` is ${shown(raw)}, which is not 3 to 10 letters A-Z: the prefix begins every document ID and names files.`,
      `Set \`${dotted(p)}\` to 3 to 10 letters A-Z, such as ACME, then run \`docket doctor\`.`,
      { value: raw.slice(0, 64) },
    );
  }
  if (prefix !== raw)
    reader.warn(
      'CONFIG_VALUE_NORMALIZED',
      p,
      `\`${dotted(p)}\` ${shown(raw)} is read as ${prefix}.`,
      `Write \`${dotted(p)}: ${prefix}\` in docops.config.yaml.`,
    );
  return prefix;
}

/**
 * A document type key of `document_types`, `type_directories` or `templates` (the last path
 * step of `p`): trimmed and upper-cased (`GOVERNANCE` is GOV), with a warning when whitespace
 * or, where `caseMatters`, lower case was normalised. Type keys longer than an ID segment stay
 * valid (the Python DocOps CLI derives a segment from them); one that is not letters only
 * (`""`, `../../X`, `A-B`) could not name a file and is CONFIG_INVALID.
 */
export function configTypeKey(reader: ConfigReader, raw: string, p: YamlPath, caseMatters: boolean): string {
  const key = normalizeTypeKey(raw);
  if (!TYPE_KEY.test(key)) {
    reader.refuse(
      p,
      `the document type ${shown(raw)} is not a word of letters A-Z: a type becomes part of document IDs and file names.`,
      `Rename the type under \`${dotted(p.slice(0, -1))}\` to letters only, such as RFC, then run \`docket doctor\`.`,
      { type: raw.slice(0, 64) },
    );
  }
  const trimmed = raw.trim();
  if (trimmed !== raw || (caseMatters && trimmed !== trimmed.toUpperCase())) {
    reader.warn(
      'CONFIG_VALUE_NORMALIZED',
      p,
      `The document type ${shown(raw)} under \`${dotted(p.slice(0, -1))}\` is read as ${key}.`,
      `Write the type as ${trimmed.toUpperCase()} in docops.config.yaml.`,
    );
  }
  return key;
}
