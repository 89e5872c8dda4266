export interface VersionData {
  version: string;
  node: string;
  platform: string;
  arch: string;
}

/** docket's version and the runtime it runs on, as `docket version` reports them. */
export function describeVersion(version: string): VersionData {
  return { version, node: process.version, platform: process.platform, arch: process.arch };
}
