#!/bin/sh
# The examples in the documentation are real files: each fenced example
# that a document says "This is `FILE`" must be FILE byte for byte, and
# the files themselves are run by the other tests (t_e2e.sh plays them).
. tests/lib.sh

# block DOC FILE: the fenced block after the line naming FILE.
block() {
	awk -v f="\`$2\`" '
	    index($0, "This is " f) { want = 1; next }
	    want && /^```/ { if (inside) exit; inside = 1; next }
	    inside { print }' "$1"
}
# The documents' own text: the same in every build (once).
if once; then
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

# The JSON documents and their keys, as the schemas have them, in
# gunbai-formats(5), gunbai(1), formats/report-json.md and the README.
tap_relay python3 tests/doc_json.py
fi

# A failed mail-out leaves what formats/mail.md says: nothing, not even
# the outbox/ it made.
if mail_runs "$gunbai"; then
	"$gunbai" new senjin --id m --player alice="$keys/alice.pub,a@example.org" \
	    --player bob="$keys/bob.pub,b@example.org" -d "$tmp/m" >/dev/null
	rm "$tmp/m/reports/bob.txt"
	status_is 4 "mail-out with a report missing" "$gunbai" mail-out "$tmp/m"
	if [ -e "$tmp/m/outbox" ]; then
		not_ok "a failed mail-out left outbox/ behind ($(find "$tmp/m/outbox" | wc -l) entries)"
	elif tr '\n' ' ' <formats/mail.md | tr -s ' ' |
	    grep -q 'no message is written and nothing is left behind'; then
		ok "a failed mail-out leaves nothing, as formats/mail.md says"
	else
		not_ok "formats/mail.md does not say what a failed mail-out leaves"
	fi
fi
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
