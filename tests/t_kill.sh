#!/bin/sh
# The kill test: `gunbai adjudicate` killed with SIGKILL at 240 moments
# drawn by a fixed-seed generator over the length of a run (half of them
# in its last part, where the outputs are written), and `gunbai new` at
# 40 more.  After every kill the output is either absent or complete and
# byte for byte what an unkilled run writes (and `gunbai status` reads
# it); the inputs are untouched.  `gunbai run` at 120 more: see below.
#
# Nothing can clean up after SIGKILL: a kill while the outputs are being
# staged leaves the hidden temporary directory beside OUTDIR
# (.gunbai-out.XXXXXX; for `gunbai new`, a .gunbai.XXXXXX file beside
# STATE).  It is never taken for output, and the next run makes its own;
# the test counts such leftovers, expects them, and removes them.
# Run by tests/run.sh with GUNBAI and TOOLS set.
. tests/lib.sh
# In the sanitizer build of make test, not again: a run killed by SIGKILL
# cannot report what a sanitizer finds, and the file protocol is the same
# code in every build (tests/lib.sh, once).
if ! once; then
	echo "ok 1 - # skip: the first build runs the kill test"
	exit 0
fi
killer=$(abs "${TOOLS:?}/killer")
RUNS=${KILL_RUNS:-240}
NEW_RUNS=40

