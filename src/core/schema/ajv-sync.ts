import { createRequire } from 'node:module';
import type { Ajv as AjvInstance, Options } from 'ajv';

const requireCjs = createRequire(import.meta.url);

/**
 * A draft-07 Ajv with formats, loaded synchronously on first use (ajv is CommonJS, so
 * `require` works from ESM and keeps parse functions synchronous).
 */
export function createAjv(options: Options = {}): AjvInstance {
  const ajvModule = requireCjs('ajv') as { default?: unknown };
  const Ajv = (ajvModule.default ?? ajvModule) as new (o: Options) => AjvInstance;
  const formatsModule = requireCjs('ajv-formats') as { default?: unknown };
  const addFormats = (formatsModule.default ?? formatsModule) as (ajv: AjvInstance) => void;
  const ajv = new Ajv({ strict: false, allErrors: true, ...options });
  addFormats(ajv);
  return ajv;
}
