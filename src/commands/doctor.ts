import * as Flags from '@oclif/core/flags';
import { exitZeroFlags } from '../cli/agent/exit-zero.js';
import { findingsFlags } from '../cli/agent/findings-cap.js';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderDoctorText } from '../cli/render/commands/doctor.js';
import type { Style } from '../cli/render/style.js';
import { note } from '../core/diagnostics.js';
import { runDoctor } from '../core/usecases/doctor.js';
import type { DoctorData } from '../contract/commands.js';

export default class Doctor extends DocketCommand<typeof Doctor, DoctorData> {
  static override summary = 'Diagnose the setup: config, namespaces, docs roots, schema, templates, Node.js.';
  static override examples = ['<%= config.bin %> doctor', '<%= config.bin %> doctor --strict --format json'];
  static mutates = false;
  static override flags = {
    strict: Flags.boolean({ description: 'Fail (exit 1) on warnings too; --no-strict (the default) does not.', allowNo: true }),
    ...findingsFlags,
    ...exitZeroFlags,
  };

  protected async execute(ctx: RunContext): Promise<Outcome<DoctorData>> {
    const result = await runDoctor(ctx.root, { cmd: ctx.cmd });
    note('strict', () =>
      this.flags.strict === true ? 'warnings fail the run (--strict)' : 'warnings do not fail the run (--no-strict, the default)',
    );
    // --strict fails on warnings, not on notes (severity info).
    const failed = result.violations.length > 0 || (this.flags.strict === true && result.warnings.some((w) => w.severity === 'warning'));
    return { data: result.data, violations: result.violations, warnings: result.warnings, advice: result.advice, success: !failed };
  }

  protected override renderText(env: Envelope<DoctorData>, style: Style): string {
    return renderDoctorText(env.data, style);
  }
}
