import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from './tools.js';

/**
 * Each call runs docket as a child process, so its arguments travel on a command line. Linux
 * refuses (E2BIG) any single argument of 128 KiB or more (MAX_ARG_STRLEN, with its NUL) and a
 * command line larger than ARG_MAX (2 MiB by default, environment included); a call over these
 * is answered before anything is started, with the limit named.
 */
const MAX_ARGUMENT_BYTES = 128 * 1024 - 1;
/** Half of the usual ARG_MAX, the rest left to the environment. */
const MAX_ARGUMENTS_BYTES = 1024 * 1024;

/** The tool argument behind one element of the command line (`--name=value` or a positional). */
function propertyOf(tool: Tool, element: string, positional: boolean): string {
  if (positional) return tool.params.find((p) => p.kind === 'arg')?.property ?? 'arguments';
  const name = element.slice(2, element.includes('=') ? element.indexOf('=') : undefined);
  return tool.params.find((p) => p.name === name)?.property ?? name;
}

/** A JSON-RPC error (-32602) for a call whose command line the system would refuse, else undefined. */
export function argvLimitError(tool: Tool, argv: readonly string[]): (Error & { code: number; data: Record<string, unknown> }) | undefined {
  let total = 0;
  const dashes = argv.indexOf('--');
  for (let i = 0; i < argv.length; i++) {
    const bytes = Buffer.byteLength(argv[i]!, 'utf8');
    total += bytes + 1;
    if (bytes > MAX_ARGUMENT_BYTES) {
      const property = propertyOf(tool, argv[i]!, dashes !== -1 && i > dashes);
      return Object.assign(
        new Error(
          `Argument \`${property}\` of tool ${tool.definition.name} takes ${bytes} bytes on the command line, over the limit of ${MAX_ARGUMENT_BYTES} bytes (128 KiB) for one argument. Pass a shorter value, or split it over several calls.`,
        ),
        {
          code: ErrorCode.InvalidParams,
          data: { limit: 'argument_bytes', limit_bytes: MAX_ARGUMENT_BYTES, argument: property, argument_bytes: bytes },
        },
      );
    }
  }
  if (total > MAX_ARGUMENTS_BYTES) {
    return Object.assign(
      new Error(
        `The arguments of tool ${tool.definition.name} take ${total} bytes on the command line, over the limit of ${MAX_ARGUMENTS_BYTES} bytes (1 MiB) for all arguments of one call. Pass fewer or shorter values, or split them over several calls.`,
      ),
      {
        code: ErrorCode.InvalidParams,
        data: { limit: 'arguments_bytes', limit_bytes: MAX_ARGUMENTS_BYTES, arguments_bytes: total },
      },
    );
  }
  return undefined;
}
