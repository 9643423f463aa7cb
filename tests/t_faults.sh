#!/bin/sh
# Fault injection: every call gunbai makes to open, close, read, write,
# fsync, syncfs, fstatfs, rename, link, mkdir, mkdtemp, mkstemp, opendir,
# fchmod, and a sample of its allocations, is made to fail in turn,
# during `gunbai adjudicate` (twice: with the outputs flushed by one
# syncfs, as on ext4, and file by file, as on a filesystem fileio.c does
# not trust syncfs on), during `gunbai new` and during `gunbai run`
# (below) (BUILD/tools/gunbai-faults, built
# from tests/faults/faults.c with -Wl,--wrap).  After each: either the
# run succeeded and its outputs are exactly those of a run without
# faults (or, when an orders file could not be read, complete outputs of
# the turn without it, that file refused with the reason), or it failed with a clear message ("gunbai: ..." on stderr), a
# documented status, the inputs untouched, no output and no temporary
# file left.  Run by tests/run.sh with GUNBAI and TOOLS set.
. tests/lib.sh
# make test runs it in the sanitizer build only (FAULTS_ELSEWHERE=1 for
# the gcc build): every fault there takes the same path through the same
# code, with the same checks of the outputs, and ASan and LeakSanitizer
# also see what each error path does with memory.  `make check` of any
# one build runs it.
if [ "${FAULTS_ELSEWHERE:-0}" = 1 ]; then
	echo "ok 1 - # skip: the sanitizer build runs the fault injection"
	exit 0
fi
faults=$(abs "${TOOLS:?}/gunbai-faults")
IO="open close read write fsync syncfs fstatfs rename link mkdir mkdtemp mkstemp opendir fchmod"
ALLOC="malloc calloc realloc"
EIO=5
ENOSPC=28

