import { readAsset } from '../assets.js';
import type { NamespaceConfig } from '../config/types.js';
import type { Issue } from '../issues.js';
import { readTemplateFile } from './read-template.js';
import { skeletonTemplate } from './skeleton.js';
import type { TemplateSource } from '../../contract/data/authoring.js';
export type { TemplateSource };

export interface ResolvedTemplate {
  source: TemplateSource;
  /** Repository-relative path for config and convention templates, else null. */
  path: string | null;
  text: string;
  warnings: Issue[];
}

/** Types with a template shipped in assets/templates/ (the ones `init` writes). */
const BUILTIN_TEMPLATE_TYPES = ['ADR', 'FDD', 'PRD'] as const;

/**
 * The template for a type, in order: config `document_types.<TYPE>.template`, convention
 * `<docs_root>/00-governance/templates/<type>.template.md`, built-in, skeleton. A configured
 * template that is missing is a warning and resolution continues; one that exists but is
 * unusable (symbolic link, not UTF-8, too large) is an error.
 */
export async function resolveTemplate(root: string, ns: NamespaceConfig, type: string): Promise<ResolvedTemplate> {
  const warnings: Issue[] = [];
  const configured = ns.document_types[type]?.template;
  if (configured) {
    const text = await readTemplateFile(root, configured);
    if (text !== undefined) return { source: 'config', path: configured, text, warnings };
    warnings.push({
      code: 'TEMPLATE_MISSING',
      severity: 'warning',
      message: `The configured template ${configured} for ${type} does not exist; using the next template in line.`,
      path: configured,
      suggestion: `Create ${configured} or remove its \`template\` entry.`,
    });
  }
  const convention = `${ns.templates_dir}/${type.toLowerCase()}.template.md`;
  if (convention !== configured) {
    const text = await readTemplateFile(root, convention);
    if (text !== undefined) return { source: 'convention', path: convention, text, warnings };
  }
  if ((BUILTIN_TEMPLATE_TYPES as readonly string[]).includes(type)) {
    const text = await readAsset(`assets/templates/${type.toLowerCase()}.template.md`);
    return { source: 'builtin', path: null, text: text.replace(/\r\n?/g, '\n'), warnings };
  }
  return { source: 'skeleton', path: null, text: skeletonTemplate(type), warnings };
}
