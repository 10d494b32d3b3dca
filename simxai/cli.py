"""The `simxai` command: print specs, call a function, chat in the terminal, or serve over HTTP."""

from __future__ import annotations

import argparse
import asyncio
import difflib
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

import simxai
from simxai.exceptions import ArgumentError, SimXAIError
from simxai.settings import (
    BUNDLED_HOSTS,
    Settings,
    agent_settings,
    build_backend,
    build_fallback,
    load_host,
    read_settings,
)

EXIT_BAD_INPUT = 2


def _host_options(parser: argparse.ArgumentParser, *, serve: bool = False) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--host-config", help="YAML or JSON host config (your model file, CSV and cards; docs/host-config.md)"
    )
    group.add_argument("--host-url", help="base URL of a remote host that serves the SimXAI host REST contract")
    # `serve --host ADDRESS` once meant the bind address; `serve` checks the value itself so that old
    # spelling still works, with a deprecation line (see simxai.server.run.settings_from_args).
    group.add_argument(
        "--host",
        choices=None if serve else BUNDLED_HOSTS,
        metavar="{" + ",".join(BUNDLED_HOSTS) + "}",
        help="a bundled host (default: demo)",
    )


def _backend_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--backend", help="router (default, offline), openai:MODEL, or hf:PATH")
    parser.add_argument("--base-url", help="base URL of the OpenAI-compatible server, e.g. http://localhost:8000/v1")
    parser.add_argument(
        "--fallback-to-router",
        action="store_true",
        default=None,
        help="answer with the offline router when the LLM backend is unreachable",
    )


def _settings(args: argparse.Namespace) -> Settings:
    overrides = {
        key: value
        for key, value in {
            "backend": getattr(args, "backend", None),
            "base_url": getattr(args, "base_url", None),
            "host": getattr(args, "host", None),
            "host_config": getattr(args, "host_config", None),
            "host_url": getattr(args, "host_url", None),
            "fallback_to_router": getattr(args, "fallback_to_router", None),
        }.items()
        if value is not None
    }
    return read_settings(Settings, overrides)


EXAMPLES = """\
examples:
  simxai chat                                   talk to the demo model (the offline router, no LLM)
  simxai chat --host-config host.yaml           talk to your own model (docs/host-config.md)
  simxai call get_prediction --args '{"instance": 12}'
  simxai serve --port 8080                      the chat page and the HTTP API
"""


def build_parser() -> argparse.ArgumentParser:
    """The `simxai` command line: one subcommand per task (serve, chat, specs, ...), each with its options."""
    parser = argparse.ArgumentParser(
        prog="simxai",
        description="Talk to a machine-learning model and understand it.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {simxai.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    specs = commands.add_parser(
        "specs", help="print the function specs", description="Print the eleven function specs."
    )
    specs.add_argument("--format", choices=["json", "text"], default="json")

    call = commands.add_parser(
        "call",
        help="run one function and print its result as JSON",
        description="Run one function on the host and print its result as JSON (exit 2 with the reason on bad input).",
    )
    call.add_argument("name", help="function name, e.g. get_prediction (`simxai specs --format text` lists them)")
    call.add_argument("--args", default="{}", help="arguments as a JSON object, e.g. '{\"instance\": 12}'")
    _host_options(call)
    call.add_argument(
        "--server",
        help="base URL of a running `simxai serve` to ask instead of loading the host here (no start-up: "
        "e.g. http://127.0.0.1:8000; SIMXAI_SERVER)",
    )
    call.add_argument("--api-key", help="an API key of that server, when it asks for one (SIMXAI_API_KEY)")

    chat = commands.add_parser(
        "chat",
        help="chat in the terminal (one turn per line when stdin is not a terminal)",
        description="Chat about the model in the terminal; with stdin not a terminal, each line is one turn.",
    )
    _backend_options(chat)
    _host_options(chat)
    chat.add_argument("--show-calls", action="store_true", help="print each function call and its arguments")
    chat.add_argument("--jsonl", action="store_true", help="print one JSON object per turn")

    serve = commands.add_parser(
        "serve",
        help="serve the HTTP chat API and web page",
        description="Serve the HTTP chat API and the chat page (http://127.0.0.1:8000/ by default).",
    )
    serve.add_argument(
        "--bind", default=None, help="address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)"
    )
    serve.add_argument("--port", type=int, default=None, help="port (default 8000)")
    _backend_options(serve)
    _host_options(serve, serve=True)
    for command in (specs, call, chat, serve):
        command.set_defaults(command_parser=command)
    return parser


