#!/bin/sh
# make bench: three measurements, each the median of repeated runs made
# in this one run (bench/README says what each means).
#   bench/bench.sh BUILD     (make bench: build/bench, gcc -O2)
# BENCH_RUNS (51) timed runs per figure; BENCH_SECONDS (1) per playout
# sample and BENCH_REPS (5) samples; BENCH_LATE (400) the point the long
# game is taken at.
set -u
build=${1:?usage: bench/bench.sh BUILD}
runs=${BENCH_RUNS:-51}
secs=${BENCH_SECONDS:-1}
reps=${BENCH_REPS:-5}
late=${BENCH_LATE:-400}
top=$(pwd)
gunbai=$top/$build/gunbai
tools=$top/$build/tools
work=$top/$build/bench-work
rm -rf "$work"
mkdir -p "$work"

ms() { awk -v u="$1" 'BEGIN { printf "%.2f ms", u / 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
median() { "$tools/bench_time" -n "$runs" "$@" | cut -d' ' -f1; }

echo "== machine"
echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores online"
echo "kernel: $(uname -sr); compiler: $(gcc --version | head -1); $(openssl version)"
echo "gunbai: $build (gcc -O2 -g); $runs timed runs per figure, medians"
echo

# The fixtures: a long game of every registered game, its states early
# and late, and the signed answers of the next two points.
(cd "$top" && "$tools/bench_play" long "$work" 5 "$late") >"$work/long.txt" ||
    { echo "bench_play long failed"; exit 1; }

echo "== 1. one signed turn of two files, whole process, against the floor"
fix=$work/senjin-early
[ -d "$fix" ] || fix=$(ls -d "$work"/*-early | head -1)
cd "$fix" || exit 1
p1=$(ls p1-*.yaml) p2=$(ls p2-*.yaml)
key() { n=${1#p?-}; echo "$top/tests/keys/${n%.yaml}.pub"; }
g=$(median -r "$work/out" "$gunbai" adjudicate state.yaml "$p1" "$p2" \
    -o "$work/out")
f=$(median "$tools/bench_floor" state.yaml "$p1" "$p2")
o=$(median openssl pkeyutl -verify -rawin -pubin -inkey "$(key "$p1")" \
    -in "$p1" -sigfile "$p1.sig" :: openssl pkeyutl -verify -rawin -pubin \
    -inkey "$(key "$p2")" -in "$p2" -sigfile "$p2.sig")
echo "$(basename "$fix"): state.yaml ($(wc -c <state.yaml) bytes), $p1, $p2"
printf '  gunbai adjudicate (2 points, 2 signatures)   %s\n' "$(ms "$g")"
printf '  floor: read, libyaml, libcrypto verify       %s   gunbai/floor   %s\n' \
    "$(ms "$f")" "$(ratio "$g" "$f")"
printf '  2 x openssl pkeyutl -verify                  %s   gunbai/openssl %s\n' \
    "$(ms "$o")" "$(ratio "$g" "$o")"
cd "$top" || exit 1
echo

echo "== 2. random legal playouts in process, per game (median of $reps x ${secs}s)"
printf '  %-18s %12s %14s %14s\n' game games/s orders/s points/game
"$tools/bench_play" playouts "$secs" "$reps" | while read -r id a b c; do
	if [ "$a" = error ]; then
		printf '  %-18s not measured: %s %s\n' "$id" "$b" "$c"
	else
		printf '  %-18s %12s %14s %14s\n' "$id" "$a" "$b" "$c"
	fi
done
echo

echo "== 3. one adjudicated point early and late in a long game, whole process"
printf '  %-18s %16s %16s %8s\n' game "early" "late" late/early
for e in "$work"/*-early; do
	id=$(basename "$e" -early)
	l=$work/$id-late
	ep=$(awk -v g="$id" '$1 == g && $2 == "early" { print $3 }' "$work/long.txt")
	lp=$(awk -v g="$id" '$1 == g && $2 == "late" { print $3 }' "$work/long.txt")
	if [ ! -d "$l" ]; then
		printf '  %-18s no late stage: %s\n' "$id" \
		    "$(grep "^$id " "$work/long.txt" | tail -1)"
		continue
	fi
	te=$(cd "$e" && median -r "$work/out" "$gunbai" adjudicate state.yaml \
	    p1-*.yaml -o "$work/out")
	tl=$(cd "$l" && median -r "$work/out" "$gunbai" adjudicate state.yaml \
	    p1-*.yaml -o "$work/out")
	printf '  %-18s %16s %16s %8s\n' "$id" "$(ms "$te") @$ep" \
	    "$(ms "$tl") @$lp" "$(ratio "$tl" "$te")"
	printf '  %-18s %16s %16s\n' "  state bytes" "$(wc -c <"$e/state.yaml")" \
	    "$(wc -c <"$l/state.yaml")"
done
grep ' error ' "$work/long.txt" | sed 's/^/  not measured: /'
echo

echo "== 4. costly states under the size cap: refused or read, time and peak memory"
# Each file of bench/costly.py is at most 16 MiB (the state cap); the
# goal (adjudicator/yaml.h) is under 0.5 s and under 64 MB for every one.
# BENCH_COSTLY_RUNS (5) runs each: the median time, the largest peak.
"${PYTHON:-python3}" "$top/bench/costly.py" "$work/costly" "$fix/state.yaml" ||
    { echo "bench/costly.py failed"; exit 1; }
printf '  %-30s %9s %8s %10s %9s %s\n' file bytes exit "time" peak goal
for f in "$work"/costly/*.yaml; do
	i=0
	: >"$work/peak.txt"
	while [ "$i" -lt "${BENCH_COSTLY_RUNS:-5}" ]; do
		"$tools/bench_peak" "$gunbai" status "$f" >>"$work/peak.txt"
		i=$((i + 1))
	done
	sort -n "$work/peak.txt" | awk -v f="$(basename "$f" .yaml)" \
	    -v b="$(wc -c <"$f")" '{ t[NR] = $1; if ($2 > p) p = $2; s = $3 }
	    END { m = t[int((NR + 1) / 2)]
		v = "exit " s
		if (s == 0) v = "read"
		if (s == 4) v = "refused"
		g = "MISSED"
		if (m < 0.5 && p < 65536 && (s == 0 || s == 4)) g = "ok"
		printf "  %-30s %9d %8s %8.3f s %6.1f MB %s\n", f, b, v, m,
		    p / 1024, g }'
done
