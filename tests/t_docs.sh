#!/bin/sh
# The examples in the documentation are real files: each fenced example
# that a document says "This is `FILE`" must be FILE byte for byte, and
# the files themselves are run by the other tests (t_e2e.sh plays them).
set -u
fails=0
n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# block DOC FILE: the fenced block after the line naming FILE.
block() {
	awk -v f="\`$2\`" '
	    index($0, "This is " f) { want = 1; next }
	    want && /^```/ { if (inside) exit; inside = 1; next }
	    inside { print }' "$1"
}
for pair in formats/orders.md:samples/senjin/orders/turn2-bob.yaml \
    formats/state.md:samples/senjin/state-turn2.yaml; do
	doc=${pair%%:*} file=${pair#*:}
	n=$((n + 1))
	block "$doc" "$file" >"$tmp/block"
	if [ -s "$tmp/block" ] && cmp -s "$tmp/block" "$file"; then
		echo "ok $n - $doc shows $file as it is"
	else
		fails=$((fails + 1)); echo "not ok $n - $doc: example differs from $file"
		diff "$file" "$tmp/block" | head -10
	fi
done

# The orders example of gunbai-formats(5) is the sample file.
n=$((n + 1))
mandoc -Tascii man/gunbai-formats.5 | col -bx | \
    awk '/^   Orders files/ { s = 1; next } s && /^ *# Bob/ { p = 1 }
	p && /^ *$/ { exit } p { sub(/^ +/, ""); print }' >"$tmp/man"
sed 's/^ *//' samples/senjin/orders/turn2-bob.yaml >"$tmp/file"
if cmp -s "$tmp/man" "$tmp/file"; then
	echo "ok $n - gunbai-formats(5) shows samples/senjin/orders/turn2-bob.yaml"
else
	fails=$((fails + 1)); echo "not ok $n - gunbai-formats(5) example differs"
	diff "$tmp/file" "$tmp/man" | head -10
fi
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
