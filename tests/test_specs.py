import json

from simxai.specs import TEXT_FILE, TOOLS_FILE, generated_files


def test_spec_files_on_disk_match_the_code():
    """Fails when a function's signature or docstring changed without `python -m simxai.specs`."""
    for path, content in generated_files().items():
        assert path.read_text(encoding="utf-8") == content, f"{path.name} drifted: run `python -m simxai.specs`"


def test_tools_json_lists_the_eleven_with_complete_argument_descriptions():
    tools = json.loads(TOOLS_FILE.read_text(encoding="utf-8"))
    assert len(tools) == 11
    for tool in tools:
        fn = tool["function"]
        assert fn["description"]
        for name, prop in fn["parameters"]["properties"].items():
            assert prop.get("description"), (fn["name"], name)
    assert TEXT_FILE.read_text(encoding="utf-8").count("    Returns:") == 11
