import { promises as fs, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { isExcluded, namespaceFor } from '../../config/exclusion.js';
import type { RepoConfig } from '../../config/types.js';
import { validateNamespaces } from '../../config/validate.js';
import { isInside, relativePosix } from '../../fs/paths.js';
import { compileSchemaFile, type CompiledSchema } from '../../schema/compile.js';
import type { Finding } from '../model.js';

export interface RepositoryState {
  findings: Finding[];
  schemas: Map<string, CompiledSchema | undefined>;
}

/**
 * Repository-level rules: namespaces, docs roots (REPO_STRUCTURE) and the metadata schema,
 * compiled once per schema path (SCHEMA_MISSING, SCHEMA_INVALID: one finding each; unknown
 * keywords and formats: a warning each).
 */
export async function inspectSetup(config: RepoConfig, refusedRoots: readonly string[]): Promise<RepositoryState> {
  const findings: Finding[] = [...validateNamespaces(config)];
  const schemas = new Map<string, CompiledSchema | undefined>();
  for (const ns of config.namespaces) {
    if (refusedRoots.includes(ns.docs_root)) {
      findings.push({
        code: 'SYMLINK_OUTSIDE_ROOT',
        severity: 'error',
        message: `The docs root ${ns.docs_root} of namespace "${ns.name}" leads outside the repository through a symbolic link; it was not read.`,
        path: ns.docs_root,
        suggestion: 'Make the docs root a real directory inside the repository.',
      });
      continue;
    }
    // Synchronous, as compileSchemaFile reads (see there).
    const stat = statOrUndefined(path.join(config.root, ns.docs_root));
    if (!stat?.isDirectory()) {
      findings.push({
        code: 'REPO_STRUCTURE',
        severity: 'error',
        message: `The docs root ${ns.docs_root} of namespace "${ns.name}" ${stat ? 'is not a directory' : 'does not exist'}.`,
        path: ns.docs_root,
        suggestion: `Create ${ns.docs_root} (\`docket init\` does) or fix docs_root in docops.config.yaml.`,
      });
      continue;
    }
    if (schemas.has(ns.schema_path)) continue;
    const compiled = await compileSchemaFile(config.root, ns.schema_path);
    schemas.set(ns.schema_path, compiled.ok ? compiled : undefined);
    findings.push(...(compiled.ok ? compiled.warnings : [compiled.issue]));
  }
  return { findings, schemas };
}

function statOrUndefined(abs: string): Stats | undefined {
  try {
    return statSync(abs);
  } catch {
    return undefined;
  }
}

/**
 * Symbolic links under the docs roots are never followed: a `.md` file or directory that is
 * one is reported (SYMLINK_SKIPPED), and refused when it leads outside the root.
 */
export async function symlinkFindings(config: RepoConfig, symlinks: readonly string[]): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const rel of symlinks) {
    const ns = namespaceFor(config, rel);
    if (!ns || isExcluded(ns, rel)) continue;
    const isMd = rel.toLowerCase().endsWith('.md');
    const abs = path.join(config.root, rel);
    let real: string;
    try {
      real = await fs.realpath(abs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP')
        out.push({
          code: 'SYMLINK_SKIPPED',
          severity: 'warning',
          message: `${rel} is a symbolic link loop; it was not followed.`,
          path: rel,
          suggestion: 'Remove the link or point it at a real file.',
        });
      else if (isMd)
        out.push({
          code: 'SYMLINK_SKIPPED',
          severity: 'warning',
          message: `${rel} is a symbolic link to a missing file (${code}).`,
          path: rel,
          suggestion: 'Remove the dangling link or restore its target.',
        });
      continue;
    }
    const isDir = (await fs.stat(real).catch(() => undefined))?.isDirectory() ?? false;
    if (!isMd && !isDir) continue;
    const what = isDir ? 'directory' : 'document';
    if (!isInside(config.root, real)) {
      out.push({
        code: 'SYMLINK_OUTSIDE_ROOT',
        severity: 'error',
        message: `${rel} is a symbolic link to a ${what} outside the repository; it was refused.`,
        path: rel,
        suggestion: 'Remove the link, or copy the content into the repository.',
      });
    } else {
      out.push({
        code: 'SYMLINK_SKIPPED',
        severity: 'warning',
        message: `${rel} is a symbolic link to ${relativePosix(config.root, real) || '.'}; docket does not follow links, so it was not checked through it.`,
        path: rel,
        suggestion: `Replace the link with the real ${what}, or move it out of the docs root.`,
      });
    }
  }
  return out;
}
