#!/bin/sh
# Every example command of the README, formats/ and the man pages is run
# and must do what the text says, every synopsis in them is the
# program's, and every game option value a game page's SYNOPSIS writes
# out is accepted (tests/doc_examples.py says how).
. tests/lib.sh
tap_relay python3 tests/doc_examples.py "$gunbai"
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
