/**
 * Shell completion scripts made from the command manifest. Written here rather than taken from
 * oclif's autocomplete plugin: the plugin is loaded by every run (start-up is a guard rail) and
 * keeps a cache under the user's home; a script printed once, from the same manifest, needs
 * neither, and is refreshed by running `docket completion` again after an upgrade.
 */

import type { Shell } from '../../contract/data/meta.js';
export type { Shell };

export interface CompletionFlag {
  name: string;
  /** Takes a value (an option), else a switch. */
  value: boolean;
  /** `--no-<name>` is accepted too. */
  negatable: boolean;
  /** The values an option accepts, when there is a fixed list. */
  options?: readonly string[];
}

export interface CompletionCommand {
  /** Space-separated id: `check`, `adr new`. */
  id: string;
  flags: readonly CompletionFlag[];
}

export const SHELLS: readonly Shell[] = ['bash', 'zsh'];

/** Words safe inside single quotes in both shells (manifest names are [a-z0-9:-] and format names). */
function quoteWords(words: readonly string[]): string {
  return `'${words.filter((w) => /^[\w.:=-]+$/.test(w)).join(' ')}'`;
}

function flagWords(flags: readonly CompletionFlag[]): string[] {
  return flags.flatMap((f) => [`--${f.name}`, ...(f.negatable ? [`--no-${f.name}`] : [])]).sort();
}

/** A `case` arm per command (bash and zsh share the syntax): its flags, and the values of its options. */
function cases(commands: readonly CompletionCommand[]): string {
  return commands
    .map((c) => {
      const values = c.flags
        .filter((f) => f.options && f.options.length > 0)
        .map((f) => `      --${f.name}) values=${quoteWords(f.options!)} ;;`);
      const takesValue = c.flags.filter((f) => f.value && !(f.options && f.options.length > 0)).map((f) => `--${f.name}`);
      return [
        `    ${c.id.replace(/ /g, '_').replace(/[^\w:-]/g, '')})`,
        `      flags=${quoteWords(flagWords(c.flags))}`,
        `      case "$prev" in`,
        ...values,
        ...(takesValue.length > 0 ? [`      ${takesValue.join('|')}) values=__files ;;`] : []),
        `      esac ;;`,
      ].join('\n');
    })
    .join('\n');
}

/** The words after `docket` that name a command: `adr new` is two. */
function topics(commands: readonly CompletionCommand[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of commands) {
    const [first, second] = c.id.split(' ');
    if (second) out.set(first!, [...(out.get(first!) ?? []), second]);
  }
  return out;
}

/** The shared body: find the command from the words typed, then the candidates for the current word. */
function body(commands: readonly CompletionCommand[], words: string, cword: string): string {
  const top = [...new Set(commands.map((c) => c.id.split(' ')[0]!))].sort();
  const subs = [...topics(commands)].map(([t, s]) => `    ${t}) subs=${quoteWords(s.sort())} ;;`).join('\n');
  return `  local cur prev cmd subs flags values
  cur="\${${words}[${cword}]}"
  prev="\${${words}[${cword}-1]}"
  cmd="\${${words}[1]}"
  subs=""
  case "$cmd" in
${subs}
  esac
  if [ "$${cword}" -eq 1 ]; then
    docket_candidates=${quoteWords([...top, '--help', '--version'])}
    return
  fi
  if [ -n "$subs" ]; then
    if [ "$${cword}" -eq 2 ]; then
      docket_candidates="$subs"
      return
    fi
    cmd="\${cmd}_\${${words}[2]}"
  fi
  flags=""
  values=""
  case "$cmd" in
${cases(commands)}
  esac
  if [ "$values" = "__files" ]; then
    docket_candidates=__files
  elif [ -n "$values" ]; then
    docket_candidates="$values"
  elif [ "\${cur#-}" != "$cur" ]; then
    docket_candidates="$flags"
  else
    docket_candidates=__files
  fi`;
}

/** The script for `shell`, to be sourced (bash) or put on `fpath` (zsh). */
export function completionScript(shell: Shell, commands: readonly CompletionCommand[]): string {
  const sorted = [...commands].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (shell === 'bash') {
    return `# docket completion for bash. Load it with: source <(docket completion bash)
# or save it: docket completion bash > ~/.local/share/bash-completion/completions/docket
_docket_candidates() {
${body(sorted, 'COMP_WORDS', 'COMP_CWORD')}
}
_docket() {
  local docket_candidates
  _docket_candidates
  if [ "$docket_candidates" = "__files" ]; then
    COMPREPLY=()
    return
  fi
  COMPREPLY=( $(compgen -W "$docket_candidates" -- "\${COMP_WORDS[COMP_CWORD]}") )
}
complete -o default -F _docket docket
`;
  }
  return `#compdef docket
# docket completion for zsh. Save it as _docket in a directory on $fpath:
#   docket completion zsh > "\${fpath[1]}/_docket"   (then start a new shell)
_docket() {
  local -a docket_words
  local docket_candidates
  # zsh counts words from 1 ($words[1] is docket): shift to bash's numbering.
  docket_words=("\${words[@]}")
  local docket_cword=$((CURRENT - 1))
  _docket_candidates_zsh
  if [ "$docket_candidates" = "__files" ]; then
    _files
    return
  fi
  compadd -- \${=docket_candidates}
}
_docket_candidates_zsh() {
  local -a W
  W=("" "\${(@)docket_words[2,-1]}")
  W[1]=docket
${body(sorted, 'W', 'docket_cword').replace(/\$\{W\[([^\]]+)\]\}/g, (_m, i: string) => `\${W[$((${i}+1))]}`)}
}
_docket "$@"
`;
}
