"""The `simxai-eval` commands: `options` (what every command shares) and one module per command group.

`parse`; `judged` (faithfulness, context, agreement); `reports` (reproduce, report); `lext`; `synth` (synth,
synth-merge); `ttm` (ttm-parse); `guard` (the guard's perturbation benchmark). Each lists its commands in
`COMMANDS`; `simxai.eval_suite.cli` lists the modules explicitly. A command module imports `options`, never
`cli`, and does its work through the packages beside this one (`data`, `parsing`, `judged`, `lext`, `synth`,
`ttm`, `guard`). The shared options are imported from `options` itself (`cli` re-exports them for users).
"""

__all__: list[str] = []  # a package of command modules; the shared options are public in `options` and `cli`
