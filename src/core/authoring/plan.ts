import { isExcluded, namespaceFor } from '../config/exclusion.js';
import type { DocumentTypeConfig, NamespaceConfig, RepoConfig } from '../config/types.js';
import { todayIso } from '../dates.js';
import type { Issue } from '../issues.js';
import { resolveTemplate, type TemplateSource } from '../templates/resolve.js';
import { prepareTemplate, type PreparedTemplate } from '../templates/prepare.js';
import { slugify } from '../text/slug.js';
import { DocketError } from '../../errors/docket-error.js';
import {
  idList,
  idValue,
  listValues,
  normalizeTitle,
  optionalValue,
  pickNamespace,
  resolveOwner,
  resolveStatus,
  resolveType,
  type OwnerChoice,
} from './inputs.js';
import { buildMetadata } from './metadata.js';
import { renderDocument, templateValues } from './render.js';
import { supersedesId } from './supersede.js';
import { assertValidMetadata, loadMetadataSchema, type MetadataSchema } from './schema.js';

/** What the user asked for, as given on the command line. */
export interface NewRequest {
  type: string;
  title: string;
  namespace?: string;
  owner?: string;
  status?: string;
  area?: string;
  description?: string;
  keywords?: string[];
  relatedIds?: string[];
  supersededBy?: string;
  /** The ID (or, adr-tools style, the number) of the document the new one supersedes. */
  supersedes?: string;
  id?: string;
}

/** Everything validated and resolved before an ID is allocated. */
export interface NewPlan {
  config: RepoConfig;
  ns: NamespaceConfig;
  type: DocumentTypeConfig;
  title: string;
  status: string;
  owner: OwnerChoice;
  area?: string;
  description?: string;
  keywords: string[];
  relatedIds: string[];
  supersededBy?: string;
  /** The ID of the document the new one supersedes (marked Superseded in the same step). */
  supersedes?: string;
  chosenId?: string;
  /** Repository-relative directory of the type. */
  dir: string;
  slug: string;
  today: string;
  template: { source: TemplateSource; path: string | null; prepared: PreparedTemplate };
  schema: MetadataSchema;
  warnings: Issue[];
}

export function typeDirectory(ns: NamespaceConfig, type: DocumentTypeConfig): string {
  const parts = [ns.docs_root, type.directory].filter((p) => p !== '.' && p !== '');
  return parts.join('/') || '.';
}

function fileName(type: string, seq: number, slug: string): string {
  return `${type.toLowerCase()}-${String(seq).padStart(3, '0')}-${slug}.md`;
}

export function documentPath(plan: NewPlan, seq: number): string {
  const name = fileName(plan.type.type, seq, plan.slug);
  return plan.dir === '.' ? name : `${plan.dir}/${name}`;
}

/** Validates every input and loads the template and schema; writes nothing. */
export async function planNew(config: RepoConfig, req: NewRequest, env: NodeJS.ProcessEnv, now: Date): Promise<NewPlan> {
  const ns = pickNamespace(config, req.namespace);
  const type = resolveType(ns, req.type);
  const title = normalizeTitle(req.title);
  const schema = await loadMetadataSchema(config.root, ns);
  // A document created with a successor is superseded (unless --status says otherwise), as `index` expects.
  const supersededDefault =
    req.status === undefined && req.supersededBy !== undefined && (schema.statuses ?? ['Superseded']).includes('Superseded')
      ? 'Superseded'
      : undefined;
  const status = resolveStatus(req.status ?? supersededDefault, schema.statuses);
  if (req.supersedes !== undefined && req.supersededBy !== undefined) {
    throw new DocketError(
      'FLAG_CONFLICT',
      '--supersedes and --superseded-by cannot be combined: a new document that replaces another is the current one.',
      {
        suggestion:
          'Keep --supersedes <ID> to replace an existing document; use --superseded-by only to record an old document after the fact.',
        details: { flags: ['--supersedes', '--superseded-by'] },
      },
    );
  }
  const chosenId = req.id === undefined ? undefined : idValue(req.id, '--id');
  if (chosenId) {
    const [prefix, idType] = chosenId.split('-');
    if (prefix !== ns.repo_prefix || idType !== type.type) {
      throw new DocketError(
        'INVALID_ID',
        `--id ${chosenId} does not match ${ns.repo_prefix}-${type.type}-NNN (namespace ${ns.name}, type ${type.type}).`,
        {
          suggestion: `Use an ID of the form ${ns.repo_prefix}-${type.type}-NNN, or omit --id to get the next free number.`,
          details: { flag: '--id', value: chosenId, expected_prefix: ns.repo_prefix, expected_type: type.type, namespace: ns.name },
        },
      );
    }
  }
  const supersedes = req.supersedes === undefined ? undefined : supersedesId(req.supersedes, ns.repo_prefix, type.type);
  if (supersedes !== undefined && supersedes === chosenId) {
    throw new DocketError('FLAG_CONFLICT', `--id and --supersedes both name ${chosenId}: a document cannot supersede itself.`, {
      suggestion: 'Omit --id to give the new document the next free number.',
      details: { flags: ['--id', '--supersedes'], value: chosenId },
    });
  }
  const dir = typeDirectory(ns, type);
  const slug = slugify(title);
  const probe = `${dir === '.' ? '' : `${dir}/`}${fileName(type.type, 1, slug)}`;
  if (namespaceFor(config, probe) !== ns || isExcluded(ns, probe)) {
    throw new DocketError(
      'TARGET_NOT_GOVERNED',
      `${type.type} documents of namespace ${ns.name} would be created in ${dir}/, which docket does not govern for that namespace.`,
      {
        suggestion: `Point document_types.${type.type}.directory at a governed folder under ${ns.docs_root}.`,
        details: { directory: dir, namespace: ns.name, type: type.type },
      },
    );
  }
  const resolved = await resolveTemplate(config.root, ns, type.type);
  const prepared = prepareTemplate(resolved.text, resolved.path);
  return {
    config,
    ns,
    type,
    title,
    status,
    owner: resolveOwner(req.owner, env, ns, config),
    area: optionalValue(req.area, '--area'),
    description: optionalValue(req.description, '--description'),
    keywords: listValues(req.keywords, '--keywords'),
    relatedIds: idList(req.relatedIds, '--related-ids'),
    supersededBy: req.supersededBy === undefined ? undefined : idValue(req.supersededBy, '--superseded-by'),
    supersedes,
    chosenId,
    dir,
    slug,
    today: todayIso(now, env),
    template: { source: resolved.source, path: resolved.path, prepared },
    schema,
    warnings: [...resolved.warnings, ...prepared.warnings, ...schema.warnings],
  };
}

/** Renders the document for an ID; validates its frontmatter against the schema first. */
export function render(plan: NewPlan, id: string, seq: number, date = plan.today): { content: string; meta: Record<string, unknown> } {
  const meta = buildMetadata({
    document_id: id,
    type: plan.type.type,
    title: plan.title,
    status: plan.status,
    owner: plan.owner.owner,
    last_updated: date,
    docops_version: plan.ns.docops_version,
    area: plan.area,
    description: plan.description,
    keywords: plan.keywords,
    related_ids: plan.relatedIds,
    superseded_by: plan.supersededBy,
    extra: plan.template.prepared.extra,
  });
  assertValidMetadata(plan.schema, meta, plan.ns.schema_path);
  return { content: renderDocument(plan.template.prepared, meta, templateValues(meta, plan.ns.repo_prefix, seq, date)), meta };
}
