/* ss_legal.c - the legal next orders of a player: every candidate order
 * the position suggests, built from its kind, card and squares, tried
 * with ss_check's position and ss_play's verdict.  legal lists them all;
 * legal_pick and legal_sample, which random games call at every point,
 * skip the candidates the position alone refuses. */
#include <stdlib.h>
#include <string.h>

#include "senshiai.h"

/* The candidate orders legal and legal_pick walk, each built from its
 * kind, card and squares (ss_cand_text). */
enum ss_cand_kind {
	SS_C_END, SS_C_TERRAIN, SS_C_RECRUIT, SS_C_CAST, SS_C_MOVE,
	SS_C_MOVE1, SS_C_CASTLE, SS_C_CLOSE, SS_C_RANGED, SS_C_PRODUCE,
	SS_C_ACTIVATE, SS_C_STANDING, SS_C_CAST_PLAYER, SS_C_DRAW,
	SS_C_DISCARD, SS_C_DONE, SS_C_STANDARD, SS_C_STANDING_DRAW
};

/* One candidate: kind, card (or the player for SS_C_CAST_PLAYER),
 * squares s and b; judge: kept by legal_sample with its verdict still
 * to be asked. */
struct ss_cand {
	int kind, card, s, b;
	int judge;
};

/* The walk: legal (every candidate played on a copy, the legal ones
 * listed in out) or legal_pick (fast: candidates refused by a test on
 * the position alone are skipped, the others checked with
 * ss_play_verdict; the legal ones kept in v).  test_harness checks
 * that the two agree at every point of random games.  legal_sample
 * (fast and sample) keeps the candidates that pass the test on the
 * position unjudged, and asks the verdict of those it draws. */
#define SS_WALK_KEEP 128 /* candidates legal_pick keeps without the
                          * heap */

struct ss_walk {
	const struct ss_game *g; /* the position after the prefix */
	struct ss_game *t;  /* legal: a scratch copy */
	int p;
	int fast;
	int sample;           /* legal_sample */
	struct strlist *out;  /* legal */
	struct ss_cand *v;    /* legal_pick: keep, or the heap past it */
	size_t n, cap;
	struct ss_cand *keep; /* legal_pick: SS_WALK_KEEP on the stack */
	/* legal_pick, in the Main Stage: is the square part of p's realm,
	 * near it? */
	unsigned char realm[SS_SQUARES], near[SS_SQUARES];
};

/* The standing order ss_legal_standing offers for card: 0, or -1 when
 * there is none. */
static int
ss_standing_text(int card, char *text, size_t size)
{
	const struct ss_card *c = &ss_cards[card];
	const char *on;
	size_t at = 0;

	if (c->abilities & SS_AB(INTERRUPT))
		on = "attacked any";
	else if (c->abilities & SS_AB(CONTINGENCY))
		on = "attack any";
	else if (c->type == SS_EVENT && (c->abilities & SS_AB(POWER_MOD)))
		on = "attacked any";
	else if (c->abilities & SS_AB(INTERRUPTS_ROLL))
		on = "roll";
	else if (c->abilities & SS_AB(ANNULS))
		on = "cast blessing";
	else if (c->abilities & SS_AB(ACTS_AS_UNIT))
		on = "attacked any";
	else if (c->abilities & SS_AB(CHAOS))
		on = "move any";
	else if (c->target == SS_TG_PLAYER)
		on = "draw any";
	else
		return -1;
	/* "on %s cast %s", without printf: asked for every card in the
	 * hand at every pick. */
	text[0] = '\0';
	ss_text_cat(text, size, &at, "on ");
	ss_text_cat(text, size, &at, on);
	ss_text_cat(text, size, &at, " cast ");
	ss_text_cat(text, size, &at, c->word);
	return 0;
}

/* The words of candidate k (not SS_C_STANDING) into w, returns how
 * many; the squares' names and the player's number are written to
 * name (3 bytes each). */
