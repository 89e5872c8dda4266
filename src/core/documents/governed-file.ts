import type { NamespaceConfig } from '../config/types.js';

export interface GovernedFile {
  rel: string;
  namespace: NamespaceConfig;
}

/**
 * The governed files by position: the walk's sorted array, or the same files packed (see
 * PathTable). `at` may build a new object at each call.
 */
export interface FileList {
  readonly length: number;
  at(i: number): GovernedFile | undefined;
}
