#!/bin/sh
# A full disk.  Two ways: a file-size limit (ulimit -f, with SIGXFSZ
# ignored, so that a write past it fails with EFBIG, "File too large"),
# which works anywhere; and, where a private mount namespace can be had
# (root, unshare -m), small tmpfs file systems that fill up (ENOSPC).
# For every limit, from nothing to enough: `gunbai adjudicate` and
# `gunbai new` either succeed with exactly the outputs of an unlimited
# run, or fail with exit 5 and one clear line naming the file, leaving
# no output and no temporary file.  Run by tests/run.sh with GUNBAI.
. tests/lib.sh
self=$PWD/$0

cd "$tmp" || exit 1
senjin_fixture full
"$gunbai" adjudicate in/s1.yaml in/a1.yaml -o ref >/dev/null
# shellcheck disable=SC2086
"$gunbai" $newargs -o ref.yaml >/dev/null

# judge WHAT STATUS DIR OUT REF ERRFILE: after a run writing OUT in DIR
judge() {
	what=$1 st=$2 dir=$3 out=$4 ref=$5 err=$6
	if [ "$st" -eq 0 ]; then
		if diff -r "$ref" "$dir/$out" >/dev/null; then
			echo done
		else
			echo "    $what: succeeded with other outputs"
		fi
	else
		msg=$(cat "$err")
		[ "$st" -eq 5 ] || echo "    $what: exit $st"
		[ "$(wc -l <"$err")" -eq 1 ] && echo "$msg" |
		    grep -Eq "^gunbai: $dir/[^ ]*: cannot (write|create|create a file in|create directory|flush directory) .*: (File too large|No space left on device)\$" ||
		    echo "    $what: unclear message: $msg"
	fi
	left=$(ls -A "$dir" | grep -v "^$out\$")
	[ -n "$left" ] && echo "    $what: left behind: $left"
	[ "$st" -ne 0 ] && [ -e "$dir/$out" ] && echo "    $what: failed but $out exists"
	rm -rf "${dir:?}/$out" "$dir"/.gunbai*
}

# A file-size limit, in blocks of 512 bytes (the shell's unit).
for cmd in adjudicate new; do
	refused=0 bad=0 limit=0
	while :; do
		mkdir -p w
		# stderr goes to a pipe, which the limit does not cover;
		# the status comes last on it.
		if [ $cmd = adjudicate ]; then
			out=out ref=ref
			set -- adjudicate in/s1.yaml in/a1.yaml -o w/out
		else
			out=s.yaml ref=ref.yaml
			# shellcheck disable=SC2086
			set -- $newargs -o w/s.yaml
		fi
		(ulimit -f $limit; trap '' XFSZ; "$gunbai" "$@" >/dev/null
		    echo "status $?" >&2) 2>&1 | cat >err.all
		st=$(sed -n 's/^status //p' err.all)
		# A --coverage build cannot write its counts past the limit
		# either, and says so: not gunbai's message.
		grep -v -e '^status ' -e '^profiling:' \
		    -e '^libgcov profiling error:' err.all >err
		r=$(judge "limit $limit" "$st" w $out $ref err)
		case $r in
		done) break ;;
		'') refused=$((refused + 1)) ;;
		*) bad=$((bad + 1)); echo "$r" ;;
		esac
		# Every limit up to 16 blocks, then a quarter more each time:
		# a report that carries a tree of legal orders (report/choices.h)
		# is some 100 KiB.
		if [ $limit -lt 16 ]; then limit=$((limit + 1))
		else limit=$((limit + limit / 4)); fi
		[ $limit -gt 4096 ] && { bad=$((bad + 1)); echo "    never succeeds"; break; }
	done
	if [ $bad -eq 0 ]; then
		ok "$cmd under file-size limits: $refused refused cleanly (EFBIG), then done at $limit blocks"
	else
		not_ok "$cmd under file-size limits: $bad bad runs"
	fi
done

# Small tmpfs file systems, in a private mount namespace.
cat >full.sh <<'EOS'
set -u
gunbai=$1 newargs=$2
mkdir -p mnt
refused=0 bad=0
for kb in 4 8 12 16 20 24 28 32 40 48 64 96 128; do
	mount -t tmpfs -o size=${kb}k,nr_inodes=64 tmpfs mnt || exit 77
	"$gunbai" adjudicate in/s1.yaml in/a1.yaml -o mnt/out >/dev/null 2>err
	r=$(judge "tmpfs ${kb}k" $? mnt out ref err)
	umount mnt
	case $r in done) ;; '') refused=$((refused + 1)) ;;
	*) bad=$((bad + 1)); echo "$r" ;; esac
	mount -t tmpfs -o size=${kb}k tmpfs mnt || exit 77
	# A file the size of the space left fills the disk to the byte.
	head -c $((kb * 1024)) /dev/zero >mnt/filler 2>/dev/null
	# shellcheck disable=SC2086
	"$gunbai" $newargs -o mnt/s.yaml >/dev/null 2>err
	st=$?
	rm -f mnt/filler
	r=$(judge "tmpfs ${kb}k, full" $st mnt s.yaml ref.yaml err)
	umount mnt
	case $r in done) ;; '') refused=$((refused + 1)) ;;
	*) bad=$((bad + 1)); echo "$r" ;; esac
done
echo "refused=$refused bad=$bad"
EOS
if command -v unshare >/dev/null && [ "$(id -u)" = 0 ] &&
    unshare -m sh -c 'mkdir -p t && mount -t tmpfs -o size=4k tmpfs t && umount t' \
    2>/dev/null; then
	# shellcheck disable=SC2016
	unshare -m sh -c "$(sed -n '/^judge()/,/^}/p' "$self")
. ./full.sh" \
	    full "$gunbai" "$newargs" >full.out 2>&1
	grep -v '^refused=' full.out
	if grep -q 'bad=0$' full.out; then
		ok "full tmpfs file systems (ENOSPC): $(sed -n 's/^refused=\([0-9]*\).*/\1/p' full.out) runs refused cleanly, the rest complete"
	else
		not_ok "full tmpfs file systems: $(tail -1 full.out)"
	fi
else
	ok "# skip: no private mount namespace here for a small tmpfs"
fi

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
