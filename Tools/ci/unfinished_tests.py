"""Names the tests a `swift test` run started and never ended, from its event stream
(`--event-stream-output-path`, version 0): what Tools/test.sh prints when a test stage
passes its time limit, so a hang names itself instead of eating CI's whole budget."""

import json
import sys


def unfinished(lines):
    """The tests and test cases started and not ended (suites too, as `suite NAME`), in the
    order they started."""
    open_ = {}
    for line in lines:
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue  # the last line may be cut off by the kill
        if record.get("kind") != "event":
            continue
        payload = record.get("payload", {})
        kind = payload.get("kind")
        test = payload.get("testID")
        if test is None:
            continue
        is_case = kind in ("testCaseStarted", "testCaseEnded")
        case = payload.get("_testCase", {}) if is_case else {}
        if kind in ("testStarted", "testCaseStarted"):
            name = test.split("/")[:2]
            said = "/".join(name) if "/" in test else f"suite {test}"
            if case.get("displayName"):
                said += f" with {case['displayName']}"
            open_[(test, case.get("id"))] = said
        elif kind in ("testEnded", "testCaseEnded"):
            open_.pop((test, case.get("id")), None)
    return list(open_.values())


def main(path):
    with open(path, encoding="utf-8", errors="replace") as stream:
        names = unfinished(stream)
    tests = [said for said in names if not said.startswith("suite ")]
    if not tests:
        print("  (every test that started has ended: the hang is outside the tests)")
    for said in tests:
        print(f"  {said}")


if __name__ == "__main__":
    main(sys.argv[1])
