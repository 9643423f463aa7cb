#!/bin/sh
# The output directory of `gunbai adjudicate -o OUTDIR` (and the file of
# `gunbai new -o STATE`): a name that cannot work is refused before the
# turn is run, and an empty directory the user made keeps its mode and
# group when the outputs replace it.
. tests/lib.sh
cd "$tmp" || exit 1
senjin_fixture outdir

"$gunbai" adjudicate in/s1.yaml in/a1.yaml -o "" >o1 2>e1
st=$?
if [ "$st" -eq 5 ] && [ ! -s o1 ] &&
    grep -qx "gunbai: the output directory name is empty" e1; then
	ok "-o '' is refused before the turn is run"
else
	not_ok "-o '' is refused before the turn is run (exit $st)"
	cat o1 e1 | sed 's/^/    | /'
fi
"$gunbai" $newargs -o "" >o2 2>e2
st=$?
if [ "$st" -eq 5 ] && grep -qx "gunbai: the output file name is empty" e2
then ok "new -o '' is refused"; else not_ok "new -o '' is refused (exit $st)"
	sed 's/^/    | /' e2; fi

mkdir empty
(cd empty && "$gunbai" adjudicate ../in/s1.yaml ../in/a1.yaml -o . \
    >../o3 2>../e3)
st=$?
if [ "$st" -eq 5 ] && [ ! -s o3 ] && grep -q "which cannot be replaced; name a new or empty directory" e3 &&
    [ -z "$(ls -A empty)" ]; then
	ok "-o . says it cannot replace '.', before the turn, leaving nothing"
else
	not_ok "-o . says it cannot replace '.' (exit $st)"
	cat o3 e3 | sed 's/^/    | /'
	ls -A empty | sed 's/^/    left: /'
fi
"$gunbai" adjudicate in/s1.yaml in/a1.yaml -o empty/.. >/dev/null 2>e4
st=$?
if [ "$st" -eq 5 ] && grep -q "cannot be replaced" e4; then
	ok "-o DIR/.. is refused the same way"
else not_ok "-o DIR/.. is refused the same way (exit $st)"; fi

# An empty directory made for the outputs: its mode (with setgid) and
# its group, when the user has a second group to give it, are kept.
mkdir out
chmod 2750 out
group=$(id -g)
for g in $(id -G); do [ "$g" != "$(id -g)" ] && group=$g && break; done
for g in 100 50; do
	[ "$group" = "$(id -g)" ] && [ "$(id -u)" -eq 0 ] && group=$g
done
chgrp "$group" out
before=$(stat -c '%a %g' out)
if "$gunbai" adjudicate in/s1.yaml in/a1.yaml -o out >/dev/null 2>e5 &&
    [ -f out/state.yaml ] && [ "$(stat -c '%a %g' out)" = "$before" ]; then
	ok "an empty OUTDIR keeps its mode and group ($before)"
else
	not_ok "an empty OUTDIR keeps its mode and group: $before, now $(stat -c '%a %g' out)"
	sed 's/^/    | /' e5
fi

# Modes follow the umask (formats/archive.md, Permissions): with 077 the
# game directory, its files and a run are the organiser's alone.
# shellcheck disable=SC2086
(umask 077 && "$gunbai" $newargs -d um >/dev/null &&
    cp in/a1.yaml in/a1.yaml.sig um/inbox/ && "$gunbai" run um >/dev/null)
modes=$(stat -c '%a' um um/start.yaml um/runs um/runs/0001 \
    um/runs/0001/state.yaml | tr '\n' ' ')
if [ "$modes" = "700 600 700 700 600 " ]; then
	ok "under umask 077 the game directory and its run are 700 and 600"
else
	not_ok "modes under umask 077: $modes"
fi

# What a killed command left is removed by the next run once 10 minutes
# old; a temporary file younger than that may be another command's.
mkdir -p um/runs/.gunbai-out.abc123/orders
touch um/runs/.gunbai-out.abc123/orders/x um/inbox/.gunbai.old123 \
    um/inbox/.gunbai.new123
touch -d '2 hours ago' um/runs/.gunbai-out.abc123 um/inbox/.gunbai.old123
"$gunbai" run --nmr um >/dev/null 2>e9
if [ ! -e um/runs/.gunbai-out.abc123 ] && [ ! -e um/inbox/.gunbai.old123 ] &&
    [ -e um/inbox/.gunbai.new123 ] && grep -q 'removed 2 temporary' e9; then
	ok "leftovers of a killed command removed by the next run, fresh ones kept"
else
	not_ok "leftovers: $(ls -a um/inbox um/runs) $(cat e9)"
fi

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
