#!/bin/sh
# Run every test of one build: tests/run.sh BUILD_DIR
# The cmocka programs (BUILD/tests/test_*) and the shell tests
# (tests/t_*.sh, given GUNBAI=BUILD/gunbai and TOOLS=BUILD/tools).
# Ends with one line "N passed, N failed"; exits 1 if any failed.
build=${1:?usage: tests/run.sh BUILD_DIR}
passed=0
failed=0
failures=
for t in "$build"/tests/test_*; do
	[ -x "$t" ] || continue
	echo "== $t"
	if "$t"; then passed=$((passed + 1)); else
		failed=$((failed + 1)); failures="$failures $t"; fi
done
for t in tests/t_*.sh; do
	[ -f "$t" ] || continue
	echo "== $t"
	if GUNBAI="$build/gunbai" TOOLS="$build/tools" sh "$t"; then
		passed=$((passed + 1)); else
		failed=$((failed + 1)); failures="$failures $t"; fi
done
[ -n "$failures" ] && echo "failed:$failures"
echo "$build: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
