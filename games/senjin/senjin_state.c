/* senjin_state.c - the game's section of the state file.
 *
 *   turn: 7                 # turns played so far
 *   to-move: north          # follows from first and turn; checked
 *   first: south            # who played the first turn
 *   turn-limit: 0           # a draw after this many turns; 0: none
 *   board:                  # rank 9 first, files a to i, as in the view
 *     - "b g * g . g * g b"
 *     ...
 *   off-board:              # tokens off the board, by the side they show
 *     south: [sword, shield]
 *     north: [sword waiting]
 *   outcome:                # only once the game is over
 *     winner: south         # or none: a draw
 *     reason: South occupies both North Bakufu
 *
 * Captured pieces are not written: they are the pieces missing from the
 * board.  Load refuses anything a game could not reach: wrong counts, a
 * piece on its own Bakufu, a waiting token of the player who just moved,
 * or a running game whose position is already over. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "senjin.h"

#define SENJIN_STATE_MAX 1000000000 /* turns; far beyond any game */

static const char *const senjin_state_keys[] = { "turn", "to-move",
	"first", "turn-limit", "board", "off-board", "outcome", NULL };
static const char *const senjin_state_armies[] = { "south", "north",
	NULL };
static const char *const senjin_state_outcome_keys[] = { "winner",
	"reason", NULL };

#define SENJIN_STATE_WAITING " waiting"

/* An army word ("south", "north"; "none" too if none, giving
 * SENJIN_NOBODY) of key in map. */
static int
senjin_state_army(const struct node *map, const char *key, int none,
    int *out, struct gb_err *e)
{
	const char *words[] = { senjin_armies[0].word, senjin_armies[1].word,
		"none" };

	if (node_need_word(map, key, words, none ? 3 : 2, out, e) < 0)
		return -1;
	if (*out == 2)
		*out = SENJIN_NOBODY;
	return 0;
}

static int
senjin_state_board(struct senjin *g, const struct node *sec,
    struct gb_err *e)
{
	const struct node *b;
	char why[GAME_REASON_MAX];

	if (node_need(sec, "board", NODE_SEQ, &b, e) < 0)
		return -1;
	if (b->n != SENJIN_RANKS)
		return err_set(e, b->line, b->col, "\"board\" must have %d "
		    "rows, ranks 9 to 1, not %zu", SENJIN_RANKS, b->n);
	for (int r = 0; r < SENJIN_RANKS; r++) {
		const struct node *row = b->items[r];

		if (node_want_kind(row, NODE_SCALAR, "board", e) < 0)
			return -1;
		if (senjin_board_row_read(g, SENJIN_RANKS - 1 - r, row->str,
		    why, sizeof why) < 0)
			return err_set(e, row->line, row->col, "board: %s", why);
	}
	return 0;
}

/* One off-board token: "sword", "shield", "sword waiting" or "shield
 * waiting". */
static int
senjin_state_token(struct senjin *g, int p, const struct node *n,
    struct gb_err *e)
{
	if (node_want_kind(n, NODE_SCALAR, "off-board", e) < 0)
		return -1;
	for (int s = 0; s < SENJIN_SIDES; s++) {
		size_t sl = strlen(senjin_sides[s].word);
		int wait;

		if (strncmp(n->str, senjin_sides[s].word, sl) != 0)
			continue;
		wait = strcmp(n->str + sl, SENJIN_STATE_WAITING) == 0;
		if (n->str[sl] != '\0' && !wait)
			break;
		for (int i = 0; i < SENJIN_TOKENS; i++)
			if (g->tokens[p][i].side < 0) {
				g->tokens[p][i] = (struct senjin_token){ s,
					SENJIN_OFF, wait };
				return 0;
			}
		return err_set(e, n->line, n->col, "%s has more than %d "
		    "tokens", senjin_armies[p].name, SENJIN_TOKENS);
	}
	return err_set(e, n->line, n->col, "an off-board token is sword or "
	    "shield, optionally followed by waiting");
}

static int
senjin_state_off_board(struct senjin *g, const struct node *sec,
    struct gb_err *e)
{
	const struct node *off, *l;

