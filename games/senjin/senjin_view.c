/* senjin_view.c - the board drawn in text, and the orders help.
 *
 * Senjin has no hidden information: every player and the public see the
 * same view. */
#include <stdio.h>
#include <string.h>

#include "senjin.h"

static void
senjin_view_files(struct sbuf *out)
{
	/* " %c " for each file but the last, " %c" for it: no printf in
	 * a board drawn for every report. */
	sbuf_puts(out, "   ");
	for (int f = 0; f < SENJIN_FILES; f++) {
		sbuf_putc(out, ' ');
		sbuf_putc(out, (char)('a' + f));
		if (f < SENJIN_FILES - 1)
			sbuf_putc(out, ' ');
	}
	sbuf_putc(out, '\n');
}

/* Each cell is 3 characters: a space, the letter, the token mark or a
 * space; coordinates on all four sides. */
static void
senjin_view_grid(const struct senjin *g, struct sbuf *out)
{
	char cell[3];

	senjin_view_files(out);
	for (int r = SENJIN_RANKS - 1; r >= 0; r--) {
		/* "%2d ", " %-2s" for each cell, " %d\n" */
		sbuf_int_pad(out, r + 1, 2);
		sbuf_putc(out, ' ');
		for (int f = 0; f < SENJIN_FILES; f++) {
			senjin_board_cell_write(g, r * SENJIN_FILES + f, cell);
			sbuf_putc(out, ' ');
			sbuf_puts_pad(out, cell, 2);
		}
		sbuf_putc(out, ' ');
		sbuf_int(out, r + 1);
		sbuf_putc(out, '\n');
	}
	senjin_view_files(out);
}

static void
senjin_view_armies(const struct senjin *g, const struct game_players *pl,
    struct sbuf *out)
{
	for (int p = 0; p < 2; p++)
		sbuf_printf(out, "%s: %s, %s letters\n",
		    senjin_armies[p].name, pl->names[p],
		    p == 0 ? "upper-case" : "lower-case");
	sbuf_puts(out, "Off the board, and pieces captured:\n");
	for (int p = 0; p < 2; p++) {
		sbuf_printf(out, "  %s: ", senjin_armies[p].name);
		senjin_board_off_write(g, p, out);
		sbuf_puts(out, "; lost");
		for (int k = 0; k < SENJIN_KINDS; k++)
			sbuf_printf(out, "%s %d %s", k ? "," : "",
			    senjin_kinds[k].count - senjin_board_count(g, p, k),
			    senjin_kinds[k].name);
		sbuf_puts(out, "\n");
	}
}

/* An occupied Bakufu shows its occupier, not '*': a line for each. */
static void
senjin_view_occupied(const struct senjin *g, struct sbuf *out)
{
	char name[3];

	for (int p = 0; p < 2; p++)
		for (int i = 0; i < 2; i++) {
			int sq = senjin_armies[p].bakufu[i];
			const struct senjin_piece *pc = &g->board[sq];

			if (pc->owner != SENJIN_NOBODY)
				sbuf_printf(out, "%s's Bakufu %s is held by "
				    "%s's %s.\n", senjin_armies[p].name,
				    senjin_board_name(sq, name),
				    senjin_armies[pc->owner].name,
				    senjin_kinds[pc->kind].name);
		}
}

void
senjin_view_board(const void *vg, const struct game_players *pl,
    int player, struct sbuf *out)
{
	const struct senjin *g = vg;
	int next = senjin_board_to_move(g);

	(void)player; /* perfect information */
	senjin_view_grid(g, out);
	sbuf_puts(out, "\n");
	for (int k = 0; k < SENJIN_KINDS; k++)
		sbuf_printf(out, "%c %s (%s)  ", senjin_kinds[k].letter,
		    senjin_kinds[k].name, senjin_kinds[k].gloss);
	for (int s = 0; s < SENJIN_SIDES; s++)
		sbuf_printf(out, "%c %s  ", senjin_sides[s].mark,
		    senjin_sides[s].name);
	sbuf_puts(out, "* empty Bakufu\n");
	senjin_view_occupied(g, out);
	senjin_view_armies(g, pl, out);
	if (!g->finished) {
		sbuf_printf(out, "Turn %d: %s (%s) to play.\n", g->turn + 1,
		    pl->names[next], senjin_armies[next].name);
		return;
	}
	sbuf_printf(out, "The game is over after %d turn%s.\n", g->turn,
	    g->turn == 1 ? "" : "s");
	if (g->winner == SENJIN_NOBODY)
		sbuf_puts(out, "It is a draw:\n");
	else
		sbuf_printf(out, "%s (%s) won:\n", pl->names[g->winner],
		    senjin_armies[g->winner].name);
	sbuf_printf(out, "%s.\n", g->reason);
}

/* The board as data: every piece with its square, every token, every
 * Bakufu, and each army's losses (formats/report-json.md). */
