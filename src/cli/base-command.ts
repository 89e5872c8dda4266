import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Command } from '@oclif/core/command';
import type * as Interfaces from '@oclif/core/interfaces';
import { loadConfigOrDefaults } from '../core/config/fallback.js';
import { resolveNow } from '../core/dates.js';
import type { RepoConfig } from '../core/config/types.js';
import type { Issue } from '../core/issues.js';
import { DocketError } from '../errors/docket-error.js';
import { turn } from '../core/interrupt.js';
import { findConfigDirectory } from '../core/config/discover.js';
import { shellWord } from '../core/text/shell-word.js';
import {
  emit,
  emitInterruptedAndExit,
  errorEnvelope,
  outcomeEnvelope,
  prepareInterrupt,
  type EnvelopeMeta,
  type Renderers,
} from './emit.js';
import type { RepeatContext, Repetition } from './repeat.js';
import type { Envelope } from './envelope.js';
import { globalFlags, type GlobalFlags } from './flags.js';
import { debugEnabled, debugLog } from './io.js';
import { earlyMeta } from './early-meta.js';
import { BASE_FORMATS, rawFlag, resolveColor, resolveCorrelationId, resolveFormat, resolveRunId, type Format } from './options.js';
import type { Outcome, RunContext } from './outcome.js';
import { resolveOutputTarget, type OutputTarget } from './output-target.js';
import type { Style } from './render/style.js';
import { toDocketError } from './to-docket-error.js';
import { watchSignals, type SignalWatch } from './signals.js';
import { noteRunChoices, startVerbose } from './verbose.js';
import { NdjsonStream } from './stream.js';
import { terminalProgress, type ProgressReport } from './terminal-progress.js';
import { dataKeys, readDataSchema } from '../contract/data-schema.js';
import { parseFields, projectData } from './agent/fields.js';
import { capFindings, MAX_FINDINGS_FLAG } from './agent/findings-cap.js';
import { EXIT_ZERO_FLAG, exitZeroCode } from './agent/exit-zero.js';
import { jsonLine } from './render/json.js';

export type CommandFlags<T extends typeof Command> = Interfaces.InferredFlags<T['flags']> & GlobalFlags;
export type CommandArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>;

/**
 * The base of every docket command: parses flags, resolves the global options, runs the use
 * case, and prints exactly one result in the chosen format. It never throws and never calls
 * process.exit(): the exit code goes to process.exitCode.
 */
export abstract class DocketCommand<T extends typeof Command, D extends object = Record<string, unknown>> extends Command {
  static override baseFlags = globalFlags;
  static override enableJsonFlag = false;
  /** Output formats the command supports. */
  static formats: readonly Format[] = BASE_FORMATS;
  /*
   * Agent metadata. Static properties are copied into oclif.manifest.json, where `capabilities`
   * and `docket mcp` read them without importing the command (every command also declares
   * `static mutates`). All are optional; see README "Command metadata for agents".
   */
  /** How a writing command previews: --apply writes (`mode: 'apply'`), or --dry-run previews (`mode: 'dry-run'`). MCP defaults to the preview. */
  static preview?: { flag: string; mode: 'apply' | 'dry-run' };
  /** Args and flags whose values are repository paths: `docket mcp` refuses values outside its root. */
  static pathParams?: readonly string[];
  /** Flags that read the terminal (editor, prompts): never offered to MCP clients. */
  static terminalFlags?: readonly string[];
  /** Flags that write side files on the command line (like --output): never offered to MCP clients, whose results come back in the tool call. */
  static cliOnlyFlags?: readonly string[];
  /** A writing command that changes nothing more when run twice with the same arguments. */
  static idempotent?: boolean;
  /** Where the result is printed: 'stderr' for commands whose stdout carries a protocol (`docket mcp`). */
  static resultStream: 'stdout' | 'stderr' = 'stdout';
  /** A signal is this command's ordinary way to stop (`docket mcp`): it ends with its result, not INTERRUPTED. */
  static stopsOnSignal = false;
  /** Text mode prints only the answer on stdout, findings and advice on stderr (resolve, identify, link). */
  static answerOnly = false;
  /** Without --root, the root is found upward from the working directory (not for `init`, which creates one). */
  static discoversRoot = true;
  /** Where the working directory lies under a root found upward ('' otherwise): see resolveRoot. */
  private cwdPrefix = '';