static int
ss_cand_words(const struct ss_cand *k, const char *w[5], char name[2][3])
{
	static const char *const verb[] = {
		[SS_C_END] = "end", [SS_C_TERRAIN] = "terrain",
		[SS_C_RECRUIT] = "recruit", [SS_C_CAST] = "cast",
		[SS_C_MOVE] = "move", [SS_C_MOVE1] = "move",
		[SS_C_CASTLE] = "castle", [SS_C_CLOSE] = "attack",
		[SS_C_RANGED] = "attack", [SS_C_PRODUCE] = "produce",
		[SS_C_ACTIVATE] = "activate", [SS_C_CAST_PLAYER] = "cast",
		[SS_C_DRAW] = "draw", [SS_C_DISCARD] = "discard",
		[SS_C_DONE] = "done", [SS_C_STANDARD] = "standard",
	};
	int n = 1;

	w[0] = verb[k->kind];
	if (k->card >= 0)
		w[n++] = ss_cards[k->card].word;
	if (k->s >= 0) {
		ss_board_name(k->s, name[0]);
		w[n++] = name[0];
	}
	if (k->kind == SS_C_CAST_PLAYER || (k->kind == SS_C_DRAW &&
	    k->b >= 0)) {
		/* the player's number, or the count drawn (0 to 5) */
		name[1][0] = (char)((k->kind == SS_C_DRAW ? '0' : '1') + k->b);
		name[1][1] = '\0';
		w[n++] = name[1];
	} else if (k->b >= 0) {
		ss_board_name(k->b, name[1]);
		w[n++] = name[1];
	}
	if (k->kind == SS_C_MOVE1 || (k->kind == SS_C_CAST &&
	    ss_cards[k->card].target == SS_TG_UNIT))
		w[n++] = "1";
	else if (k->kind == SS_C_CLOSE)
		w[n++] = "close";
	else if (k->kind == SS_C_RANGED)
		w[n++] = "ranged";
	return n;
}

/* The text of candidate k (at most 96 bytes): its words joined by
 * spaces, without printf. */
static void
ss_cand_text(const struct ss_cand *k, char *text, size_t size)
{
	const char *w[5];
	char name[2][3];
	size_t at = 0;
	int n;

	if (k->kind == SS_C_STANDING) {
		ss_standing_text(k->card, text, size);
		return;
	}
	if (k->kind == SS_C_STANDING_DRAW) {
		at = 0;
		text[0] = '\0';
		ss_text_cat(text, size, &at, "standing draw");
		return;
	}
	n = ss_cand_words(k, w, name);
	for (int i = 0; i < n; i++) {
		size_t len = strlen(w[i]);

		if (at + (i > 0) + len >= size)
			break;
		if (i > 0)
			text[at++] = ' ';
		memcpy(text + at, w[i], len);
		at += len;
	}
	if (size > 0)
		text[at] = '\0';
}

/* The verdict of a standing order candidate, through its text. */
static int
ss_cand_standing_verdict(const struct ss_game *g, int p,
    const struct ss_cand *k)
{
	char text[96];

	ss_cand_text(k, text, sizeof text);
	return ss_play_verdict(g, p, text, NULL, NULL, 0);
}

/* Would player p's order, candidate k, be accepted on g?  Asked of
 * ss_play_verdict with the words util_words would split from its text
 * (ss_cand_text), which legal asks of ss_play_order.  The words are
 * the candidate's own strings, not copied (the orders only read their
 * words, and the column of a word, the one use of the buffer they are
 * split into, is asked of deck lines only), and the structure that
 * lists them is not in the frame (see ss_check.c's ss_memo): some
 * nine verdicts are asked per pick. */
static int
ss_cand_verdict(const struct ss_game *g, int p, const struct ss_cand *k)
{
	static struct util_words uw;
	const char *w[5];
	char name[2][3];
	int n;

	if (k->kind == SS_C_STANDING || k->kind == SS_C_STANDING_DRAW)
		return ss_cand_standing_verdict(g, p, k);
	n = ss_cand_words(k, w, name);
	for (int i = 0; i < n; i++)
		uw.w[i] = (char *)w[i];
	uw.n = n;
	return ss_play_verdict(g, p, NULL, &uw, NULL, 0);
}

/* May candidate k be legal, by what the position alone shows?  Each test
 * is one the order's own check makes before it changes anything, on the
 * same position, so skipping a candidate that fails it skips only a
 * refusal. */
/* ss_cand_may of the candidates of kind SS_C_TERRAIN or SS_C_RECRUIT at
 * s, whatever their card: its tests of them look at the square alone. */
