#!/bin/sh
# A test of the test suite: fails while tests/tests.am does not list exactly the .dsl
# tests and data files present (tests/update-test-list.sh regenerates it).
exec "$(dirname "$0")/update-test-list.sh" --check