  /** A path (or glob, or `!glob`) given relative to the working directory, relative to the root. */
  private fromCwd(p: string): string {
    if (p.startsWith('!') && !p.startsWith('!(')) return `!${this.fromCwd(p.slice(1))}`;
    return this.cwdPrefix === '' || path.isAbsolute(p) ? p : path.join(this.cwdPrefix, p).split(path.sep).join('/');
  }

  protected flags!: CommandFlags<T>;
  protected args!: CommandArgs<T>;
  /** Text mode: print only failures (check --quiet). */
  protected quiet = false;

  protected abstract execute(ctx: RunContext): Promise<Outcome<D>>;

  /** Command-specific text body; undefined prints the generic view of `data`. */
  protected renderText(_env: Envelope<D>, _style: Style): string | undefined {
    return undefined;
  }

  /** Command-specific Markdown body; undefined prints tables of `data`. */
  protected renderMarkdown(_env: Envelope<D>): string | undefined {
    return undefined;
  }

  /** Whether text mode prints only the answer on stdout (see answerOnly); a flag may decide (fix --patch). */
  protected answerOnly(): boolean {
    return (this.constructor as typeof DocketCommand).answerOnly;
  }

  /** Output for formats beyond text/json/md (sarif, github, junit, ...). */
  protected renderFormat(format: Format, env: Envelope<D>): string {
    return jsonLine(env);
  }

  async run(): Promise<Envelope> {
    const ctor = this.constructor as unknown as typeof DocketCommand & { id?: string };
    const meta: EnvelopeMeta = {
      ...earlyMeta((this.id ?? ctor.id ?? '').replace(/:/g, ' '), this.argv, process.env, ctor.resultStream),
      started: performance.now(),
    };
    const run: { stream?: NdjsonStream } = {};
    const signals = watchSignals(() => (run.stream ? run.stream.interruptAndExit() : emitInterruptedAndExit(meta)));
    try {
      await prepareInterrupt(meta.format);
      const printed = await this.runWatched(meta, signals, run);
      // The result is out: a signal from now on changes nothing (the run keeps its exit code).
      signals.settle();
      return printed;
    } finally {
      signals.dispose();
    }
  }

