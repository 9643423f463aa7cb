#!/bin/sh
# The layers of adjudicator/ and games/ (adjudicator/README.md): includes
# and calls only of layers a file may use, no circle among files.
# Run by tests/run.sh with TOOLS set; the objects are beside it.
exec python3 tests/layers.py "$(dirname "${TOOLS:?}")"