static int
ss_cand_may_at(struct ss_walk *w, int kind, int s)
{
	const struct ss_square *q = &w->g->sq[s];

	if (kind == SS_C_TERRAIN)
		return w->near[s];
	return w->realm[s] && q->terrain != SS_NONE &&
	    (ss_cards[q->terrain].abilities & SS_AB(RECRUIT));
}

static int
ss_cand_may(struct ss_walk *w, const struct ss_cand *k)
{
	const struct ss_game *g = w->g;
	int p = w->p;
	const struct ss_square *q = k->s >= 0 ? &g->sq[k->s] : NULL;

	switch (k->kind) {
	case SS_C_TERRAIN:
	case SS_C_RECRUIT:
		return ss_cand_may_at(w, k->kind, k->s);
	case SS_C_PRODUCE: /* the walk offers them at p's companies only */
		return q == NULL || ss_square_producers(q) > 0;
	case SS_C_ACTIVATE:
		return q == NULL || ss_square_activate_test(q) == 0;
	default:
		break;
	}
	/* The walk gives every move and attack its square b; without one
	 * the verdict decides (and gcc -O3, which specialises ss_cand for
	 * b = -1, sees no read before the board). */
	if (k->b < 0)
		return 1;
	switch (k->kind) {
	case SS_C_MOVE:
	case SS_C_MOVE1:
		return g->sq[k->b].terrain != SS_NONE &&
		    !ss_square_enemy(g, p, k->b);
	case SS_C_CASTLE:
		return g->sq[k->b].nunits > 0 && g->sq[k->b].unit[0].owner == p;
	case SS_C_CLOSE:
	case SS_C_RANGED:
		return ss_square_enemy(g, p, k->b);
	default:
		return 1;
	}
}

/* legal: candidate k listed if legal (tried: played on a copy; else
 * legal by its place in the walk). */
static void
ss_cand_list(struct ss_walk *w, const struct ss_cand *k, int tried)
{
	char text[96];

	ss_cand_text(k, text, sizeof text);
	if (tried) {
		char why[GAME_REASON_MAX];

		ss_state_copy(w->t, w->g);
		if (ss_play_order(w->t, w->p, text, NULL, NULL, NULL, why,
		    sizeof why) < 0)
			return;
	}
	strlist_add(w->out, text);
}

/* Candidate (kind, card, s, b): if legal (tried: checked; else legal by
 * its place in the walk), listed or kept. */
static void
ss_cand(struct ss_walk *w, int kind, int card, int s, int b, int tried)
{
	struct ss_cand k = { kind, card, s, b, tried && w->sample };

	if (!w->fast) {
		ss_cand_list(w, &k, tried);
		return;
	}
	if (tried && (!ss_cand_may(w, &k) || (!w->sample &&
	    ss_cand_verdict(w->g, w->p, &k) < 0)))
		return;
	if (w->n == w->cap) {
		w->cap *= 2;
		if (w->v == w->keep) {
			w->v = util_reallocarray(NULL, w->cap, sizeof *w->v);
			memcpy(w->v, w->keep, SS_WALK_KEEP * sizeof *w->v);
		} else {
			w->v = util_reallocarray(w->v, w->cap, sizeof *w->v);
		}
	}
	w->v[w->n++] = k;
}

/* Standing orders for the reactions in p's hand, each once: so random
 * playouts exercise them. */
static void
ss_legal_standing(struct ss_walk *w)
{
	const struct ss_player *pl = &w->g->p[w->p];
	const struct ss_pile *h = &pl->hand;
	char text[96];

	for (int i = 0; i < h->n; i++) {
		int held = 0;

		if (ss_pile_find(h, h->card[i]) != i ||
		    ss_standing_text(h->card[i], text, sizeof text) < 0)
			continue;
		for (int k = 0; k < pl->nstanding; k++)
			held |= strcmp(pl->standing[k], text) == 0;
		if (!held)
			ss_cand(w, SS_C_STANDING, h->card[i], -1, -1, 1);
	}
}

/* "standing draw", when p gives none: so random games use it. */
static void
ss_legal_standing_draw(struct ss_walk *w)
{
	char text[16];

	if (!ss_react_draw(w->g, w->p, text, sizeof text))
		ss_cand(w, SS_C_STANDING_DRAW, -1, -1, -1, 1);
}

