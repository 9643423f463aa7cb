/* fuzz_state.c - the state reader on arbitrary bytes.  A state that is
 * accepted must then write, read back and write to the same bytes, and
 * everything the commands do with a state (status, view, reports, the
 * legal orders of the players owing) must work on it. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "report/report.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* The first legal order of every owing player must be accepted. */
static void
fuzz_state_legal(const struct state *st)
{
	struct owed owed[GAME_MAX_PLAYERS];
	size_t n = st->game->owed(st->g, owed);

	for (size_t i = 0; i < n; i++) {
		struct strlist legal = { 0 };
		struct order o;
		struct verdict v;

		if (owed[i].player < 0 || owed[i].player >= st->nplayers)
			fuzz_fail("owed by player %d of %d", owed[i].player,
			    st->nplayers);
		st->game->legal(st->g, owed[i].player, NULL, 0, &legal);
		if (legal.n > 0) {
			o.text = legal.v[0];
			o.line = o.col = 0;
			st->game->validate(st->g, owed[i].player, &o, 1, &v);
			if (!v.accepted)
				fuzz_fail("%s: legal order '%s' refused: %s",
				    st->game->id, o.text, v.reason);
		}
		strlist_free(&legal);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct state st;
	struct gb_err e = { 0 };
	size_t len;
	char *bytes;

	if (state_parse(&st, (const char *)data, size, "fuzz.yaml", &e) == -1) {
		if (e.msg[0] == '\0')
			fuzz_fail("a refusal without a message");
		if (strchr(e.msg, '\n') != NULL)
			fuzz_fail("a message of more than one line: %s", e.msg);
		return 0;
	}
	bytes = fuzz_roundtrip(&st, &len);
	free(bytes);
	for (int p = -1; p < st.nplayers; p++) {
		struct sbuf b;
		sbuf_init(&b);
		report_build(&st, p, &b);
		template_orders(&st, p, &b);
		sbuf_free(&b);
	}
	fuzz_state_legal(&st);
	state_free(&st);
	return 0;
}
