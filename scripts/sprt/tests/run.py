#!/usr/bin/env python3
"""Runs the tests of the SPRT script (unittest discovery in this folder) and
ends with a line in cargo test's format, `test result: ok. N passed; M
failed; ...`, which `cargo xtask ci` counts like the Rust tests' lines.
Exit status 0 when every test passed."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> int:
    suite = unittest.defaultTestLoader.discover(HERE, top_level_dir=HERE)
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=1).run(suite)
    # A failing subtest is reported on its own: count each test once.
    failing = {getattr(test, "test_case", test).id() for test, _ in result.failures + result.errors}
    failed = len(failing) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped
    verdict = "ok" if result.wasSuccessful() else "FAILED"
    print(f"test result: {verdict}. {passed} passed; {failed} failed; {skipped} ignored; 0 measured; 0 filtered out")
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
