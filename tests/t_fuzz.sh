#!/bin/sh
# Replay every committed fuzz input through the fuzz targets, without
# libFuzzer: the seed corpora (tests/fuzz/corpus/NAME/) and every input
# that ever crashed (tests/fuzz/crashes/NAME/), with this build's compiler
# and sanitizers.  fuzz_game runs once per registered game (the ids come
# from `gunbai games`).  Run by tests/run.sh with GUNBAI and TOOLS set.
#
# In a build without ASan, every replay runs a second time under
# valgrind's memcheck, which sees what ASan does not: a decision taken on
# bytes never written (a game's bytes, compared whole, with an array's
# unused tail copied in from the stack: js_flow.c's throws did, and
# Japanese Swords' memo compared those bytes).
set -u
gunbai=${GUNBAI:?}
bin=$(dirname "${TOOLS:?}")/fuzz
fails=0
n=0
memcheck=
if ! grep -q __asan_init "$bin/fuzz_game" 2>/dev/null; then
	# Without --track-origins (a third of the time): a replay that
	# fails is run again with it, to show where the bytes came from.
	memcheck="valgrind -q --error-exitcode=99 --leak-check=no"
	if ! command -v valgrind >/dev/null; then
		n=$((n + 1)); fails=$((fails + 1))
		echo "not ok $n - valgrind is not installed (make deps)"
		memcheck=
	fi
fi

# run LABEL RUNNER TARGET DIRS...: one replay, RUNNER (word split) before
# the target.
run() {
	label=$1 runner=$2 name=$3
	shift 3
	n=$((n + 1))
	# shellcheck disable=SC2086
	if out=$($runner "$bin/$name" "$@" 2>&1); then
		echo "ok $n - $label: $(echo "$out" | tail -1 | sed 's/.*: //')"
	else
		fails=$((fails + 1))
		echo "not ok $n - $label"
		case $runner in valgrind*)
			# shellcheck disable=SC2086
			out=$($runner --track-origins=yes "$bin/$name" "$@" 2>&1) ;;
		esac
		echo "$out" | grep -E '^fuzz: |ERROR|SUMMARY|^ +#[0-9] |^==[0-9]+== ' |
		    head -16 | cut -c1-200 | sed 's/^/    /'
	fi
}

replay() { # replay LABEL TARGET: run TARGET over its corpus and crashes
	dirs=tests/fuzz/corpus/$2
	[ -d "tests/fuzz/crashes/$2" ] && dirs="$dirs tests/fuzz/crashes/$2"
	# shellcheck disable=SC2086
	run "$1" "" "$2" $dirs
	# shellcheck disable=SC2086
	[ -z "$memcheck" ] || run "$1 under memcheck" "$memcheck" "$2" $dirs
}

for src in tests/fuzz/fuzz_*.c; do
	name=$(basename "$src" .c)
	if [ ! -x "$bin/$name" ]; then
		n=$((n + 1)); fails=$((fails + 1))
		echo "not ok $n - $bin/$name is not built"
		continue
	fi
	if [ "$name" = fuzz_game ]; then
		for g in $("$gunbai" games | sed -n 's/^\([A-Za-z0-9_-]*\): .*/\1/p'); do
			FUZZ_GAME=$g replay "$name ($g)" "$name"
		done
	fi
	replay "$name" "$name"
done
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
