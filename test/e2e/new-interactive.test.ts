import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, docket } from '../helpers/cli.js';
import { frontmatterOf } from '../helpers/documents.js';
import { tempDir } from '../helpers/fixtures.js';

// A real prompt session needs a terminal: util-linux `script` runs docket on a pseudo-terminal.
const hasScript = spawnSync('script', ['--version']).status === 0;

interface Session {
  /** Resolves once the terminal output contains `text` (after what was already consumed). */
  waitFor(text: string): Promise<void>;
  send(input: string): void;
  done: Promise<{ exitCode: number; output: string }>;
}

function startSession(args: string[], env: Record<string, string | undefined>): Session {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: Object.fromEntries(Object.entries(cleanEnv(env)).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv,
  });
  let output = '';
  let consumed = 0;
  const waiters: { text: string; resolve: () => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const at = output.indexOf(w.text, consumed);
      if (at !== -1) {
        consumed = at + w.text.length;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout.on('data', (d) => {
    output += String(d);
    check();
  });
  const done = new Promise<{ exitCode: number; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ exitCode: code ?? -1, output })),
  );
  return {
    waitFor: (text) =>
      new Promise((resolve) => {
        waiters.push({ text, resolve });
        check();
      }),
    send: (input) => child.stdin.write(input),
    done,
  };
}

describe.skipIf(!hasScript)('new --interactive on a pseudo-terminal', () => {
  it('prompts for type, title and metadata, re-asks invalid answers, then creates the document', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const s = startSession(['new', '--interactive', '--root', root, '--no-color'], { DOCKET_TODAY: '2026-03-04' });
    const answers: [string, string][] = [
      ['Type [ADR]: ', 'adrr'],
      ['Type [ADR]: ', 'adr'],
      ['Title: ', 'Interactive decision'],
      ['Owner [__TBD__]: ', 'Pat'],
      ['[Draft]: ', 'bogus'],
      ['Choose one of: Draft, In Review, Approved, Superseded.', ''],
      ['[Draft]: ', 'approved'],
      ['Area (optional): ', 'Core'],
      ['Description (optional): ', 'Decided at the terminal'],
      ['Keywords, comma-separated (optional): ', 'k1, k2'],
      ['Related IDs, comma-separated (optional): ', 'BAD'],
      ['Related IDs, comma-separated (optional): ', ''],
    ];
    for (const [prompt, answer] of answers) {
      await s.waitFor(prompt);
      if (!prompt.startsWith('Choose')) s.send(`${answer}\r`);
    }
    const { exitCode, output } = await s.done;
    expect(exitCode, output).toBe(0);
    expect(output).toContain('Unknown document type "adrr"');
    expect(output).toContain('created docs/45-adr/adr-001-interactive-decision.md');
    const fm = frontmatterOf(path.join(root, 'docs/45-adr/adr-001-interactive-decision.md'));
    expect(fm).toMatchObject({
      document_id: 'ACME-ADR-001',
      title: 'Interactive decision',
      owner: 'Pat',
      status: 'Approved',
      area: 'Core',
      description: 'Decided at the terminal',
      keywords: ['k1', 'k2'],
      last_updated: '2026-03-04',
    });
    expect(fm).not.toHaveProperty('related_ids');
  });

  it('flags given on the command line are not asked again; Ctrl-C cancels with exit 130 and writes nothing', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const s = startSession(
      [
        'adr',
        'new',
        'Given title',
        '--interactive',
        '--owner',
        'Flag Owner',
        '--status',
        'Draft',
        '--area',
        'A',
        '--description',
        'D',
        '--keywords',
        'k',
        '--related-ids',
        'ACME-ADR-001',
        '--root',
        root,
        '--no-color',
      ],
      {},
    );
    const { exitCode, output } = await s.done;
    expect(exitCode, output).toBe(0);
    expect(output).not.toContain('Owner [');
    expect(output).toContain('created docs/45-adr/adr-001-given-title.md');
    const cancel = startSession(['new', '--interactive', '--root', root, '--no-color'], {});
    await cancel.waitFor('Type [ADR]: ');
    cancel.send('\u0003');
    const cancelled = await cancel.done;
    expect(cancelled.exitCode).toBe(130);
    expect(cancelled.output).toContain('ERROR [INTERRUPTED]');
    expect(readdirSync(path.join(root, 'docs/45-adr')).filter((f) => f.endsWith('.md'))).toEqual(['adr-001-given-title.md']);
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-001-given-title.md'), 'utf8')).toContain('owner: Flag Owner');
  });
});
