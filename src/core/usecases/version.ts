import type { VersionData } from '../../contract/data/meta.js';
export type { VersionData };

/** docket's version and the runtime it runs on, as `docket version` reports them. */
export function describeVersion(version: string): VersionData {
  return { version, node: process.version, platform: process.platform, arch: process.arch };
}
