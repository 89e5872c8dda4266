import { createInterface, type Interface } from 'node:readline';
import { DocketError } from '../errors/docket-error.js';

/**
 * Line prompts on a terminal with node:readline. Questions go to stderr so stdout carries
 * only the command's result. Ctrl-C and Ctrl-D cancel with INTERRUPTED.
 */
export class Prompter {
  private readonly rl: Interface;
  private pending: ((error: DocketError) => void) | undefined;

  constructor(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stderr) {
    this.rl = createInterface({ input, output, terminal: true });
    const cancel = () => this.pending?.(new DocketError('INTERRUPTED', 'Prompt cancelled; nothing was written.'));
    this.rl.on('SIGINT', cancel);
    this.rl.on('close', cancel);
  }

  /** Asks once; an empty answer returns `fallback` (shown in brackets). */
  ask(question: string, fallback = ''): Promise<string> {
    const label = `${question}${fallback ? ` [${fallback}]` : ''}: `;
    return new Promise((resolve, reject) => {
      this.pending = reject;
      this.rl.question(label, (answer) => {
        this.pending = undefined;
        const value = answer.trim();
        resolve(value === '' ? fallback : value);
      });
    });
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
    process.stderr.write(`  ${message}\n`);
  }

  close(): void {
    this.pending = undefined;
    this.rl.close();
  }
}