	if (node_need(sec, "off-board", NODE_MAP, &off, e) < 0 ||
	    node_only_keys(off, senjin_state_armies, e) < 0)
		return -1;
	for (int p = 0; p < 2; p++) {
		if (node_need(off, senjin_armies[p].word, NODE_SEQ, &l, e) < 0)
			return -1;
		for (size_t i = 0; i < l->n; i++)
			if (senjin_state_token(g, p, l->items[i], e) < 0)
				return -1;
		for (int i = 0; i < SENJIN_TOKENS; i++)
			if (g->tokens[p][i].side < 0)
				return err_set(e, l->line, l->col, "%s has "
				    "fewer than %d tokens on and off the board",
				    senjin_armies[p].name, SENJIN_TOKENS);
		/* Only a capture in the last turn makes a token wait, and
		 * it stops waiting when its owner's turn ends. */
		for (int i = 0; i < SENJIN_TOKENS; i++)
			if (g->tokens[p][i].wait && (g->turn == 0 ||
			    p != senjin_board_to_move(g)))
				return err_set(e, l->line, l->col, "a token of "
				    "%s cannot be waiting: only the player to "
				    "move can have one, after a capture",
				    senjin_armies[p].name);
	}
	return 0;
}

static int
senjin_state_counts(const struct senjin *g, const struct node *sec,
    struct gb_err *e)
{
	for (int p = 0; p < 2; p++)
		for (int k = 0; k < SENJIN_KINDS; k++) {
			int n = senjin_board_count(g, p, k);

			if (n > senjin_kinds[k].count)
				return err_set(e, sec->line, sec->col, "board: "
				    "%s has %d %s, more than %d",
				    senjin_armies[p].name, n,
				    senjin_kinds[k].name,
				    senjin_kinds[k].count);
		}
	return 0;
}

static int
senjin_state_outcome(struct senjin *g, const struct node *sec,
    struct gb_err *e)
{
	const struct node *o = node_get(sec, "outcome"), *r;

	g->winner = SENJIN_NOBODY;
	if (o == NULL)
		return 0;
	if (node_want_kind(o, NODE_MAP, "outcome", e) < 0 ||
	    node_only_keys(o, senjin_state_outcome_keys, e) < 0 ||
	    senjin_state_army(o, "winner", 1, &g->winner, e) < 0 ||
	    node_need(o, "reason", NODE_SCALAR, &r, e) < 0)
		return -1;
	if (r->len == 0 || r->len >= sizeof g->reason)
		return err_set(e, r->line, r->col, "\"reason\" must have 1 to "
		    "%zu characters", sizeof g->reason - 1);
	memcpy(g->reason, r->str, r->len + 1);
	g->finished = 1;
	if (g->turn == 0)
		return err_set(e, o->line, o->col, "a game cannot be over "
		    "before the first turn is played");
	/* The turn limit is the only way to a draw. */
	if (g->winner == SENJIN_NOBODY && g->turn != g->limit)
		return err_set(e, o->line, o->col, "a draw comes only when the "
		    "turn limit is reached, after %d turns", g->limit);
	return 0;
}

/* A running game must not be in a position that ends it. */
static int
senjin_state_running(const struct senjin *g, const struct node *sec,
    struct gb_err *e)
{
	char why[GAME_REASON_MAX];
	int next = senjin_board_to_move(g);

	if (g->finished)
		return 0;
	for (int p = 0; p < 2; p++)
		if (senjin_board_won(g, p, 1, why, sizeof why) != NULL)
			return err_set(e, sec->line, sec->col, "the game should "
			    "be over: %s", why);
	if (g->limit > 0 && g->turn >= g->limit)
		return err_set(e, sec->line, sec->col, "the game should be "
		    "over: the turn limit of %d turn%s is reached", g->limit,
		    g->limit == 1 ? "" : "s");
	if (g->turn > 0 && !senjin_board_can_move(g, next))
		return err_set(e, sec->line, sec->col, "the game should be "
		    "over: %s cannot move a piece", senjin_armies[next].name);
	return 0;
}

