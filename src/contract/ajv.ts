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
  // logger false: docket's own schemas are compiled here, and ajv must never print (stderr is for diagnostics).
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false, ...options });
  addFormats(ajv);
  return ajv;
}
