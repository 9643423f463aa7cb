#!/bin/sh
# Replay every committed fuzz input through the fuzz targets, without
# libFuzzer: the seed corpora (tests/fuzz/corpus/NAME/) and every input
# that ever crashed (tests/fuzz/crashes/NAME/), with this build's compiler
# and sanitizers.  fuzz_game runs once per registered game (the ids come
# from `gunbai games`).  Run by tests/run.sh with GUNBAI and TOOLS set.
set -u
gunbai=${GUNBAI:?}
bin=$(dirname "${TOOLS:?}")/fuzz
fails=0
n=0

replay() { # replay LABEL TARGET: run TARGET over its corpus and crashes
	label=$1 name=$2
	n=$((n + 1))
	dirs=tests/fuzz/corpus/$name
	[ -d "tests/fuzz/crashes/$name" ] && dirs="$dirs tests/fuzz/crashes/$name"
	# shellcheck disable=SC2086
	if out=$("$bin/$name" $dirs 2>&1); then
		echo "ok $n - $label: $(echo "$out" | tail -1 | sed 's/.*: //')"
	else
		fails=$((fails + 1))
		echo "not ok $n - $label"
		echo "$out" | grep -E '^fuzz: |ERROR|SUMMARY|^ +#[0-9] ' |
		    head -12 | cut -c1-200 | sed 's/^/    /'
	fi
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