static int
senjin_state_turns(struct senjin *g, const struct node *sec,
    struct gb_err *e)
{
	long long turn, limit;
	int to_move;

	if (node_need_int(sec, "turn", 0, SENJIN_STATE_MAX, &turn, e) < 0 ||
	    node_need_int(sec, "turn-limit", 0, SENJIN_MAX_LIMIT, &limit,
	    e) < 0 ||
	    senjin_state_army(sec, "first", 0, &g->first, e) < 0 ||
	    senjin_state_army(sec, "to-move", 0, &to_move, e) < 0)
		return -1;
	g->turn = (int)turn;
	g->limit = (int)limit;
	if (to_move != senjin_board_to_move(g)) {
		const struct node *v = node_get(sec, "to-move");

		return err_set(e, v->line, v->col, "\"to-move\" must be %s: "
		    "%s played first and %d turns are played",
		    senjin_armies[senjin_board_to_move(g)].word,
		    senjin_armies[g->first].word, g->turn);
	}
	if (g->limit > 0 && g->turn > g->limit)
		return err_set(e, sec->line, sec->col, "%d turns are played, "
		    "more than the turn limit of %d", g->turn, g->limit);
	return 0;
}

void *
senjin_state_load(const struct node *sec, const struct game_players *pl,
    struct gb_err *e)
{
	struct senjin *g;

	if (pl->n != 2) {
		err_set(e, 0, 0, "senjin is played by 2 players, not %d",
		    pl->n);
		return NULL;
	}
	if (node_want_kind(sec, NODE_MAP, "senjin", e) < 0 ||
	    node_only_keys(sec, senjin_state_keys, e) < 0)
		return NULL;
	g = util_calloc(1, sizeof *g);
	for (int p = 0; p < 2; p++)
		for (int i = 0; i < SENJIN_TOKENS; i++)
			g->tokens[p][i].side = -1; /* not yet seen */
	if (senjin_state_turns(g, sec, e) < 0 ||
	    senjin_state_board(g, sec, e) < 0 ||
	    senjin_state_off_board(g, sec, e) < 0 ||
	    senjin_state_counts(g, sec, e) < 0 ||
	    senjin_state_outcome(g, sec, e) < 0 ||
	    senjin_state_running(g, sec, e) < 0) {
		free(g);
		return NULL;
	}
	senjin_board_sort_tokens(g);
	return g;
}

struct node *
senjin_state_save(const void *vg)
{
	const struct senjin *g = vg;
	struct node *sec = node_map(), *board, *off, *o;
	struct sbuf b;

	node_set(sec, "turn", node_int(g->turn));
	node_set(sec, "to-move",
	    node_scalar(senjin_armies[senjin_board_to_move(g)].word));
	node_set(sec, "first", node_scalar(senjin_armies[g->first].word));
	node_set(sec, "turn-limit", node_int(g->limit));
	board = node_set(sec, "board", node_seq());
	for (int r = SENJIN_RANKS - 1; r >= 0; r--) {
		sbuf_init(&b);
		senjin_board_row_write(g, r, &b);
		node_push(board, node_scalar(b.p));
		sbuf_free(&b);
	}
	off = node_set(sec, "off-board", node_map());
	for (int p = 0; p < 2; p++) {
		struct node *l = node_set(off, senjin_armies[p].word,
		    node_seq());

		/* The tokens are kept sorted, so this order is canonical. */
		for (int i = 0; i < SENJIN_TOKENS; i++) {
			const struct senjin_token *t = &g->tokens[p][i];

			if (t->sq == SENJIN_OFF)
				node_push(l, node_scalarf("%s%s",
				    senjin_sides[t->side].word,
				    t->wait ? SENJIN_STATE_WAITING : ""));
		}
	}
	if (g->finished) {
		o = node_set(sec, "outcome", node_map());
		node_set(o, "winner", node_scalar(g->winner == SENJIN_NOBODY ?
		    "none" : senjin_armies[g->winner].word));
		node_set(o, "reason", node_scalar(g->reason));
	}
	return sec;
}
