import * as Flags from '@oclif/core/flags';
import { PROTOCOL_ASSETS } from '../core/protocol/assets.js';

/** --asset of `protocol check|sync`: the reference's asset ids (reference §8.7). */
export const assetFlag = Flags.string({
  description: `Only this asset: ${PROTOCOL_ASSETS.map((a) => a.id).join(', ')} (repeatable, or comma-separated); default: all.`,
  multiple: true,
  delimiter: ',',
  options: PROTOCOL_ASSETS.map((a) => a.id),
  helpValue: '<id>',
});
