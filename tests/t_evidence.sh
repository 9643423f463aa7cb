#!/bin/sh
# Evidence a third party can check (issue 31, formats/threats.md): each
# hole of the design's review, shown closed: refused by `gunbai verify`,
# or proven by a player's own check, with a message naming the run and
# the file.  Run by tests/run.sh with GUNBAI set.
. tests/lib.sh
S=$top/samples/senjin
K=$S/keys
py=/usr/bin/python3
seed=5e4a11d0c0ffee00000000000000000000000000000000000000000000000001
cd "$tmp" || exit 1

newgame() { # newgame DIR [ARGS...]
	d=$1; shift
	"$gunbai" new senjin --id demo --seed "$seed" \
	    --player alice="$K/alice.pub" --player bob="$K/bob.pub" "$@" -d "$d"
}
sigsha() { openssl dgst -sha256 -r "$1" | cut -c1-16; }

# --- hole 4: one file, two valid signatures.  Copies are merged by the
# file's bytes; the signature used (the one that feeds the dice) is the
# smaller, whatever the files are called.
newgame c1 >/dev/null
cp "$S/orders/turn1-alice.yaml" o.yaml
openssl pkeyutl -sign -rawin -inkey "$K/alice.key" -in o.yaml -out s1
$py "$top/tests/ed25519_nonce.py" "$K/alice.key" o.yaml another >s2
openssl pkeyutl -verify -rawin -pubin -inkey "$K/alice.pub" -in o.yaml \
    -sigfile s2 >/dev/null && ! cmp -s s1 s2 &&
    ok "a second valid signature over the same bytes" ||
    not_ok "the second signature does not verify"
if [ "$(od -An -tx1 s1 | tr -d ' \n')" \< "$(od -An -tx1 s2 | tr -d ' \n')" ]
then small=s1 big=s2; else small=s2 big=s1; fi
cp -R c1 c2
cp o.yaml c1/inbox/a.yaml; cp $small c1/inbox/a.yaml.sig
cp o.yaml c1/inbox/z.yaml; cp $big c1/inbox/z.yaml.sig
cp o.yaml c2/inbox/a.yaml; cp $big c2/inbox/a.yaml.sig
cp o.yaml c2/inbox/z.yaml; cp $small c2/inbox/z.yaml.sig
"$gunbai" run c1 >/dev/null 2>&1 && "$gunbai" run c2 >/dev/null 2>&1 &&
    ok "both games run" || not_ok "a run failed"
cmp -s c1/runs/0001/state.yaml c2/runs/0001/state.yaml &&
    cmp -s c1/runs/0001/reports/public.txt c2/runs/0001/reports/public.txt &&
    ok "the names do not steer which signature is used: the same state" ||
    not_ok "the state depends on the files' names"
cmp -s c1/runs/0001/orders/a.yaml.sig $small &&
    cmp -s c2/runs/0001/orders/z.yaml.sig $small &&
    ok "the smaller signature is the one used, by either name" ||
    not_ok "used: $(ls c1/runs/0001/orders c2/runs/0001/orders)"
tr -s '\n ' '  ' <c1/runs/0001/reports/alice.txt |
    grep -q "file sha256 $(openssl dgst -sha256 -r o.yaml | cut -c1-16), signature sha256 $(sigsha $small)" &&
    ok "alice's report names the file's and the signature's SHA-256" ||
    not_ok "alice's report: $(grep -i sha256 c1/runs/0001/reports/alice.txt)"
"$gunbai" verify c1 >out 2>&1 && ok "the archive verifies" ||
    not_ok "verify: $(cat out)"
# The organiser swaps which copy is archived as used.
mv c1/runs/0001/orders/a.yaml.sig x; mv c1/runs/0001/refused/z.yaml.sig c1/runs/0001/orders/a.yaml.sig
mv x c1/runs/0001/refused/z.yaml.sig
"$gunbai" verify c1 >out 2>&1
[ $? -eq 1 ] && grep -q '^run 0001: FAILED: c1/runs/0001/' out &&
    ok "verify refuses the archive with the other signature used" ||
    not_ok "verify: $(cat out)"

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