cd "$tmp" || exit 1
mkdir work
senjin_fixture k
(cd in && cat ./*) | cksum >inputs.sum
adj="adjudicate in/s1.yaml in/a1.yaml in/b2.yaml -o work/out"
# shellcheck disable=SC2086
"$gunbai" $adj >/dev/null && mv work/out ref ||
    { not_ok "the reference run fails"; exit 1; }

# The length of a run: the longest of five, in microseconds.
longest=0
for i in 1 2 3 4 5; do
	# shellcheck disable=SC2086
	t=$("$killer" -t "$gunbai" $adj)
	rm -rf work/out
	[ "$t" -gt "$longest" ] && longest=$t
done
ok "a whole run takes at most ${longest}us here"

# delays N T SEED: N kill moments in microseconds, half over [0, 1.1 T],
# half over [0.5 T, 1.1 T]
delays() {
	awk -v n="$1" -v t="$2" -v s="$3" 'BEGIN { srand(s)
	    for (i = 0; i < n; i++) {
	        lo = i % 2 ? 0.5 * t : 0
	        printf "%d\n", lo + rand() * (1.1 * t - lo) } }'
}

killed=0 finished=0 absent=0 complete=0 leftover=0 bad=0
for d in $(delays "$RUNS" "$longest" 20261122); do
	# shellcheck disable=SC2086
	r=$("$killer" "$d" "$gunbai" $adj)
	case $r in killed) killed=$((killed + 1)) ;;
	*) finished=$((finished + 1)) ;; esac
	if [ -e work/out ]; then
		if diff -r ref work/out >/dev/null &&
		    "$gunbai" status work/out/state.yaml >/dev/null; then
			complete=$((complete + 1))
		else
			bad=$((bad + 1))
			echo "    killed at ${d}us ($r): work/out is incomplete:"
			ls -lR work/out | sed 's/^/    /' | head -20
		fi
	else
		absent=$((absent + 1))
	fi
	tmps=$(ls -A work | grep -c '^\.gunbai')
	leftover=$((leftover + tmps))
	if ls -A work | grep -qv -e '^out$' -e '^\.gunbai-out\.'; then
		bad=$((bad + 1))
		echo "    killed at ${d}us: unexpected files: $(ls -A work)"
	fi
	rm -rf work/out work/.gunbai*
done
if [ "$bad" -eq 0 ]; then
	ok "$RUNS runs of adjudicate killed at random moments ($killed killed, $finished had finished): $absent left no output, $complete a complete one, none a partial one"
else
	not_ok "$bad of $RUNS killed runs left a partial output"
fi
echo "# $leftover kills left a hidden temporary directory beside OUTDIR (expected after SIGKILL)"
[ "$(cd in && cat ./* | cksum)" = "$(cat inputs.sum)" ] &&
    ok "the inputs are untouched after $RUNS kills" ||
    not_ok "the inputs changed"

# gunbai new: the state file appears whole or not at all.
# shellcheck disable=SC2086
"$gunbai" $newargs -o ref.yaml >/dev/null
longest=0
for i in 1 2 3; do
	# shellcheck disable=SC2086
	t=$("$killer" -t "$gunbai" $newargs -o work/s.yaml)
	rm -f work/s.yaml
	[ "$t" -gt "$longest" ] && longest=$t
done
bad=0 complete=0
for d in $(delays "$NEW_RUNS" "$longest" 7); do
	# shellcheck disable=SC2086
	"$killer" "$d" "$gunbai" $newargs -o work/s.yaml >/dev/null
	if [ -e work/s.yaml ]; then
		if cmp -s ref.yaml work/s.yaml; then complete=$((complete + 1))
		else bad=$((bad + 1)); fi
	fi
	if ls -A work | grep -qv -e '^s\.yaml$' -e '^\.gunbai\.'; then
		bad=$((bad + 1))
		echo "    unexpected files: $(ls -A work)"
	fi
	rm -f work/s.yaml work/.gunbai*
done
if [ "$bad" -eq 0 ]; then
	ok "$NEW_RUNS runs of new killed at random moments: $complete complete states, the rest none"
else
	not_ok "$bad of $NEW_RUNS killed runs of new left a partial state"
fi

# gunbai run GAMEDIR: the run directory appears whole or not at all, the
# inbox changes only after it is in place, and the next run continues
# from whatever a kill left: no file lost or used twice, and the
# directory ends as one unkilled run leaves it.
RUN_RUNS=${KILL_RUN_RUNS:-120}
# shellcheck disable=SC2086
"$gunbai" $newargs -d rbase >/dev/null
cp in/a1.yaml in/a1.yaml.sig in/b2.yaml in/b2.yaml.sig rbase/inbox/
cp -R rbase rref
"$gunbai" run rref >/dev/null || not_ok "the reference run fails"
# same DIR: DIR is rref, but for hidden leftovers of killed runs
same() { diff -r -x '.gunbai*' rref "$1" >/dev/null; }
longest=0
for i in 1 2 3; do
	rm -rf rwork && cp -R rbase rwork
	t=$("$killer" -t "$gunbai" run rwork)
	[ "$t" -gt "$longest" ] && longest=$t
done
bad=0 before=0 after=0 done=0
for d in $(delays "$RUN_RUNS" "$longest" 99); do
	rm -rf rwork && cp -R rbase rwork
	"$killer" "$d" "$gunbai" run rwork >/dev/null
	if [ -z "$(ls rwork/runs)" ]; then
		diff -r rbase/inbox rwork/inbox >/dev/null || {
			bad=$((bad + 1)); echo "    ${d}us: no run, but the inbox changed"; }
		before=$((before + 1))
	elif diff -r -x '.gunbai*' rref/runs rwork/runs >/dev/null; then
		if [ -z "$(ls rwork/inbox)" ]; then done=$((done + 1))
		else after=$((after + 1)); fi
	else
		bad=$((bad + 1))
		echo "    killed at ${d}us: a partial run: $(ls -R rwork/runs | head -5)"
	fi
	"$gunbai" run rwork >/dev/null 2>&1
	st=$?
	if ! same rwork || { [ "$st" -ne 0 ] && [ "$st" -ne 3 ]; }; then
		bad=$((bad + 1))
		echo "    killed at ${d}us: the next run (exit $st) does not end as the reference"
	fi
done
if [ "$bad" -eq 0 ]; then
	ok "$RUN_RUNS runs of run killed at random moments: $before before the run directory, $after between it and the inbox, $done after; each time the next run ends where one unkilled run does"
else
	not_ok "$bad of $RUN_RUNS killed runs of run lost or reused a file"
fi
"$gunbai" verify rwork >/dev/null && ok "and the archive verifies" ||
    not_ok "the archive after the kills does not verify"

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
