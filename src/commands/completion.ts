import * as Args from '@oclif/core/args';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome } from '../cli/outcome.js';
import { completionScript, SHELLS, type CompletionCommand } from '../core/completion/script.js';
import type { CompletionData, Shell } from '../contract/data/meta.js';

export default class Completion extends DocketCommand<typeof Completion, CompletionData> {
  static override summary = 'Print a shell completion script for bash or zsh (commands, subcommands, flags and their values).';
  static override description =
    'bash: `source <(docket completion bash)` in ~/.bashrc, or save it in ~/.local/share/bash-completion/completions/docket. zsh: save it as _docket in a directory on $fpath. Run it again after upgrading docket.';
  static override examples = ['source <(<%= config.bin %> completion bash)', '<%= config.bin %> completion zsh > "${fpath[1]}/_docket"'];
  static mutates = false;
  // Completion works anywhere: no repository is needed or looked for.
  static override discoversRoot = false;
  static override args = {
    shell: Args.string({ description: 'The shell: bash or zsh.', required: true, options: [...SHELLS] }),
  };

  protected async execute(): Promise<Outcome<CompletionData>> {
    const commands: CompletionCommand[] = this.config.commands
      .filter((c) => !c.hidden)
      .map((c) => ({
        id: c.id.replace(/:/g, ' '),
        flags: Object.values(c.flags ?? {})
          .filter((f) => !f.hidden)
          .map((f) => {
            // --format takes the formats the command lists (a free string to oclif, checked by docket).
            const options = f.name === 'format' ? (c as { formats?: string[] }).formats : f.type === 'option' ? f.options : undefined;
            return {
              name: f.name,
              value: f.type === 'option',
              negatable: f.type === 'boolean' && f.allowNo === true,
              ...(options ? { options } : {}),
            };
          }),
      }));
    const shell = this.args.shell as Shell;
    return { data: { shell, script: completionScript(shell, commands) } };
  }

  protected override renderText(env: Envelope<CompletionData>): string {
    return env.data.script;
  }
}
