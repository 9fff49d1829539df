"""The availability checker on its fixture: a planted use of an API newer than the minimums
fails the check with its file:line; uses under a matching #available or @available pass."""

import io
import os
import re
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import check_availability  # noqa: E402

FIXTURE = os.path.join(HERE, "Fixture")
PLANTED = os.path.join(FIXTURE, "Sources", "Planted", "Planted.swift")
# The symbol graphs are the toolchain's; Tools/test.sh passes the folder its own run keeps.
SYMBOLS = os.environ.get("BATON_AVAILABILITY_SYMBOLS") or os.path.join(
    HERE, "..", "..", ".build", "availability-symbols"
)


class CheckAvailabilityTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory()
        cls.store = os.path.join(cls.scratch.name, "store")
        subprocess.run(
            ["swiftc", "-typecheck", "-module-name", "Planted", "-index-store-path", cls.store,
             "-index-ignore-system-modules", PLANTED],
            check=True,
        )

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def run_checker(self, roots):
        output = io.StringIO()
        with redirect_stdout(output):
            status = check_availability.main(
                ["--package", FIXTURE, "--index-store", self.store, "--symbols", SYMBOLS, *roots]
            )
        return status, output.getvalue()

    def test_reports_each_unwrapped_use_with_its_line_and_platforms(self):
        status, output = self.run_checker([os.path.join(FIXTURE, "Sources")])
        expected = {}
        with open(PLANTED) as file:
            for number, line in enumerate(file, start=1):
                marker = re.search(r"// flagged: (.*)$", line)
                if marker:
                    expected[number] = marker.group(1).split()
        reported = {}
        for line in output.splitlines():
            match = re.match(r".*Planted\.swift:(\d+):\d+: String\.init\(validating:as:\) is introduced in (.*?), after", line)
            if match:
                reported[int(match.group(1))] = [part.split()[0] for part in match.group(2).split(", ")]
        self.assertEqual(status, 1, output)
        self.assertEqual(reported, expected, output)
        self.assertIn("macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0", output)

    def test_a_folder_the_store_does_not_cover_cannot_pass(self):
        status, _ = self.run_checker([os.path.join(HERE, "no-such-folder")])
        self.assertEqual(status, 2)


if __name__ == "__main__":
    unittest.main()
