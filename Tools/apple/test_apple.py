"""The Apple-only line count (held at the figure in apple-only-lines.txt) and the static
check of the Apple CI workflow.

.venv/bin/python -m unittest discover -s Tools/apple -p 'test_*.py'
"""

import glob
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)

import apple_only_lines  # noqa: E402
import check_workflow  # noqa: E402

# Library and plugin code: what ships to an app.
LIBRARY = sorted(glob.glob(os.path.join(ROOT, "Packages", "*", "Sources"))) + [
    os.path.join(ROOT, folder) for folder in ("Sources", "Plugins")
]


class AppleOnlyLinesTests(unittest.TestCase):
    def lines(self, text):
        return apple_only_lines.apple_only_lines(text.strip("\n"))

    def test_apple_branches_count_and_linux_ones_do_not(self):
        text = """
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if os(Linux)
  let linux = 1
#else
  let other = 1
#endif
#if canImport(os)

  import os
#endif
#if os(iOS) || os(visionOS)
  let phone = 1
#endif
#if !canImport(Darwin)
  let notApple = 1
#endif
"""
        self.assertEqual(self.lines(text), [4, 9, 13, 16])

    def test_conditions_not_about_the_platform_count_as_true(self):
        text = """
#if DEBUG
  #if canImport(Network)
    let monitor = 1
  #endif
  let everywhere = 1
#endif
"""
        self.assertEqual(self.lines(text), [3])

    def test_an_unbalanced_file_is_an_error_not_a_count(self):
        with self.assertRaises(apple_only_lines.ConditionError):
            self.lines("#if canImport(Darwin)\nlet x = 1\n")
        with self.assertRaises(apple_only_lines.ConditionError):
            self.lines("#if canImport(Darwin) &&\n#endif\n")

    def test_the_library_stays_within_the_checked_in_figure(self):
        with open(os.path.join(HERE, "apple-only-lines.txt")) as file:
            limit = int(file.read().split()[0])
        counts = apple_only_lines.count(LIBRARY)
        total = sum(counts.values())
        self.assertLessEqual(
            total, limit, f"{total} Apple-only lines, over {limit}: {sorted(counts.items(), key=lambda i: -i[1])}"
        )

    def test_each_apple_only_file_says_what_was_checked_by_hand(self):
        for path in apple_only_lines.count(LIBRARY):
            with open(path) as file:
                first = file.readline()
            self.assertTrue(first.startswith("// Apple-only"), f"{path} does not begin with its hand check")


class CheckWorkflowTests(unittest.TestCase):
    def test_the_apple_workflow_passes(self):
        with open(os.path.join(ROOT, ".github", "workflows", "apple.yml")) as file:
            self.assertEqual(check_workflow.problems(file.read()), [])

    def test_a_missing_script_path_or_product_is_named(self):
        workflow = """
on: push
jobs:
  macos:
    runs-on: macos-26
    steps:
      - uses: actions/checkout@v4
      - run: bash Tools/apple/no-such-script.sh && swift build
      - run: swift run --package-path Development no-such-example > Tools/out.txt
"""
        found = check_workflow.problems(workflow)
        self.assertEqual(len(found), 2, found)
        self.assertIn("Tools/apple/no-such-script.sh does not exist", found[0])
        self.assertIn("has no product no-such-example", found[1])

    def test_broken_yaml_and_unpinned_actions_fail(self):
        self.assertIn("not YAML", check_workflow.problems("jobs: [unclosed")[0])
        unpinned = "on: push\njobs:\n  a:\n    runs-on: macos-26\n    steps:\n      - uses: actions/checkout\n"
        self.assertIn("not an action pinned", check_workflow.problems(unpinned)[0])


if __name__ == "__main__":
    unittest.main()
