"""The `simxai-eval` commands: `options` (what every command shares) and one module per command group.

`parse`; `judged` (faithfulness, context, agreement); `reports` (reproduce, report); `lext`; `synth` (synth,
synth-merge); `ttm` (ttm-parse); `guard` (the guard's perturbation benchmark). Each lists its commands in
`COMMANDS`; `simxai.eval_suite.cli` lists the modules explicitly. A command module imports `options`, never
`cli`, and does its work through the packages beside this one (`data`, `parsing`, `judged`, `lext`, `synth`,
`ttm`, `guard`).
"""

from simxai.eval_suite.commands.options import (
    HOSTS,
    Subcommand,
    add_common_options,
    add_judge_options,
    add_layer_options,
    case_cache,
    checked_data_dir,
    emit_report,
    load_eval_host,
    load_judge_backend,
    qa_rows,
    run_command,
    show_progress,
)

__all__ = [
    "HOSTS",
    "Subcommand",
    "add_common_options",
    "add_judge_options",
    "add_layer_options",
    "case_cache",
    "checked_data_dir",
    "emit_report",
    "load_eval_host",
    "load_judge_backend",
    "qa_rows",
    "run_command",
    "show_progress",
]