def _refuse_unknown(command: argparse.ArgumentParser, unknown: list[str]) -> NoReturn:
    """Refuse arguments a subcommand does not take, with its own usage and the option meant, when one is close.

    The top-level parser's refusal ("simxai: error: unrecognized arguments: --prot 8000") prints the top-level
    usage, which lists the subcommands, not the options of the one given.
    """
    import difflib

    valid = sorted(option for action in command._actions for option in action.option_strings if option.startswith("--"))
    hints = []
    for word in unknown:
        if word.startswith("-"):
            close = difflib.get_close_matches(word.split("=", 1)[0], valid, n=1)
            if close:
                hints.append(f"{word.split('=', 1)[0]}: did you mean {close[0]}?")
    hint = f" ({'; '.join(hints)})" if hints else ""
    command.error(f"unrecognized arguments: {' '.join(unknown)}{hint}; valid options: {', '.join(valid)}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `simxai` command; return its exit code."""
    args, unknown = build_parser().parse_known_args(argv)
    if unknown:
        _refuse_unknown(args.command_parser, unknown)
    try:
        return _run(args)
    except BrokenPipeError:
        # `simxai call ... | head` closed the pipe: the reader has what it wanted. Point stdout at devnull so
        # the interpreter's final flush does not raise again.
        _silence_stdout()
        return 0


def _silence_stdout() -> None:
    import os

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _run(args: argparse.Namespace) -> int:
    try:
        if args.command == "specs":
            return _specs(args.format)
        if args.command == "call":
            return _call(args)
        if args.command == "chat":
            return asyncio.run(_chat(args, sys.stdin, sys.stdout))
        if args.command == "serve":
            import importlib.util

            absent = [m for m in ("fastapi", "uvicorn") if importlib.util.find_spec(m) is None]
            if absent:
                return _fail(
                    f"serve needs {' and '.join(absent)}, which are not installed; run: pip install 'simxai[server]'"
                )
            from simxai.server.run import serve

            return serve(args)
    except SimXAIError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130
    return 0


def _specs(fmt: str) -> int:
    from simxai.functions import default_registry
    from simxai.specs import render_json, render_text

    registry = default_registry()
    sys.stdout.write(render_json(registry) if fmt == "json" else render_text(registry))
    return 0


def _fail(message: str) -> int:
    print(f"simxai: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _call(args: argparse.Namespace) -> int:
    import os

    server = args.server or os.environ.get("SIMXAI_SERVER")
    if server:
        return _call_server(args, server, args.api_key or os.environ.get("SIMXAI_API_KEY"))
    from simxai._remote_call import refusal
    from simxai.functions import default_registry
    from simxai.results import result_payload

    registry = default_registry()
    function = registry.get(args.name)
    if function is None:
        close = difflib.get_close_matches(args.name, registry.names(), n=1)
        guess = f" (did you mean {close[0]}?)" if close else ""
        return _fail(f"unknown function {args.name!r}{guess}; valid: {', '.join(registry.names())}")
    arguments = _parsed_arguments(args.args)
    if isinstance(arguments, str):
        return _fail(arguments)
    host = load_host(_settings(args))
    try:
        result = function(host, arguments)
    except ArgumentError as exc:
        message = refusal(str(exc), exc.valid, list(exc.missing), list(exc.suggestions))
        ids = host.schema().id_range
        if list(exc.missing) == ["instance"] and not arguments and ids is not None:  # nothing given: how to give it
            message += f"; pass it with --args, e.g. --args '{{\"instance\": {ids[0]}}}'"
        return _fail(message)
    json.dump(result_payload(result), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _parsed_arguments(text: str) -> dict[str, Any] | str:
    """The --args JSON object, or the one-line reason it is not one."""
    try:
        arguments = json.loads(text)
    except json.JSONDecodeError as exc:
        return f"--args is not valid JSON ({exc.msg} at position {exc.pos})"
    if not isinstance(arguments, dict):
        return "--args must be a JSON object, e.g. '{\"instance\": 12}'"
    return arguments


def _call_server(args: argparse.Namespace, server: str, api_key: str | None) -> int:
    """Ask a running server: the host is loaded there once, so this process imports no model library."""
    from simxai._remote_call import RemoteCallError, call_remote

    given = [f"--{o.replace('_', '-')}" for o in ("host_config", "host_url", "host") if getattr(args, o, None)]
    if given:
        return _fail(f"--server asks the host that server loaded; leave out {' and '.join(given)}")
    arguments = _parsed_arguments(args.args)
    if isinstance(arguments, str):
        return _fail(arguments)
    try:
        result = call_remote(server, args.name, arguments, api_key)
    except RemoteCallError as exc:
        return _fail(str(exc))
    json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


async def _chat(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from simxai.agent import Agent, Turn

    settings = _settings(args)
    host = load_host(settings)
    backend = build_backend(settings)
    agent = Agent(host, backend, fallback=build_fallback(settings, backend), settings=agent_settings(settings))
    conversation = agent.conversation()
    interactive = stdin.isatty() and not args.jsonl
    if interactive:
        kind = (
            "offline router (no LLM: replies are deterministic renderings)"
            if backend.name == "router"
            else backend.name
        )
        print(f"SimXAI chat about {host.schema().name} with {kind}. Ctrl-D to quit.", file=stdout)
        from simxai.host_examples import example_questions

        print("Try: " + " / ".join(example_questions(host.schema())), file=stdout)

    def show(turn: Turn) -> None:
        if args.jsonl:
            record: dict[str, Any] = {
                "user": turn.user,
                "reply": turn.reply,
                "calls": [
                    {"function": c.function, "arguments": c.arguments, "output": c.output, "status": c.status}
                    for c in turn.calls
                ],
                "clarification": turn.clarification.model_dump() if turn.clarification else None,
                "faithfulness": turn.faithfulness.model_dump(),
                "backend": turn.backend,
                "fallback": turn.fallback,
            }
            stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
            stdout.flush()
            return
        if args.show_calls:
            for c in turn.calls:
                print(
                    f"  [{c.function}({json.dumps(c.arguments, ensure_ascii=False)}) → {c.status}]",
                    file=stdout,
                )
        if turn.fallback:
            # The LLM failed and the router answered: say so, as the JSON lines and the API do.
            print(f"  [the offline router answered: {turn.fallback}]", file=stdout)
        print(turn.reply, file=stdout)

    try:
        while True:
            if interactive:
                stdout.write("> ")
                stdout.flush()
            line = await asyncio.to_thread(stdin.readline)
            if not line:
                break
            text = line.strip()
            if not text:
                continue
            show(await conversation.send(text))
    finally:
        await backend.aclose()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
