/* senjin.c - Senjin: the game entry, setup, and the turn sequence.
 *
 * A turn is one decision of the player to move: one action on the first
 * turn of the game, two on every later turn.  resolve plays it:
 *
 *   1. each action of the player, in order; after each, the mover wins
 *      at once if the position is a win (senjin_board_won);
 *   2. the turn is counted, and the mover's tokens that were waiting
 *      after a capture may be placed again from now on;
 *   3. if the turn limit is reached, the game is a draw;
 *   4. if the next player cannot move a piece, that player loses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "senjin.h"

enum { SENJIN_OPT_FIRST, SENJIN_OPT_LIMIT };

static const struct game_option senjin_options[] = {
	[SENJIN_OPT_FIRST] = { .name = "first", .def = "random",
	    .help = "who moves first: random (a coin toss) or a player's "
	    "name" },
	[SENJIN_OPT_LIMIT] = { .name = "turn-limit", .def = "0",
	    .help = "a draw after this many turns in all; 0 for no limit" },
	{ .name = NULL },
};

/* Who moves first, from the option: a coin toss or a name. */
static int
senjin_first(const struct game_players *pl, const char *opt,
    struct rng *rng, struct events *ev, struct gb_err *e)
{
	int first;

	if (strcmp(opt, "random") == 0) {
		first = (int)rng_below(rng, 2);
		events_add(ev, EVENT_ALL, "Coin toss for the first move "
		    "(rng_below 2 = %d): %s (%s) moves first.", first,
		    pl->names[first], senjin_armies[first].name);
		return first;
	}
	for (first = 0; first < 2; first++)
		if (strcmp(opt, pl->names[first]) == 0) {
			events_add(ev, EVENT_ALL, "%s (%s) moves first, as the "
			    "option first says.", pl->names[first],
			    senjin_armies[first].name);
			return first;
		}
	return err_set(e, 0, 0, "option first: '%.40s' is neither random "
	    "nor the name of a player", opt);
}

static void *
senjin_setup(const struct game_players *pl, const char *const *optv,
    struct rng *rng, struct events *ev, struct gb_err *e)
{
	struct senjin *g;
	char why[GAME_REASON_MAX];
	long long limit;
	int first;

	if (pl->n != 2) {
		err_set(e, 0, 0, "senjin is played by 2 players, not %d",
		    pl->n);
		return NULL;
	}
	if (util_parse_int(optv[SENJIN_OPT_LIMIT], 0, SENJIN_MAX_LIMIT,
	    &limit) < 0) {
		err_set(e, 0, 0, "option turn-limit: '%.40s' is not a number "
		    "of turns from 0 to %d", optv[SENJIN_OPT_LIMIT],
		    SENJIN_MAX_LIMIT);
		return NULL;
	}
	if ((first = senjin_first(pl, optv[SENJIN_OPT_FIRST], rng, ev, e)) < 0)
		return NULL;
	g = util_calloc(1, sizeof *g);
	for (int p = 0; p < 2; p++)
		for (int i = 0; i < SENJIN_TOKENS; i++)
			g->tokens[p][i] = (struct senjin_token){
				i == 0 ? SENJIN_SWORD : SENJIN_SHIELD,
				SENJIN_OFF, 0 };
	for (int r = 0; r < SENJIN_RANKS; r++)
		if (senjin_board_row_read(g, SENJIN_RANKS - 1 - r,
		    senjin_board_start[r], why, sizeof why) < 0)
			abort(); /* the table above is wrong */
	g->first = first;
	g->limit = (int)limit;
	g->winner = SENJIN_NOBODY;
	return g;
}

static void
senjin_free(void *g)
{
	free(g);
}

/* a, b and c joined into buf as snprintf("%s%s%s") would: owed is asked
 * at every decision point, and formatting cost more than the rest of it. */
static void
senjin_join3(char *buf, size_t size, const char *a, const char *b,
    const char *c)
{
	util_join(buf, size, (const char *const[]){ a, b, c }, 3);
}

static size_t
senjin_owed(const void *vg, struct owed *out)
{
	const struct senjin *g = vg;

	if (g->finished)
		return 0;
	out->player = senjin_board_to_move(g);
	memcpy(out->decision, "turn", sizeof "turn");
	if (g->turn == 0)
		senjin_join3(out->what, sizeof out->what, "the first turn of "
		    "the game, as ", senjin_armies[out->player].name, ": one "
		    "action, a move, a place or a flip");
	else
		senjin_join3(out->what, sizeof out->what, "a turn as ",
		    senjin_armies[out->player].name, ": a move, then a "
		    "place, a flip or another move");
	return 1;
}

static void
senjin_finish(struct senjin *g, int winner, const struct game_players *pl,
    struct events *ev)
{
	g->finished = 1;
	g->winner = winner;
	if (winner == SENJIN_NOBODY)
		events_add(ev, EVENT_ALL, "The game is a draw: %s.", g->reason);
	else
		events_add(ev, EVENT_ALL, "%s (%s) wins: %s.",
		    pl->names[winner], senjin_armies[winner].name, g->reason);
}

/* Steps 2 to 4 of the turn sequence. */
static void
senjin_end_turn(struct senjin *g, int mover, const struct game_players *pl,
    struct events *ev)
{
	int end;

	g->turn++;
	for (int i = 0; i < SENJIN_TOKENS; i++)
		g->tokens[mover][i].wait = 0;
	senjin_board_sort_tokens(g);
	if (g->finished)
		return;
	end = senjin_board_turn_end(g, mover, g->reason, sizeof g->reason);
	if (end != SENJIN_RUNNING)
		senjin_finish(g, end, pl, ev);
}

static int
senjin_resolve(void *vg, const struct game_players *pl,
    const struct answer *answers, size_t n, struct rng *rng,
    struct events *ev, struct gb_err *e)
{
	struct senjin *g = vg;
	int mover = senjin_board_to_move(g);
	char why[GAME_REASON_MAX];

	(void)rng; /* Senjin has no chance after the coin toss */
	if (g->finished || n != 1 || answers[0].player != mover)
		return err_set(e, 0, 0, "senjin: resolve wants one answer, "
		    "from %s", g->finished ? "nobody: the game is over" :
		    pl->names[mover]);
	if (senjin_order_play(g, pl, answers[0].orders, answers[0].n, ev,
	    why, sizeof why) < 0)
		return err_set(e, 0, 0, "senjin: the answer of %s: %s",
		    pl->names[mover], why);
	senjin_end_turn(g, mover, pl, ev);
	return 0;
}

static struct outcome
senjin_outcome(const void *vg)
{
	const struct senjin *g = vg;

	return game_outcome(g->finished, g->winner == SENJIN_NOBODY ? 0 :
	    1u << g->winner, g->reason);
}

const struct game_entry senjin_game = {
	.id = "senjin",
	.title = "Senjin",
	.ruleset = "1",
	.min_players = 2,
	.max_players = 2,
	.options = senjin_options,
	.setup = senjin_setup,
	.free = senjin_free,
	.load = senjin_state_load,
	.save = senjin_state_save,
	.owed = senjin_owed,
	.validate = senjin_order_validate,
	.legal = senjin_order_legal,
	.legal_pick = senjin_order_pick,
	.resolve = senjin_resolve,
	.view = senjin_view_board,
	.view_data = senjin_view_data,
	.picture = senjin_picture,
	.picture_public = 1,
	.help = senjin_view_help,
	.outcome = senjin_outcome,
};
