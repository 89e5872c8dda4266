import { createInterface, type Interface } from 'node:readline';
import { DocketError } from '../errors/docket-error.js';

/**
 * Line prompts on a terminal with node:readline. Questions go to stderr so stdout carries
 * only the command's result. Lines typed (or pasted) ahead of a question are queued, not
 * lost. Ctrl-C and Ctrl-D cancel with INTERRUPTED.
 */
export class Prompter {
  private readonly rl: Interface;
  private readonly queued: string[] = [];
  private waiter: { resolve: (line: string) => void; reject: (error: DocketError) => void } | undefined;
  private closed = false;

  constructor(
    input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stderr,
  ) {
    this.rl = createInterface({ input, output, terminal: true });
    this.rl.on('line', (line) => {
      const w = this.waiter;
      this.waiter = undefined;
      if (w) w.resolve(line);
      else this.queued.push(line);
    });
    const cancel = () => {
      this.closed = true;
      const w = this.waiter;
      this.waiter = undefined;
      w?.reject(new DocketError('INTERRUPTED', 'Prompt cancelled; nothing was written.'));
    };
    this.rl.on('SIGINT', cancel);
    this.rl.on('close', cancel);
  }

  /** Asks once; an empty answer returns `fallback` (shown in brackets). */
  async ask(question: string, fallback = ''): Promise<string> {
    const label = `${question}${fallback ? ` [${fallback}]` : ''}: `;
    let answer: string;
    if (this.queued.length > 0) {
      answer = this.queued.shift()!;
      this.output.write(`${label}${answer}\n`);
    } else {
      if (this.closed) throw new DocketError('INTERRUPTED', 'Prompt cancelled; nothing was written.');
      this.rl.setPrompt(label);
      this.rl.prompt();
      answer = await new Promise<string>((resolve, reject) => {
        this.waiter = { resolve, reject };
      });
    }
    const value = answer.trim();
    return value === '' ? fallback : value;
  }

  /** Asks until `check` accepts the answer (it returns an error message, or undefined). */
  async askValid(question: string, fallback: string, check: (value: string) => string | undefined): Promise<string> {
    for (;;) {
      const value = await this.ask(question, fallback);
      const problem = check(value);
      if (problem === undefined) return value;
      this.note(problem);
    }
  }

  note(message: string): void {
    this.output.write(`  ${message}\n`);
  }

  close(): void {
    this.waiter = undefined;
    this.rl.removeAllListeners('close');
    this.rl.close();
  }
}