  private async runWatched(meta: EnvelopeMeta, signals: SignalWatch, run: { stream?: NdjsonStream }): Promise<Envelope> {
    const env = process.env;
    const ctor = this.constructor as unknown as typeof DocketCommand & { id?: string };
    let output: OutputTarget | undefined;
    let envelope: Envelope;
    let stream: NdjsonStream | undefined;
    /** Warnings gathered on the way (config), kept in the envelope even when the command fails. */
    const collected: Issue[] = [];
    let stopVerbose: () => void = () => undefined;
    try {
      meta.runId = resolveRunId(env);
      const parsed = await this.parse(ctor as never).catch((error: unknown) => {
        this.parsed = true; // parsing ran and failed: oclif must not warn that it never ran
        throw toDocketError(error, ctor);
      });
      this.flags = parsed.flags as CommandFlags<T>;
      this.args = parsed.args as CommandArgs<T>;
      const flags = this.flags as GlobalFlags;
      meta.debug = debugEnabled(flags.debug, env);
      const verbose = flags.verbose || meta.debug;
      stopVerbose = startVerbose(verbose);
      meta.includeMetrics = flags['include-metrics'];
      meta.format = resolveFormat(flags.format, flags.json, env, ctor.formats);
      await prepareInterrupt(meta.format);
      meta.color = resolveColor(flags.color, env, Boolean(process.stdout.isTTY));
      meta.correlationId = resolveCorrelationId(flags['correlation-id'], env);
      if (flags['include-timestamp']) meta.timestamp ??= new Date().toISOString();
      ({ root: meta.root, prefix: this.cwdPrefix } = await resolveRoot(
        flags.root,
        rawFlag(this.argv, 'root') !== undefined,
        ctor.discoversRoot,
      ));
      if (flags.output !== undefined)
        output = await resolveOutputTarget(meta.root, this.cwdPrefix === '' ? flags.output : path.join(this.cwdPrefix, flags.output));
      if (verbose) noteRunChoices(meta, flags, env, this.cwdPrefix);
      const fields =
        flags.fields === undefined ? undefined : parseFields(flags.fields, dataKeys(readDataSchema(this.config.root, meta.command)));
      const repetition = await this.repetition({
        root: meta.root,
        format: meta.format,
        signal: signals.signal,
        output: flags.output !== undefined,
        verbose,
      });
      if (repetition) return await this.repeat(meta, signals, run, repetition, verbose, fields);
      if (meta.format === 'ndjson') run.stream = stream = await NdjsonStream.open(meta, output);
      const progress = terminalProgress(meta.format, process.stderr, env);
      const ctx = this.context(meta, collected, signals.signal, verbose, stream, progress?.report);
      let outcome: Outcome<D>;
      try {
        outcome = await this.execute(ctx);
      } finally {
        progress?.clear();
      }
      // A use case that finished after the signal without noticing it is still an interrupted run.
      // Two turns of the event loop first: a signal that came during its last stretch of work
      // is read in the next poll phase, and only then aborts.
      await turn();
      await turn();
      if (signals.signal.aborted && !ctor.stopsOnSignal)
        throw new DocketError('INTERRUPTED', 'Interrupted by a signal before the command finished.');
      if (stream) return this.exitZero(await this.finishStream(meta, stream, outcome, collected, fields));
      envelope = this.envelopeOf(meta, outcome, collected, fields);
    } catch (error) {
      let docketError = signals.signal.aborted
        ? new DocketError('INTERRUPTED', 'Interrupted by a signal before the command finished.')
        : toDocketError(error, ctor, meta.root);
      // An agent (an MCP client too, as the `init` tool) is told the call that makes the repository usable.
      if (docketError.code === 'CONFIG_NOT_FOUND' && !docketError.advice.some((a) => a.code === 'NEXT_INIT')) {
        const root = (this.flags as GlobalFlags | undefined)?.root ?? '.';
        docketError = docketError.withFindings(
          [],
          [
            {
              code: 'NEXT_INIT',
              message:
                'Initialise the repository: init writes docops.config.yaml, the docs tree, the metadata schema and templates (--dry-run lists them first).',
              command: commandLine('init', root),
            },
          ],
        );
      }
      if (meta.debug && error instanceof Error) debugLog(true, error.stack ?? String(error));
      envelope = errorEnvelope(meta, docketError, collected);
      if (meta.format === 'ndjson') {
        // Once ndjson is settled, every error is a stream: header (if not yet written), then the error record.
        // A repeated command's run ends its own stream (run.stream) with it.
        run.stream = stream ??= run.stream ?? (await NdjsonStream.open(meta));
        process.exitCode = await stream.fail(docketError);
        return envelope;
      }
    } finally {
      stopVerbose();
    }
    return this.exitZero(await emit(meta, envelope, this.renderers(), output));
  }

  private renderers(): Renderers {
    return {
      text: (e: Envelope, s: Style) => this.renderText(e as Envelope<D>, s),
      md: (e: Envelope) => this.renderMarkdown(e as Envelope<D>),
      other: (f: Format, e: Envelope) => this.renderFormat(f, e as Envelope<D>),
      quiet: this.quiet,
      answerOnly: this.answerOnly(),
    };
  }

