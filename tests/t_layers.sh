#!/bin/sh
# The layers of adjudicator/ and games/ (adjudicator/README.md): includes
# and calls only of layers a file may use, no circle among files.
# Run by tests/run.sh with TOOLS set; the objects are beside it.  Once (the
# first build of make test): the sources are the same in every build, and
# so are their calls, which the first build's objects show.
if [ "${ONCE:-1}" = 0 ]; then
	echo "ok 1 - # skip: the first build checks the layers"
	exit 0
fi
exec python3 tests/layers.py "$(dirname "${TOOLS:?}")"
