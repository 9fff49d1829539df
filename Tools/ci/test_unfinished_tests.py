import json
import unittest

from unfinished_tests import unfinished


def event(kind, test, case=None):
    payload = {"kind": kind, "testID": test, "messages": []}
    if case is not None:
        payload["_testCase"] = {"id": f"case {case}", "displayName": case}
    return json.dumps({"kind": "event", "payload": payload, "version": 0})


class UnfinishedTestsTests(unittest.TestCase):
    def test_names_what_started_and_never_ended(self):
        lines = [
            json.dumps({"kind": "test", "payload": {"id": "M.S", "kind": "suite"}, "version": 0}),
            event("testStarted", "M.S"),
            event("testStarted", "M.S/ends()/S.swift:3:4"),
            event("testStarted", "M.S/hangs()/S.swift:9:4"),
            event("testStarted", "M.S/cases(_:)/S.swift:12:4"),
            event("testCaseStarted", "M.S/cases(_:)/S.swift:12:4", "1"),
            event("testCaseStarted", "M.S/cases(_:)/S.swift:12:4", "2"),
            event("testCaseEnded", "M.S/cases(_:)/S.swift:12:4", "1"),
            event("testEnded", "M.S/ends()/S.swift:3:4"),
            '{"kind": "event", "payload": {"kind": "testEn',
        ]
        self.assertEqual(
            unfinished(lines),
            ["suite M.S", "M.S/hangs()", "M.S/cases(_:)", "M.S/cases(_:) with 2"],
        )

    def test_a_run_that_ended_leaves_nothing(self):
        lines = [event("testStarted", "M.S/a()/S.swift:1:1"), event("testEnded", "M.S/a()/S.swift:1:1")]
        self.assertEqual(unfinished(lines), [])


if __name__ == "__main__":
    unittest.main()