  /** Streamed: findings still in the outcome become items, then the summary (no --max-findings cap). */
  private async finishStream(
    meta: EnvelopeMeta,
    stream: NdjsonStream,
    outcome: Outcome<D>,
    collected: readonly Issue[],
    fields: string[] | undefined,
  ): Promise<Envelope> {
    const ctor = this.constructor as unknown as typeof DocketCommand;
    const rest = [...collected, ...(outcome.warnings ?? []), ...(outcome.violations ?? [])];
    const omit = new Set(outcome.streamed ?? []);
    const data: Record<string, unknown> = Object.fromEntries(Object.entries(outcome.data).filter(([k]) => !omit.has(k)));
    if (MAX_FINDINGS_FLAG in (ctor.flags ?? {})) {
      // A stream is never cut: the totals of --max-findings commands are what was (and will be) streamed.
      const errors = rest.filter((i) => i.severity === 'error').length;
      data.totals = { violations: stream.counts.violations + errors, warnings: stream.counts.warnings + rest.length - errors };
      data.truncated = false;
    }
    const envelope = projectData(
      outcomeEnvelope(meta, { ...outcome, data, success: outcome.success ?? true, violations: [], warnings: [] }),
      fields,
    );
    process.exitCode = await stream.finish(envelope, rest, outcome.success !== undefined);
    return envelope;
  }

  /** The envelope of a completed run (not streamed): warnings gathered on the way first, findings capped by --max-findings. */
  private envelopeOf(meta: EnvelopeMeta, outcome: Outcome<D>, collected: readonly Issue[], fields: string[] | undefined): Envelope {
    const ctor = this.constructor as unknown as typeof DocketCommand;
    let merged: Outcome<object> = { ...outcome, warnings: [...collected, ...(outcome.warnings ?? [])] };
    if (MAX_FINDINGS_FLAG in (ctor.flags ?? {}))
      merged = capFindings(merged, (this.flags as Record<string, unknown>)[MAX_FINDINGS_FLAG] as number | undefined);
    return projectData(outcomeEnvelope(meta, merged), fields);
  }

  /**
   * A command that runs again after each change (check --watch) returns what it watches, once
   * the format and root are known and before anything is printed (a usage error is thrown
   * here); undefined, the default: one run.
   */
  protected async repetition(_run: RepeatContext): Promise<Repetition | undefined> {
    return undefined;
  }

  /**
   * Runs the command once now and again after each change, printing each run as a single run
   * prints it (one NDJSON stream per run); a run that fails prints its error and the watch
   * goes on. Only a signal ends it: the outer catch then reports INTERRUPTED (exit 130), as
   * the last record of the run it stopped, if one was going.
   */
  private async repeat(
    meta: EnvelopeMeta,
    signals: SignalWatch,
    run: { stream?: NdjsonStream },
    repetition: Repetition,
    verbose: boolean,
    fields: string[] | undefined,
  ): Promise<Envelope> {
    try {
      for await (const trigger of repetition.triggers) {
        await repetition.before(trigger);
        await repetition.after(trigger, await this.runOnce(meta, signals, run, verbose, fields));
      }
    } finally {
      repetition.close();
    }
    throw new DocketError('INTERRUPTED', 'Interrupted by a signal: the watch ended.');
  }

  /** One run of a repeated command, printed; returns the envelope as printed. */
  private async runOnce(
    watchMeta: EnvelopeMeta,
    signals: SignalWatch,
    run: { stream?: NdjsonStream },
    verbose: boolean,
    fields: string[] | undefined,
  ): Promise<Envelope> {
    // Each run's metrics and timestamp are its own.
    const meta: EnvelopeMeta = {
      ...watchMeta,
      started: performance.now(),
      ...(watchMeta.timestamp !== undefined ? { timestamp: new Date().toISOString() } : {}),
    };
    const collected: Issue[] = [];
    let stream: NdjsonStream | undefined;
    let envelope: Envelope;
    try {
      if (meta.format === 'ndjson') run.stream = stream = await NdjsonStream.open(meta);
      const outcome = await this.execute(this.context(meta, collected, signals.signal, verbose, stream));
      await turn();
      await turn();
      if (signals.signal.aborted) throw new DocketError('INTERRUPTED', 'Interrupted by a signal before the command finished.');
      if (stream) envelope = await this.finishStream(meta, stream, outcome, collected, fields);
      else envelope = await emit(meta, this.envelopeOf(meta, outcome, collected, fields), this.renderers());
    } catch (error) {
      // Interrupted: the outer catch ends the run (its open stream too).
      if (signals.signal.aborted) throw error;
      const docketError = toDocketError(error, this.constructor as typeof DocketCommand, meta.root);
      if (meta.debug && error instanceof Error) debugLog(true, error.stack ?? String(error));
      envelope = errorEnvelope(meta, docketError, collected);
      if (stream) await stream.fail(docketError);
      else envelope = await emit(meta, envelope, this.renderers());
    }
    run.stream = undefined;
    return envelope;
  }

