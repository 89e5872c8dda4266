import type { NamespaceConfig } from '../../config/types.js';

export interface GovernedFile {
  rel: string;
  namespace: NamespaceConfig;
}
