"""The `simxai-eval` commands: `options` (what every command shares) and one module per command group.

`simxai.eval_suite.cli` lists the command modules explicitly; a command module imports `options`, never `cli`.
"""

from simxai.eval_suite.commands.options import (
    HOSTS,
    Subcommand,
    add_common_options,
    add_judge_options,
    add_layer_options,
    case_cache,
    checked_data_dir,
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
    "load_eval_host",
    "load_judge_backend",
    "qa_rows",
    "run_command",
    "show_progress",
]
