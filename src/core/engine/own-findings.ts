import { NONE, type Finding } from './model.js';

/**
 * Each document's own findings, by position, until the rules that need every document run: a
 * byte a document (whether its rules ran), and the findings of the few that have some (not
 * an array slot a document).
 */
export class OwnFindings {
  private readonly ran: Uint8Array;
  private readonly found = new Map<number, Finding[]>();

  constructor(count: number) {
    this.ran = new Uint8Array(count);
  }

  get length(): number {
    return this.ran.length;
  }

  /** `findings`: undefined when the document's rules do not run. */
  set(i: number, findings: Finding[] | undefined): void {
    if (!findings) return;
    this.ran[i] = 1;
    if (findings.length > 0) this.found.set(i, findings);
  }

  /** The findings of position i (undefined: its rules did not run), once. */
  take(i: number): Finding[] | undefined {
    if (this.ran[i] === 0) return undefined;
    this.ran[i] = 0;
    const findings = this.found.get(i);
    if (!findings) return NONE;
    this.found.delete(i);
    return findings;
  }
}
