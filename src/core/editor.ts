import { spawn } from 'node:child_process';

export type EditorResult =
  { kind: 'ok'; editor: string } | { kind: 'missing'; editor: string | null } | { kind: 'failed'; editor: string; exitCode: number };

/** $VISUAL, else $EDITOR (non-blank), like git. */
function chooseEditor(env: NodeJS.ProcessEnv): string | undefined {
  for (const name of ['VISUAL', 'EDITOR']) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/**
 * Opens `file` in the user's editor and waits for it. Like git, the editor value is run by the
 * shell so it may carry arguments ("code --wait"), while the file travels as a separate
 * argument ("$@") and is never parsed by the shell. `stdoutToStderr` keeps the editor's
 * output off stdout when stdout carries a machine-readable result.
 */
export function openInEditor(file: string, env: NodeJS.ProcessEnv, opts: { stdoutToStderr: boolean; cwd: string }): Promise<EditorResult> {
  const editor = chooseEditor(env);
  if (!editor) return Promise.resolve({ kind: 'missing', editor: null });
  const stdio: ('inherit' | number)[] = ['inherit', opts.stdoutToStderr ? 2 : 'inherit', 'inherit'];
  const child =
    process.platform === 'win32'
      ? spawn(`${editor} "${file.replace(/"/g, '')}"`, { shell: true, stdio, env, cwd: opts.cwd })
      : spawn('/bin/sh', ['-c', `${editor} "$@"`, editor, file], { stdio, env, cwd: opts.cwd });
  return new Promise((resolve) => {
    child.on('error', () => resolve({ kind: 'missing', editor }));
    child.on('close', (code, signal) => {
      // 126/127: the shell found no runnable program.
      if (code === 126 || code === 127) resolve({ kind: 'missing', editor });
      else if (code === 0) resolve({ kind: 'ok', editor });
      else resolve({ kind: 'failed', editor, exitCode: code ?? (signal ? 128 : 1) });
    });
  });
}
