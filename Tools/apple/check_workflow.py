"""Checks a GitHub Actions workflow that cannot run here: its YAML parses into jobs with
steps, each action is pinned to a version, and every script, path, package and product its
commands name exists in the repository (and, in the scripts it runs, every Xcode scheme).

    check_workflow.py .github/workflows/apple.yml

Exit status 0 when it holds; 1 with each problem on its own line.
"""

import os
import re
import shlex
import sys

import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# A token that names a file in the repository: relative, with a folder, no variables.
PATH = re.compile(r"^[A-Za-z0-9_.\-]+(/[A-Za-z0-9_.+\-]+)+/?$")


def commands(script):
    """Each simple command of a `run:` script, as its words."""
    for line in script.splitlines():
        for part in re.split(r"&&|\|\||[;|]", line):
            try:
                words = shlex.split(part, comments=True)
            except ValueError:
                yield ["<unreadable>", part]
                continue
            words = [word for word in words if not re.match(r"^[A-Z_]+=", word)]
            if words:
                yield words


def _read(path):
    with open(path) as file:
        return file.read()


def _without_redirections(words):
    kept = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in (">", ">>", "<", "2>", "2>>"):
            skip = True
        else:
            kept.append(word)
    return kept


def problems_in_command(words, root):
    found = []
    words = _without_redirections(words)
    command = " ".join(words)
    for word in words:
        if PATH.match(word) and not os.path.exists(os.path.join(root, word)):
            found.append(f"{command}: {word} does not exist in the repository.")
    if words[:2] == ["swift", "run"]:
        arguments = words[2:]
        package = root
        while arguments and arguments[0].startswith("-"):
            option = arguments.pop(0)
            if option in ("--package-path", "--scratch-path", "-c", "--configuration") and arguments:
                value = arguments.pop(0)
                if option == "--package-path":
                    package = os.path.join(root, value)
        manifest = os.path.join(package, "Package.swift")
        text = _read(manifest) if os.path.exists(manifest) else ""
        if arguments and f'"{arguments[0]}"' not in text:
            found.append(f"{command}: {os.path.relpath(manifest, root)} has no product {arguments[0]}.")
    if words and words[0] == "bash" and len(words) > 1 and words[1].endswith(".sh"):
        found.extend(problems_in_script(os.path.join(root, words[1])))
    return found


def problems_in_script(path):
    """A script's `-scheme NAME`s: each is a checked-in .xcscheme, or the "<name>-Package"
    scheme Xcode makes for a package the script writes (`name: "<name>"` in it)."""
    if not os.path.exists(path):
        return []
    text = _read(path)
    found = []
    for scheme in re.findall(r"-scheme\s+([A-Za-z0-9_.\-]+)", text):
        package = scheme[: -len("-Package")] if scheme.endswith("-Package") else None
        written = package is not None and re.search(rf'name:\s*"{re.escape(package)}"', text)
        checked_in = any(
            name == f"{scheme}.xcscheme" for _, _, names in os.walk(ROOT) for name in names
        )
        if not written and not checked_in:
            found.append(f"{os.path.relpath(path, ROOT)}: no scheme {scheme} (no .xcscheme, no package named so).")
    return found


def problems(workflow, root=ROOT):
    try:
        document = yaml.safe_load(workflow)
    except yaml.YAMLError as error:
        return [f"the workflow is not YAML: {error}"]
    if not isinstance(document, dict) or not isinstance(document.get("jobs"), dict) or not document["jobs"]:
        return ["the workflow has no jobs."]
    # YAML 1.1 reads a bare `on` key as true.
    if "on" not in document and True not in document:
        return ["the workflow has no `on` trigger."]
    found = []
    for name, job in document["jobs"].items():
        if not isinstance(job, dict) or "runs-on" not in job or not isinstance(job.get("steps"), list):
            found.append(f"job {name}: needs runs-on and a list of steps.")
            continue
        for step in job["steps"]:
            if not isinstance(step, dict):
                found.append(f"job {name}: a step is not a mapping.")
                continue
            if "uses" in step and not re.match(r"^[\w.\-]+/[\w.\-]+@v?\d[\w.\-]*$", str(step["uses"])):
                found.append(f"job {name}: {step['uses']} is not an action pinned to a version.")
            for words in commands(str(step.get("run", ""))):
                found.extend(f"job {name}: {problem}" for problem in problems_in_command(words, root))
    return found


def main(arguments):
    if len(arguments) != 1:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 2
    with open(arguments[0]) as file:
        found = problems(file.read())
    for problem in found:
        print(f"{arguments[0]}: {problem}")
    print(f"{arguments[0]}: {'ok' if not found else f'{len(found)} problems'}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
