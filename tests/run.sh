#!/usr/bin/env bash
# Run test suites in parallel, JOBS (default: the cores and two) at once:
#     tests/run.sh [VAR=VALUE | BUILD_DIR | --job NAME COMMAND]...
# For each BUILD_DIR, its suites: the cmocka programs (BUILD/tests/test_*,
# test_harness once per game) and the shell tests (tests/t_*.sh, given
# GUNBAI=BUILD/gunbai and TOOLS=BUILD/tools), with the VAR=VALUE settings
# given before it in their environment.  --job adds one more suite: a
# shell COMMAND run from the top of the tree.  The suites are independent:
# each writes only in its own temporary directory.
#
# A line is printed as each suite ends; then every suite's output, in the
# order given, each after "== NAME (N.N s)"; then the failed ones, and one
# line "N passed, N failed".  Exits 1 if any failed.
set -u
cd "$(dirname "$0")/.." || exit 2
# Two more than the cores: some suites wait (on Chromium, on an MTA, on a
# lock another process holds, on a process they kill), and the others
# keep the cores busy meanwhile (with one more, the suites of make test
# kept two cores busy 94% of their time).
jobs=${JOBS:-$(($(nproc 2>/dev/null || echo 2) + 2))}
# The suites' temporary directories on a tmpfs when there is one with room
# (2 GB: the catalogue of bad inputs writes files of 100 MB), unless
# TMPDIR says where: thousands of runs each flush their outputs, which a
# disk makes wait for milliseconds and a tmpfs does not.  The code takes
# the same path on both: fileio.c trusts syncfs on tmpfs as on ext4
# (t_faults.sh checks the other path with GUNBAI_FAULT_FSTYPE=0).
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] &&
    [ "$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 { print $4 }')" \
    -gt 2097152 ] 2>/dev/null; then
	# 755: the MTA of t_mta.sh delivers as another user below it.
	TMPDIR=$(mktemp -d /dev/shm/gunbai-tests.XXXXXX) && export TMPDIR &&
	    chmod 755 "$TMPDIR"
	shm=$TMPDIR
fi
# Under ASan, each allocation's stack is kept to 2 frames, not 30: the
# same errors and leaks are found (their reports show shorter allocation
# stacks), and the sanitizer build's suites take a third less time.
# ASAN_OPTIONS given in the environment is kept as it is.
export ASAN_OPTIONS="${ASAN_OPTIONS-malloc_context_size=2}"
logs=$(mktemp -d)
# The python3 of the tests is Debian's, where make deps put
# python3-jsonschema and python3-pil: a python3 found first in PATH may be
# another (pyenv's shim here takes nine times as long to start).
if [ -x /usr/bin/python3 ] && [ "$(command -v python3)" != /usr/bin/python3 ]
then
	mkdir "$logs/bin" && ln -s /usr/bin/python3 "$logs/bin/python3" &&
	    PATH=$logs/bin:$PATH && export PATH
fi
trap 'rm -rf "$logs" ${shm:+"$shm"}' EXIT
names=() cmds=()
env=

add() { names+=("$1"); cmds+=("$2"); }

for_build() { # for_build BUILD: the suites of one build
	b=$1
	for t in "$b"/tests/test_*; do
		[ -x "$t" ] || continue
		if [ "$(basename "$t")" = test_harness ]; then
			# One process a game: the longest suite, split.
			for g in $("$b/gunbai" games |
			    sed -n 's/^\([A-Za-z0-9_-]*\): .*/\1/p'); do
				add "$t $g" "$env $t $g"
			done
		else
			add "$t" "$env $t"
		fi
	done
	for t in tests/t_*.sh; do
		[ -f "$t" ] || continue
		add "$b: $t" "$env GUNBAI=$b/gunbai TOOLS=$b/tools sh $t"
	done
}

while [ $# -gt 0 ]; do
	case $1 in
	--job)
		[ $# -ge 3 ] || { echo "usage: --job NAME COMMAND" >&2; exit 2; }
		add "$2" "$3"
		shift 3
		continue ;;
	*=*) env="$env $1" ;;
	*) for_build "$1" ;;
	esac
	shift
done
[ ${#names[@]} -gt 0 ] || { echo "usage: tests/run.sh BUILD_DIR..." >&2; exit 2; }

# The longest first, so that the last to start are short: their order of
# length as measured on two cores (a wrong guess only costs wall time).
weight() {
	case $1 in
	flags) echo 10 ;;
	*t_reports*|*t_json*) echo 9 ;;
	*deb-test*|*t_faults*|*t_bad*) echo 8 ;;
	*t_fuzz*|*t_league*|*test_harness\ senshiai|*test_harness\ japanese*) echo 7 ;;
	*t_kill*|*t_gamedir*|*t_mail_in*|*test_harness*) echo 5 ;;
	*t_samples*|*t_layers*|*t_examples*|*t_mta*|*t_page*|*test_senshiai*) echo 3 ;;
	*) echo 1 ;;
	esac
}
order=$(for i in "${!names[@]}"; do
	echo "$(weight "${names[$i]}") $i"; done | sort -k1,1nr -k2,2n |
	cut -d' ' -f2)

now() { date +%s%N; }

run_one() { # run_one INDEX
	i=$1
	t0=$(now)
	# times: the CPU time of the suite's processes, its second line.
	(eval "${cmds[$i]}"; st=$?; times >"$logs/$i.cpu"; exit $st) \
	    </dev/null >"$logs/$i.log" 2>&1
	rc=$?
	ms=$((($(now) - t0) / 1000000))
	echo "$rc $ms" >"$logs/$i.rc"
	if [ "$rc" -eq 0 ]; then word=ok; else word=FAILED; fi
	printf 'done at %ds: %s (%d.%d s, cpu %s): %s\n' \
	    $((($(now) - start) / 1000000000)) "${names[$i]}" $((ms / 1000)) \
	    $((ms % 1000 / 100)) "$(sed -n '2{s/ / + /;p}' "$logs/$i.cpu" \
	    2>/dev/null)" "$word"
}

start=$(now)
for i in $order; do
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
	run_one "$i" &
done
wait

passed=0 failed=0 failures=()
for i in "${!names[@]}"; do
	read -r rc ms <"$logs/$i.rc" 2>/dev/null || { rc=99 ms=0; }
	printf '== %s (%d.%d s)\n' "${names[$i]}" $((ms / 1000)) $((ms % 1000 / 100))
	cat "$logs/$i.log"
	if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); else
		failed=$((failed + 1)); failures+=("${names[$i]} (exit $rc)"); fi
done
for f in "${failures[@]}"; do echo "failed: $f"; done
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
