"""Training the offline router's function selector: its data, host schemas, request templates and trainer.

    python -m simxai.eval_suite.router_training --data-dir ../shared/datasets [--dev-model PATH]

rebuilds `simxai/backends/router_model.npz`, the artifact `simxai.backends.router_model` loads. This lives in
the evaluation suite because it reads the public data sets (CoXQL's train split, TalkToModel's templates)
through the suite's loaders; the core package only reads the artifact.
"""

# Run as a module (see above); its modules are the trainer's implementation, nothing here is for users.
__all__: list[str] = []