/* legal_pick: the squares of p's realm, and those near it (a square is
 * near the realm when the realm holds one of its neighbours, so when it
 * is a neighbour of a square of the realm), for ss_cand_may. */
static void
ss_walk_realm(struct ss_walk *w)
{
	memset(w->near, 0, sizeof w->near);
	for (int s = 0; s < SS_SQUARES; s++) {
		int nb[SS_NEAR_MAX], n;

		w->realm[s] = (unsigned char)ss_square_realm(w->g, w->p, s);
		if (!w->realm[s])
			continue;
		n = ss_board_neighbours(s, nb);
		for (int i = 0; i < n; i++)
			w->near[nb[i]] = 1;
	}
}

/* Candidate Main Stage orders, each tried; in a fixed order. */
static void
ss_legal_main(struct ss_walk *w)
{
	const struct ss_game *g = w->g;
	int p = w->p, cards[SS_NCARDS], ncards = 0;
	const struct ss_pile *h = &g->p[p].hand;

	/* The hand's cards, each once, in hand order. */
	for (int i = 0; i < h->n; i++)
		if (ss_pile_find(h, h->card[i]) == i)
			cards[ncards++] = h->card[i];
	if (w->fast)
		ss_walk_realm(w);
	ss_cand(w, SS_C_END, -1, -1, -1, 1);
	for (int s = 0; s < SS_SQUARES; s++) {
		int nb[SS_NEAR_MAX], n;
		/* legal_pick: a card is played on s only as a Terrain near
		 * the realm, a Troop where the realm may recruit, or an Event
		 * on Units: the candidates ss_cand_may would refuse for the
		 * square alone are not made, whatever their card. */
		int empty = g->sq[s].terrain == SS_NONE;
		int units = g->sq[s].nunits > 0;
		int terrain = !w->fast || ss_cand_may_at(w, SS_C_TERRAIN, s);
		int recruit = !w->fast || ss_cand_may_at(w, SS_C_RECRUIT, s);

		for (int i = 0; i < ncards && (terrain || recruit || units);
		    i++) {
			int type = ss_cards[cards[i]].type;

			if (type == SS_TERRAIN && empty) {
				if (terrain)
					ss_cand(w, SS_C_TERRAIN, cards[i], s,
					    -1, 1);
			} else if (type == SS_TROOP) {
				if (recruit)
					ss_cand(w, SS_C_RECRUIT, cards[i], s,
					    -1, 1);
			} else if (type == SS_EVENT && units) {
				ss_cand(w, SS_C_CAST, cards[i], s, -1, 1);
			}
		}
		if (g->sq[s].nunits == 0 && ss_fight_capital(g, s, p)) {
			/* A Capital alone attacks at range. */
			n = ss_board_neighbours(s, nb);
			for (int i = 0; i < n; i++)
				ss_cand(w, SS_C_RANGED, -1, s, nb[i], 1);
		}
		if (g->sq[s].nunits == 0 || g->sq[s].unit[0].owner != p)
			continue;
		n = ss_board_neighbours(s, nb);
		for (int i = 0; i < n; i++) {
			ss_cand(w, SS_C_MOVE, -1, s, nb[i], 1);
			if (g->sq[s].nunits > 1)
				ss_cand(w, SS_C_MOVE1, -1, s, nb[i], 1);
			ss_cand(w, SS_C_CASTLE, -1, s, nb[i], 1);
			ss_cand(w, SS_C_CLOSE, -1, s, nb[i], 1);
			ss_cand(w, SS_C_RANGED, -1, s, nb[i], 1);
		}
		ss_cand(w, SS_C_PRODUCE, -1, s, -1, 1);
		ss_cand(w, SS_C_ACTIVATE, -1, s, -1, 1);
	}
	ss_legal_standing(w);
	ss_legal_standing_draw(w);
	for (int i = 0; i < h->n; i++)
		if (ss_cards[h->card[i]].target == SS_TG_PLAYER &&
		    ss_pile_find(h, h->card[i]) == i)
			ss_cand(w, SS_C_CAST_PLAYER, h->card[i], -1, p, 1);
}