cd "$tmp" || exit 1
senjin_fixture f
(cd in && ls -l && cat ./*) >inputs.before 2>&1
adj="adjudicate in/s1.yaml in/a1.yaml in/b2.yaml -o work/out"
mkdir work
# shellcheck disable=SC2086
if "$gunbai" $adj >/dev/null && mv work/out ref; then
	ok "the run without faults writes the reference outputs"
else
	not_ok "the run without faults fails"
fi
# shellcheck disable=SC2086
"$faults" $adj >/dev/null 2>&1 && diff -r ref work/out >/dev/null &&
    ok "gunbai-faults without a fault gives the same outputs" ||
    not_ok "gunbai-faults without a fault differs"
rm -rf work/out

# calls CMD...: how many calls of each kind a clean run makes
calls() {
	rm -f counts
	GUNBAI_FAULT_COUNT=$tmp/counts "$faults" "$@" >/dev/null 2>&1
}
count_of() { awk -v c="$1" '$1 == c { print $2 }' counts; }

# sample N: the call numbers to fail, from 1 to N: all of the first 30,
# then about 40 spread over the rest, and the last 3
sample() {
	awk -v n="$1" 'BEGIN {
	    for (i = 1; i <= n; i++)
	        if (i <= 30 || i > n - 3 || (i - 30) % int((n - 30) / 40 + 1) == 0)
	            print i }'
}

# check_run WHAT OUT: after a run with a fault (status in $st)
check_run() {
	what=$1 out=$2
	bad=
	left=$(ls -A "$(dirname "$out")" | grep -v "^$(basename "$out")\$")
	[ -n "$left" ] && bad="$bad; left behind: $left"
	(cd in && ls -l && cat ./*) >inputs.after 2>&1
	cmp -s inputs.before inputs.after || bad="$bad; the inputs changed"
	if [ "$st" -eq 0 ]; then
		if [ -d ref ] && [ -d "$out" ]; then
			# An orders file that cannot be read is refused whole
			# and the turn goes on without it (formats/orders.md):
			# other outputs, then, but complete ones.
			if ! diff -r ref "$out" >/dev/null; then
				grep -Eq '^in/[ab][12]\.yaml: refused file: cannot (open|read) ' \
				    stdout && "$gunbai" status "$out/state.yaml" \
				    >/dev/null && [ -f "$out/reports/public.txt" ] &&
				    [ -f "$out/reports/alice.txt" ] &&
				    [ -f "$out/reports/bob.txt" ] ||
				    bad="$bad; succeeded with other outputs"
			fi
		elif [ ! -e "$out" ]; then
			bad="$bad; succeeded without output"
		fi
	else
		case $st in 3 | 4 | 5 | 70) ;; *) bad="$bad; exit $st" ;; esac
		[ -e "$out" ] && bad="$bad; failed but wrote $out"
		if [ ! -s err ] || grep -qv '^gunbai: ' err; then
			bad="$bad; unclear message: $(head -3 err | tr '\n' '|')"
		fi
		if [ "$st" -eq 70 ] && [ "$(cat err)" != "gunbai: out of memory" ]; then
			bad="$bad; out of memory says: $(head -3 err | tr '\n' '|')"
		fi
	fi
	if [ -n "$bad" ]; then
		echo "    $what: exit $st$bad"
		return 1
	fi
}

# inject LABEL OUT CMD...: fail every call (or a sample) in turn; before
# each run $reset (default: remove OUT), after it $check WHAT OUT
# (default check_run)
reset_out() { rm -rf "$out"; }
inject() {
	label=$1 out=$2; shift 2
	${reset:-reset_out}
	calls "$@"
	for c in $IO $ALLOC; do
		total=$(count_of "$c")
		[ "${total:-0}" -gt 0 ] || continue
		errno=$EIO
		[ "$c" = write ] && errno=$ENOSPC
		case " $ALLOC " in
		*" $c "*) list=$(sample "$total")
		    # At an out-of-memory exit, what is still allocated is
		    # not a leak.
		    lsan=detect_leaks=0 ;;
		*) list=$(seq 1 "$total"); lsan= ;;
		esac
		runs=0 failed=0 errs=0
		for i in $list; do
			${reset:-reset_out}
			ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS${lsan:+:}}$lsan \
			    GUNBAI_FAULT=$c:$i:$errno "$faults" "$@" \
			    >stdout 2>err
			st=$?
			runs=$((runs + 1))
			[ "$st" -ne 0 ] && errs=$((errs + 1))
			${check:-check_run} "$c #$i of $total" "$out" ||
			    failed=$((failed + 1))
			# One mess must not be counted again in the next run.
			rm -rf "$(dirname "$out")"/.gunbai*
		done
		rm -rf "$out"
		if [ "$failed" -eq 0 ]; then
			ok "$label: $c failing at each of $runs calls (of $total): $errs clean refusals, $((runs - errs)) runs unaffected"
		else
			not_ok "$label: $c: $failed of $runs runs left a mess"
		fi
	done
}

# How the outputs are flushed (adjudicator/base/fileio.c, fileio_flush_mode):
# the filesystem at once where syncfs is trusted, which $tmp's may be,
# and each file and directory where it is not (GUNBAI_FAULT_FSTYPE=0: an
# unknown filesystem).  Each way must write the same outputs, with as
# many flushing calls as said.
flushes() {
	rm -rf work/out
	calls "$@" && echo "fsync $(count_of fsync) syncfs $(count_of syncfs)"
}
# shellcheck disable=SC2086
fs_flush=$(flushes $adj)
# shellcheck disable=SC2086
each_flush=$(GUNBAI_FAULT_FSTYPE=0 flushes $adj)
case $fs_flush in
"fsync 1 syncfs 1") fs_trusted=1 ;;
"fsync 13 syncfs 0") fs_trusted=0 ;;
*) fs_trusted= ;;
esac
if [ -n "$fs_trusted" ] && [ "$each_flush" = "fsync 13 syncfs 0" ]; then
	ok "adjudicate flushes with $fs_flush here, $each_flush on an unknown filesystem"
else
	not_ok "adjudicate flushes with $fs_flush here, $each_flush on an unknown filesystem"
fi
rm -rf work/out
# shellcheck disable=SC2086
inject adjudicate work/out $adj
export GUNBAI_FAULT_FSTYPE=0
# shellcheck disable=SC2086
inject "adjudicate, each file flushed" work/out $adj
unset GUNBAI_FAULT_FSTYPE
# syncfs refused as absent (ENOSYS, as a seccomp filter may): nothing was
# flushed and no error taken, so each entry is flushed instead, and the
# run succeeds with the same outputs.
if [ "$fs_trusted" = 1 ]; then
	rm -f counts
	# shellcheck disable=SC2086
	GUNBAI_FAULT=syncfs:1:38 GUNBAI_FAULT_COUNT=$tmp/counts "$faults" \
	    $adj >/dev/null 2>err && diff -r ref work/out >/dev/null &&
	    [ ! -s err ] && [ "$(count_of fsync)" = 13 ] &&
	    ok "syncfs absent (ENOSYS): the same outputs, each entry flushed" ||
	    not_ok "syncfs absent (ENOSYS): $(count_of fsync) fsyncs; $(head -3 err | tr '\n' '|')"
	rm -rf work/out work/.gunbai*
else
	ok "# skip: syncfs is not trusted on $tmp's filesystem"
fi
# `gunbai new`: the state file is made by fileio_create (a temporary
# file, flushed, linked into place).
rm -rf ref
# shellcheck disable=SC2086
"$gunbai" $newargs -o ref.yaml >/dev/null
# shellcheck disable=SC2086
inject new work/s.yaml $newargs -o work/s.yaml
# The state made under faults, when made, is the reference's.
# shellcheck disable=SC2086
"$faults" $newargs -o work/s.yaml >/dev/null 2>&1 && cmp -s ref.yaml work/s.yaml &&
    ok "new under gunbai-faults writes the same state" ||
    not_ok "new under gunbai-faults writes another state"

# `gunbai run GAMEDIR`: after each fault the game directory holds no run
# and an untouched inbox, or the complete run; exit 0 or a documented
# status with "gunbai: ..." messages; no temporary file left.  Then clean
# runs (while they apply something) end where a run without faults
# does, or, when a fault left an inbox file unread ("left in the inbox"),
# with every file used once and an archive that verifies.
# shellcheck disable=SC2086
"$gunbai" $newargs -d gbase >/dev/null
cp in/a1.yaml in/a1.yaml.sig in/b2.yaml in/b2.yaml.sig gbase/inbox/
cp -R gbase gref
"$gunbai" run gref >/dev/null || not_ok "run without faults fails"
check_gamedir() {
	bad=
	case $st in 0 | 3 | 4 | 5 | 70) ;; *) bad="$bad; exit $st" ;; esac
	if [ "$st" -ne 0 ] && { [ ! -s err ] || grep -qv '^gunbai: ' err; }; then
		bad="$bad; unclear message: $(head -3 err | tr '\n' '|')"
	fi
	[ -n "$(ls -A gwork/runs | grep '^\.')" ] && bad="$bad; left behind: $(ls -A gwork/runs)"
	if [ -n "$(ls gwork/runs)" ]; then
		[ -f gwork/runs/0001/state.yaml ] && [ -f gwork/runs/0001/reports/public.txt ] ||
		    bad="$bad; a partial run"
	elif ! diff -r gbase/inbox gwork/inbox >/dev/null; then
		bad="$bad; no run but the inbox changed"
	fi
	left=0
	grep -q 'left in the inbox' err && left=1
	[ "$st" -eq 0 ] && [ "$left" -eq 0 ] &&
	    ! diff -r gref gwork >/dev/null && bad="$bad; succeeded with other outputs"
	for k in 1 2 3; do "$gunbai" run gwork >/dev/null 2>&1 || break; done
	if [ "$left" -eq 0 ]; then
		diff -r gref gwork >/dev/null || bad="$bad; the clean run after it ends elsewhere"
	elif [ -n "$(ls gwork/inbox)" ] || ! "$gunbai" verify gwork >/dev/null; then
		bad="$bad; after a file left unread, the clean runs end badly"
	fi
	if [ -n "$bad" ]; then
		echo "    $1: exit $st$bad"
		return 1
	fi
}
reset_gamedir() { rm -rf gwork && cp -R gbase gwork; }
reset=reset_gamedir check=check_gamedir inject run gwork run gwork

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