  /** --exit-zero (commands that opt in): a completed run exits 0 whatever it found; errors keep their codes. */
  private exitZero(printed: Envelope): Envelope {
    const ctor = this.constructor as unknown as typeof DocketCommand;
    if (EXIT_ZERO_FLAG in (ctor.flags ?? {}) && (this.flags as Record<string, unknown> | undefined)?.[EXIT_ZERO_FLAG] === true) {
      process.exitCode = exitZeroCode(printed.error !== undefined, Number(process.exitCode ?? 0));
    }
    return printed;
  }

  private context(
    meta: EnvelopeMeta,
    collected: Issue[],
    signal: AbortSignal,
    verbose: boolean,
    stream?: NdjsonStream,
    progress?: ProgressReport,
  ): RunContext {
    let config: Promise<RepoConfig> | undefined;
    const fallback = { rootGiven: rawFlag(this.argv, 'root') !== undefined, ...(process.env.HOME ? { home: process.env.HOME } : {}) };
    return {
      root: meta.root,
      fallback,
      format: meta.format,
      env: process.env,
      signal,
      interactive: Boolean(process.stdin.isTTY),
      debug: (message: string) => debugLog(verbose, message),
      config: (opts) => {
        config ??= loadConfigOrDefaults(meta.root, opts?.orDefaults ? fallback : undefined).then((loaded) => {
          collected.push(...loaded.warnings);
          return loaded.config;
        });
        return config;
      },
      now: () => resolveNow(process.env),
      // From a directory below a root found upward, advice names the root: its paths are the root's.
      cmd: (command: string) =>
        commandLine(
          command,
          this.cwdPrefix === '' ? (this.flags as GlobalFlags).root : path.relative(path.join(meta.root, this.cwdPrefix), meta.root),
        ),
      path: (p: string) => this.fromCwd(p),
      ...(stream ? { stream } : {}),
      ...(progress ? { progress } : {}),
    };
  }
}

function commandLine(command: string, root: string): string {
  return `docket ${command}${root === '.' ? '' : ` --root ${shellWord(root)}`}`;
}

/**
 * The root and where the working directory lies in it. Without --root, the root is the nearest
 * directory above the working directory holding docops.config.yaml (findConfigDirectory), if
 * `discover` and there is one; relative paths on the command line then name files from the
 * working directory, as in ESLint (`prefix`). With --root, they are relative to the root.
 */
async function resolveRoot(root: string, given: boolean, discover: boolean): Promise<{ root: string; prefix: string }> {
  if (!given) {
    const cwd = await fs.realpath(process.cwd());
    const found = discover ? findConfigDirectory(cwd) : undefined;
    return found === undefined ? { root: cwd, prefix: '' } : { root: found, prefix: path.relative(found, cwd) };
  }
  return { root: await resolveGivenRoot(root), prefix: '' };
}

async function resolveGivenRoot(root: string): Promise<string> {
  if (root.trim() === '') {
    throw new DocketError('INVALID_FLAG_VALUE', '--root must name a directory; it is empty.', {
      suggestion: 'Pass --root <dir>, or leave it out to use the current directory.',
    });
  }
  const abs = path.resolve(process.cwd(), root);
  const stat = await fs.stat(abs).catch(() => undefined);
  if (!stat?.isDirectory()) {
    throw new DocketError('ROOT_NOT_FOUND', `The root ${root} ${stat ? 'is not a directory' : 'does not exist'}.`, {
      suggestion: 'Pass an existing directory as --root, or run docket from inside the repository.',
      details: { root },
    });
  }
  return fs.realpath(abs);
}