struct node *
senjin_view_data(const void *vg, const struct game_players *pl, int player)
{
	const struct senjin *g = vg;
	struct node *root = node_map(), *pieces, *armies;
	char sq[3];

	(void)player; /* perfect information */
	pieces = node_set(root, "pieces", node_seq());
	for (int i = 0; i < SENJIN_SQUARES; i++) {
		const struct senjin_piece *pc = &g->board[i];
		const struct senjin_token *t = senjin_board_token_on(g, i);
		struct node *m;

		if (pc->owner == SENJIN_NOBODY)
			continue;
		m = node_push(pieces, node_map());
		node_set(m, "square", node_text(senjin_board_name(i, sq)));
		node_set(m, "player", node_text(pl->names[pc->owner]));
		node_set(m, "kind", node_text(senjin_kinds[pc->kind].name));
		if (t != NULL)
			node_set(m, "token", node_text(
			    senjin_sides[t->side].word));
	}
	armies = node_set(root, "armies", node_seq());
	for (int p = 0; p < 2; p++) {
		struct node *a = node_push(armies, node_map()), *off, *lost;

		node_set(a, "player", node_text(pl->names[p]));
		node_set(a, "army", node_text(senjin_armies[p].word));
		node_set(a, "letters", node_text(p == 0 ? "upper-case" :
		    "lower-case"));
		off = node_set(a, "bakufu", node_seq());
		for (int b = 0; b < 2; b++)
			node_push(off, node_text(senjin_board_name(
			    senjin_armies[p].bakufu[b], sq)));
		off = node_set(a, "off_board", node_seq());
		for (int i = 0; i < SENJIN_TOKENS; i++) {
			const struct senjin_token *t = &g->tokens[p][i];
			struct node *m;

			if (t->sq != SENJIN_OFF)
				continue;
			m = node_push(off, node_map());
			node_set(m, "token", node_text(
			    senjin_sides[t->side].word));
			node_set(m, "waiting", node_bool(t->wait &&
			    !g->finished));
		}
		lost = node_set(a, "lost", node_map());
		for (int k = 0; k < SENJIN_KINDS; k++)
			node_set(lost, senjin_kinds[k].name,
			    node_int(senjin_kinds[k].count -
			    senjin_board_count(g, p, k)));
	}
	node_set(root, "turns_played", node_int(g->turn));
	node_set(root, "turn_limit", node_int(g->limit));
	if (!g->finished)
		node_set(root, "to_move", node_text(
		    pl->names[senjin_board_to_move(g)]));
	return root;
}

/* The first order in l starting with prefix, or NULL. */
static const char *
senjin_view_pick(const struct strlist *l, const char *prefix)
{
	for (size_t i = 0; i < l->n; i++)
		if (strncmp(l->v[i], prefix, strlen(prefix)) == 0)
			return l->v[i];
	return NULL;
}

static void
senjin_view_examples(const struct senjin *g, int player, struct sbuf *out)
{
	static const char *const verbs[] = { "move", "place", "flip" };
	struct strlist now = { 0 }, then = { 0 };
	const char *ex;

	senjin_order_legal(g, player, NULL, 0, &now);
	sbuf_puts(out, "# Orders that are legal now, for example:\n");
	if (g->turn == 0) {
		for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
			if ((ex = senjin_view_pick(&now, verbs[i])) != NULL)
				sbuf_printf(out, "#   %s\n", ex);
	} else if (now.n > 0) {
		struct order o = { .text = now.v[0] };

		senjin_order_legal(g, player, &o, 1, &then);
		if ((ex = senjin_view_pick(&then, "place")) == NULL &&
		    (ex = senjin_view_pick(&then, "flip")) == NULL)
			ex = then.n > 0 ? then.v[0] : NULL;
		sbuf_printf(out, "#   %s\n", now.v[0]);
		if (ex != NULL)
			sbuf_printf(out, "#   %s\n", ex);
	}
	/* The default is the first legal order, once on the first turn of
	 * the game and twice after: say it, as it need not be the example
	 * (a fresh reader's Sho left the Bakufu it held when the default
	 * moved it). */
	if (now.n > 0) {
		sbuf_printf(out, "# Default at a missed deadline: %s",
		    now.v[0]);
		if (then.n > 0)
			sbuf_printf(out, ", %s", then.v[0]);
		sbuf_puts(out, ".\n");
	}
	strlist_free(&now);
	strlist_free(&then);
}

void
senjin_view_help(const void *vg, int player, struct sbuf *out)
{
	const struct senjin *g = vg;
	int next = senjin_board_to_move(g);

	if (g->finished) {
		sbuf_puts(out, "# The game is over: no orders are due.\n");
		return;
	}
	if (player != next) {
		sbuf_printf(out, "# It is not your turn: %s is to play.\n",
		    senjin_armies[next].name);
		return;
	}
	if (g->turn == 0)
		sbuf_puts(out,
		    "# The first turn of the game is one action, one of:\n"
		    "#   move FROM TO       a piece in a straight line\n"
		    "#   place sword at SQ  an off-board token onto a piece\n"
		    "#   place shield at SQ   of yours that has no token\n"
		    "#   flip sword         turn an off-board token over\n"
		    "#   flip shield\n");
	else
		sbuf_puts(out,
		    "# A turn is two actions.  First a move:\n"
		    "#   move FROM TO       a piece in a straight line\n"
		    "# then one of:\n"
		    "#   place sword        a token onto the piece just moved,\n"
		    "#   place shield         if it has none\n"
		    "#   flip SQ            the token on your piece at SQ\n"
		    "#   move FROM TO       a different piece\n");
	sbuf_puts(out, "# Squares are a1 to i9; case does not matter.\n");
	senjin_view_examples(g, player, out);
}