/* The walk over the legal next orders of player after prefix. */
static void
ss_walk(const struct ss_game *vg, int player, int owes,
    const struct order *prefix, size_t n, struct ss_walk *w)
{
	const struct ss_game *g;
	struct ss_deck d;
	const struct ss_pile *h;

	w->p = player;
	w->v = w->keep;
	w->t = w->fast ? NULL : util_malloc(sizeof *w->t);
	if (ss_check(vg, player, owes, prefix, n, NULL, &d, 1, &g))
		goto done;
	w->g = g;
	if (g->stage == SS_STAGE_DECK) {
		/* "done" closes only a list that makes a good deck; the
		 * standard deck (which replaces the cards listed) is always
		 * legal.  So a missed deadline keeps a good list and gives
		 * the standard deck for any other (the man page's Ruling). */
		if (ss_deck_check(&d, NULL, 0) == 0)
			ss_cand(w, SS_C_DONE, -1, -1, -1, 0);
		ss_cand(w, SS_C_STANDARD, -1, -1, -1, 0);
		goto done;
	}
	if (g->stage == SS_STAGE_DRAW) {
		int reserve = g->p[player].reserve.n;

		h = &g->p[player].hand;
		/* Ruling: when filling the hand would empty the Reserve (and
		 * lose), the first order, a missed deadline's default, draws
		 * all but its last card. */
		if (reserve > 0 && SS_HAND_CAP - h->n >= reserve)
			ss_cand(w, SS_C_DRAW, -1, -1, reserve - 1, 0);
		ss_cand(w, SS_C_DRAW, -1, -1, -1, 0);
		for (int i = 0; i < h->n; i++)
			if (ss_pile_find(h, h->card[i]) == i)
				ss_cand(w, SS_C_DISCARD, h->card[i], -1, -1,
				    0);
		ss_legal_standing_draw(w);
		goto done;
	}
	if (g->stage == SS_STAGE_MAIN && g->active == player)
		ss_legal_main(w);
done:
	free(w->t);
}

void
ss_legal(const struct ss_game *g, int player, int owes,
    const struct order *prefix, size_t n, struct strlist *out)
{
	struct ss_walk w = { .out = out };

	ss_walk(g, player, owes, prefix, n, &w);
}

size_t
ss_legal_pick(const struct ss_game *g, int player, int owes,
    const struct order *prefix, size_t n, game_choose *choose, void *arg,
    char *buf, size_t size)
{
	struct ss_cand keep[SS_WALK_KEEP];
	struct ss_walk w = { .fast = 1, .keep = keep, .cap = SS_WALK_KEEP };
	size_t count;

	ss_walk(g, player, owes, prefix, n, &w);
	if ((count = w.n) > 0)
		ss_cand_text(&w.v[choose(arg, count)], buf, size);
	if (w.v != keep)
		free(w.v);
	return count;
}

/* The candidates as legal_pick's walk makes them, those it would judge
 * kept unjudged (judge): one is drawn among those left, judged if it must
 * be, and refused ones are taken out until one is accepted.  A Main Stage
 * pick judged nine candidates or so to count them (a fifth of a
 * fuzz_game session); a draw judges those it draws. */
int
ss_legal_sample(const struct ss_game *g, int player, int owes,
    const struct order *prefix, size_t n, game_choose *choose, void *arg,
    char *buf, size_t size)
{
	struct ss_cand keep[SS_WALK_KEEP];
	struct ss_walk w = { .fast = 1, .sample = 1, .keep = keep,
	    .cap = SS_WALK_KEEP };
	int found = 0;

	ss_walk(g, player, owes, prefix, n, &w);
	/* w.g, the position after the prefix, stays as the walk left it:
	 * a verdict changes nothing. */
	while (w.n > 0 && !found) {
		size_t i = choose(arg, w.n);

		if (!w.v[i].judge ||
		    ss_cand_verdict(w.g, player, &w.v[i]) >= 0) {
			ss_cand_text(&w.v[i], buf, size);
			found = 1;
		} else {
			memmove(&w.v[i], &w.v[i + 1],
			    (w.n - i - 1) * sizeof w.v[0]);
			w.n--;
		}
	}
	if (w.v != keep)
		free(w.v);
	return found;
}
