/* senshiai.c - Senshiai: the game entry and the turn sequence.
 *
 *   deck   every player owes a sealed deck list ("standard", or "N card"
 *          lines then "done"); then each Capital goes to its place, each
 *          Reserve is shuffled, and the first player is drawn;
 *   draw   the active player discards any cards, then draws up to 6;
 *   main   the active player's orders, in order, until "end" or an order
 *          that rolls dice (an attack, a Tardy move): then the same player
 *          owes the Main Stage again, seeing the result;
 *   end    Effects of duration "turn" end; the next player still in
 *          begins: that player's Units' moves are counted afresh and the
 *          Effects he cast for a round end.
 * After every order an emptied Reserve puts its player out (ss_pile.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "senshiai.h"

enum { SS_OPT_FIRST, SS_OPT_LIMIT };

static const struct game_option ss_options[] = {
	[SS_OPT_FIRST] = { .name = "first", .def = "random",
	    .help = "who plays first: random (a die) or a player's name" },
	[SS_OPT_LIMIT] = { .name = "turn-limit", .def = "200",
	    .help = "a draw after this many turns in all; 0 for no limit" },
	{ .name = NULL },
};

static void *
ss_setup(const struct game_players *pl, const char *const *optv,
    struct rng *rng, struct events *ev, struct gb_err *e)
{
	struct ss_game *g;
	long long limit;
	int first = -1;

	if (util_parse_int(optv[SS_OPT_LIMIT], 0, 1000000, &limit) < 0) {
		err_set(e, 0, 0, "option turn-limit: '%.40s' is not a number "
		    "of turns from 0 to 1000000", optv[SS_OPT_LIMIT]);
		return NULL;
	}
	if (strcmp(optv[SS_OPT_FIRST], "random") == 0) {
		first = (int)rng_below(rng, (uint64_t)pl->n);
		events_add(ev, EVENT_ALL, "Drawn to play first (rng_below %d "
		    "= %d): %s.", pl->n, first, pl->names[first]);
	}
	for (int p = 0; p < pl->n && first < 0; p++)
		if (strcmp(optv[SS_OPT_FIRST], pl->names[p]) == 0)
			first = p;
	if (first < 0) {
		err_set(e, 0, 0, "option first: '%.40s' is neither random nor "
		    "the name of a player", optv[SS_OPT_FIRST]);
		return NULL;
	}
	g = util_calloc(1, sizeof *g);
	g->n = pl->n;
	g->active = first;
	g->limit = (int)limit;
	g->stage = SS_STAGE_DECK;
	for (int s = 0; s < SS_SQUARES; s++)
		g->sq[s].terrain = g->sq[s].master = SS_NONE;
	for (int p = 0; p < g->n; p++)
		g->p[p].forced_by = SS_NONE;
	events_add(ev, EVENT_ALL, "Every player owes a deck list.");
	return g;
}

static void
ss_free(void *g)
{
	free(g);
}

static void *
ss_load(const struct node *sec, const struct game_players *pl,
    struct gb_err *e)
{
	return ss_state_load(sec, pl->n, e);
}

static struct node *
ss_save(const void *g)
{
	return ss_state_save(g);
}

/* Does player owe a decision now?  The players ss_owed lists. */
static int
ss_owes(const struct ss_game *g, int player)
{
	switch (g->stage) {
	case SS_STAGE_DECK:
		return player >= 0 && player < g->n;
	case SS_STAGE_DRAW:
	case SS_STAGE_MAIN:
		return player == g->active;
	default:
		return 0;
	}
}

/* s appended at buf + *at, cut to fit size bytes with the NUL, as
 * snprintf would (buf holds a string of *at bytes). */
static void
ss_cat(char *buf, size_t size, size_t *at, const char *s)
{
	size_t len = strlen(s);

	if (*at + len >= size)
		len = *at < size ? size - 1 - *at : 0;
	memcpy(buf + *at, s, len);
	*at += len;
	buf[*at] = '\0';
}

/* Without printf: owed() is asked at every decision point, several
 * times a turn. */
static size_t
ss_owed(const void *vg, struct owed *out)
{
	const struct ss_game *g = vg;
	size_t n = 0;

	for (int p = 0; p < g->n; p++) {
		char turn[UTIL_INT_MAX + 1];
		size_t d = 0, w = 0;

		if (!ss_owes(g, p))
			continue;
		out[n].player = p;
		if (g->stage == SS_STAGE_DECK) {
			ss_cat(out[n].decision, sizeof out[n].decision, &d,
			    "deck");
			ss_cat(out[n].what, sizeof out[n].what, &w, "a deck "
			    "list, sealed");
		} else {
			*util_fmt_int(turn, g->turn) = '\0';
			ss_cat(out[n].decision, sizeof out[n].decision, &d,
			    ss_stage_words[g->stage]);
			ss_cat(out[n].what, sizeof out[n].what, &w,
			    g->stage == SS_STAGE_DRAW ? "the Draw stage of "
			    "turn " : "the Main stage of turn ");
			ss_cat(out[n].what, sizeof out[n].what, &w, turn);
		}
		n++;
	}
	return n;
}

/* One order of a deck list into d: 1 when "standard" or a good "done"
 * ends it, 0 for a card line, -1 refused. */
static int
ss_deck_order(struct ss_deck *d, const char *text, char *why, size_t size)
{
	struct gb_err e = { 0 };

	if (strcmp(text, "standard") == 0) {
		ss_deck_standard(d);
		return 1;
	}
	if (strcmp(text, "done") == 0) {
		if (ss_deck_check(d, why, size) < 0)
			return -1;
		return 1;
	}
	if (strchr(text, '\n') != NULL ||
	    ss_deck_line(text, 1, d, &e) < 0) {
		snprintf(why, size, "%.150s", e.msg[0] ? e.msg : "one card "
		    "line expected");
		return -1;
	}
	return 0;
}

/* What validate, legal and legal_pick keep between calls (the memo):
 * they are asked again and again about the same game and player with the
 * same orders, or the same and one more (an answer picked order by order,
 * each pick checking the orders before it, then the whole answer and its
 * start validated, and adjudicate validating it once more), and each call
 * played every order again on a fresh copy of the game.  The memo is
 * keyed on the game (src, compared by ss_state_equal: a game changed in
 * place, or another at the same address, is a miss) and the player, and
 * holds the position after its n orders (pos), all accepted: their texts,
 * and whether the answer was complete after each.  A check whose orders
 * start with the memo's goes on from pos; any other starts again from
 * src.  The position after orders is a function of the game's used part
 * (what ss_state_copy copies), the player and the texts alone, so a hit
 * gives what playing afresh gives; test_senshiai checks it against
 * ss_memo_forget.  An order refused, or one it has no room for, ends the
 * memo: pos is then the scratch position of the rest of that check.  Not
 * on the stack: under AddressSanitizer a frame of tens of kilobytes costs
 * the poisoning of its shadow at every call.  gunbai is single-threaded. */
static struct ss_memo {
	struct game_memo o; /* the orders, their texts (game.h) */
	struct ss_game src;
	struct ss_game pos;
} ss_memo;

void
ss_memo_forget(void)
{
	ss_memo.o.valid = 0;
}

/* The memo made g's and player's, its position after the longest start
 * of o[0..n) it holds (after exactly n orders if exact, as a walk needs);
 * returns how many orders of o that is. */
static size_t
ss_memo_find(const struct ss_game *g, int player, const struct order *o,
    size_t n, int exact)
{
	struct ss_memo *m = &ss_memo;

	if (m->o.valid && m->o.player == player &&
	    ss_state_equal(&m->src, g)) {
		size_t k = game_memo_match(&m->o, o, n);
		if (k == m->o.n || (k == n && !exact))
			return k;
	} else {
		ss_state_copy(&m->src, g);
	}
	game_memo_restart(&m->o, player, 0);
	ss_state_copy(&m->pos, &m->src);
	return 0;
}

/* Order o, the memo's next, just played on its position: kept if
 * accepted (r >= 0) and there is room, else the memo ends. */
static void
ss_memo_take(const struct order *o, int r)
{
	game_memo_take(&ss_memo.o, o->text, r >= 0, r > 0);
}

/* The memo's position brought back to the one after the orders before i
 * that were accepted (ok[j]) from g: once an order is refused, it may be
 * half changed. */
static void
ss_check_redo(const struct ss_game *g, int player, const struct order *orders,
    size_t i, const unsigned char *ok)
{
	ss_state_copy(&ss_memo.pos, g);
	for (size_t j = 0; j < i; j++)
		if (ok[j])
			ss_play_order(&ss_memo.pos, player, orders[j].text,
			    NULL, NULL, NULL, NULL, 0);
}

/* A reason into a verdict, as snprintf "%s" would (cut to fit). */
static void
ss_check_reason(char *dst, size_t size, const char *why)
{
	size_t len = strlen(why);

	if (len >= size)
		len = size - 1;
	memcpy(dst, why, len);
	dst[len] = '\0';
}

#define SS_CHECK_OK 64 /* orders whose verdicts ss_check keeps on the
                        * stack; more take the heap */

/* Check orders[0..n) of player on g: each accepted order is played on the
 * memo's position (a refusal plays the accepted ones again from g), from
 * the memo's orders on; v may be NULL.  Returns 1 if complete, with *deck
 * the deck list and *after the position after the accepted orders (g if
 * none was played; exact: after exactly these, as a walk needs, else
 * possibly the memo's further one). */
static int
ss_check(const struct ss_game *g, int player, const struct order *orders,
    size_t n, struct verdict *v, struct ss_deck *deck, int exact,
    const struct ss_game **after)
{
	int complete = 0, owes = ss_owes(g, player);
	size_t size = v != NULL ? GAME_REASON_MAX : 0, i = 0;
	char why[GAME_REASON_MAX];
	unsigned char okbuf[SS_CHECK_OK];
	unsigned char *ok = n <= SS_CHECK_OK ? okbuf : util_malloc(n);

	*after = g;
	memset(deck, 0, sizeof *deck);
	/* Deck lines play nothing on the position: no memo for them. */
	if (owes && n > 0 && g->stage != SS_STAGE_DECK) {
		i = ss_memo_find(g, player, orders, n, exact);
		complete = ss_memo.o.complete[i];
		*after = &ss_memo.pos;
		memset(ok, 1, i);
		for (size_t j = 0; j < i && v != NULL; j++) {
			v[j].accepted = 1;
			v[j].reason[0] = '\0';
		}
	}
	for (; i < n; i++) {
		int r;

		why[0] = '\0';
		if (!owes) {
			r = game_why(why, size, "you owe no orders now");
		} else if (complete) {
			r = game_why(why, size, "the orders are complete "
			    "before this one");
			ss_memo_take(&orders[i], r);
		} else if (g->stage == SS_STAGE_DECK) {
			r = ss_deck_order(deck, orders[i].text, why, size);
		} else {
			r = ss_play_order(&ss_memo.pos, player,
			    orders[i].text, NULL, NULL, NULL, why, size);
			ss_memo_take(&orders[i], r);
			if (r < 0)
				ss_check_redo(g, player, orders, i, ok);
		}
		ok[i] = r >= 0;
		if (r > 0)
			complete = 1;
		if (v != NULL) {
			v[i].accepted = r >= 0;
			ss_check_reason(v[i].reason, sizeof v[i].reason,
			    r >= 0 ? "" : why);
		}
	}
	if (ok != okbuf)
		free(ok);
	return owes && complete;
}

static int
ss_validate(const void *vg, int player, const struct order *orders,
    size_t n, struct verdict *v)
{
	const struct ss_game *after;
	struct ss_deck d;

	return ss_check(vg, player, orders, n, v, &d, 0, &after);
}

/* The candidate orders legal and legal_pick walk, each built from its
 * kind, card and squares (ss_cand_text). */
enum ss_cand_kind {
	SS_C_END, SS_C_TERRAIN, SS_C_RECRUIT, SS_C_CAST, SS_C_MOVE,
	SS_C_MOVE1, SS_C_CASTLE, SS_C_CLOSE, SS_C_RANGED, SS_C_PRODUCE,
	SS_C_ACTIVATE, SS_C_STANDING, SS_C_CAST_PLAYER, SS_C_DRAW,
	SS_C_DISCARD, SS_C_DONE, SS_C_STANDARD
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
	ss_cat(text, size, &at, "on ");
	ss_cat(text, size, &at, on);
	ss_cat(text, size, &at, " cast ");
	ss_cat(text, size, &at, c->word);
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
	if (k->kind == SS_C_CAST_PLAYER) {
		name[1][0] = (char)('1' + k->b);
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
 * lists them is not in the frame (see ss_memo): some nine verdicts
 * are asked per pick. */
static int
ss_cand_verdict(const struct ss_game *g, int p, const struct ss_cand *k)
{
	static struct util_words uw;
	const char *w[5];
	char name[2][3];
	int n;

	if (k->kind == SS_C_STANDING)
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
	for (int i = 0; i < h->n; i++)
		if (ss_cards[h->card[i]].target == SS_TG_PLAYER &&
		    ss_pile_find(h, h->card[i]) == i)
			ss_cand(w, SS_C_CAST_PLAYER, h->card[i], -1, p, 1);
}

/* The walk over the legal next orders of player after prefix. */
static void
ss_walk(const struct ss_game *vg, int player, const struct order *prefix,
    size_t n, struct ss_walk *w)
{
	const struct ss_game *g;
	struct ss_deck d;
	const struct ss_pile *h;

	w->p = player;
	w->v = w->keep;
	w->t = w->fast ? NULL : util_malloc(sizeof *w->t);
	if (ss_check(vg, player, prefix, n, NULL, &d, 1, &g))
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
		h = &g->p[player].hand;
		ss_cand(w, SS_C_DRAW, -1, -1, -1, 0);
		for (int i = 0; i < h->n; i++)
			if (ss_pile_find(h, h->card[i]) == i)
				ss_cand(w, SS_C_DISCARD, h->card[i], -1, -1,
				    0);
		goto done;
	}
	if (g->stage == SS_STAGE_MAIN && g->active == player)
		ss_legal_main(w);
done:
	free(w->t);
}

static void
ss_legal(const void *vg, int player, const struct order *prefix, size_t n,
    struct strlist *out)
{
	struct ss_walk w = { .out = out };

	ss_walk(vg, player, prefix, n, &w);
}

static size_t
ss_legal_pick(const void *vg, int player, const struct order *prefix,
    size_t n, game_choose *choose, void *arg, char *buf, size_t size)
{
	struct ss_cand keep[SS_WALK_KEEP];
	struct ss_walk w = { .fast = 1, .keep = keep, .cap = SS_WALK_KEEP };
	size_t count;

	ss_walk(vg, player, prefix, n, &w);
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
static int
ss_legal_sample(const void *vg, int player, const struct order *prefix,
    size_t n, game_choose *choose, void *arg, char *buf, size_t size)
{
	struct ss_cand keep[SS_WALK_KEEP];
	struct ss_walk w = { .fast = 1, .sample = 1, .keep = keep,
	    .cap = SS_WALK_KEEP };
	int found = 0;

	ss_walk(vg, player, prefix, n, &w);
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

/* Build every player's Reserve from the deck lists. */
static void
ss_deal(struct ss_game *g, const struct game_players *pl,
    const struct answer *answers, size_t n, struct rng *rng,
    struct events *ev)
{
	for (size_t a = 0; a < n; a++) {
		int p = answers[a].player, sq = ss_board_capital(g->n, p);
		const struct ss_game *after;
		struct ss_deck d;
		struct ss_pile *r = &g->p[p].reserve;

		ss_check(g, p, answers[a].orders, answers[a].n, NULL, &d, 0,
		    &after);
		for (int c = 0; c < SS_NCARDS; c++)
			for (int k = 0; k < d.count[c]; k++) {
				if (ss_cards[c].type == SS_CAPITAL) {
					g->sq[sq].terrain = c;
					g->sq[sq].master = p;
				} else {
					ss_pile_append(r, c);
				}
			}
		rng_shuffle(rng, r->card, (size_t)r->n, sizeof r->card[0]);
		events_add(ev, EVENT_ALL, "%s's %s stands at %c%c; the Reserve "
		    "holds %d cards, shuffled.", pl->names[p],
		    ss_cards[g->sq[sq].terrain].name, 'a' + sq % SS_SIDE,
		    '1' + sq / SS_SIDE, r->n);
	}
	g->stage = SS_STAGE_DRAW;
	g->turn = 1;
}

/* The active player has drawn: an opponent's standing order "on draw"
 * casts an Event aimed at a player (Open the Vaults) on him, asked in
 * turn order from him; each may fire once. */
static void
ss_drawn(struct ss_game *g, struct events *ev, const char *const *names)
{
	int p = g->active;

	for (int i = 1; i < g->n && !g->p[p].out; i++) {
		int q = (p + i) % g->n;
		int card = ss_react_fire(g, q, SS_ON_DRAW, p, 0);

		if (card < 0 || ss_react_annul(g, q, card, ev, names))
			continue;
		ss_pile_draw(g, p, 2);
		ss_pile_push(&g->p[q].discard, card);
		events_add(ev, EVENT_ALL, "%s casts %s (a standing order): %s "
		    "draws 2 cards.", names[q], ss_cards[card].name, names[p]);
		ss_pile_check(g, ev, names);
	}
}

/* The active player's turn ends; the next one still in begins. */
static void
ss_next_turn(struct ss_game *g, struct events *ev, const char *const *names)
{
	for (int i = g->neffects - 1; i >= 0; i--)
		if (g->effect[i].duration == SS_DUR_TURN ||
		    g->effect[i].duration == SS_DUR_BATTLE)
			ss_pile_effect_end(g, i);
	do
		g->active = (g->active + 1) % g->n;
	while (g->p[g->active].out);
	for (int s = 0; s < SS_SQUARES; s++) {
		g->sq[s].activated = 0;
		for (int k = 0; k < g->sq[s].nunits; k++) {
			g->sq[s].unit[k].moves = 0;
			g->sq[s].unit[k].flees = 0;
			g->sq[s].unit[k].acted = 0;
		}
	}
	for (int i = g->neffects - 1; i >= 0; i--)
		if (g->effect[i].duration == SS_DUR_ROUND &&
		    g->effect[i].caster == g->active)
			ss_pile_effect_end(g, i);
	ss_pile_zero(g, ev, names);
	g->turn++;
	g->stage = SS_STAGE_DRAW;
	events_add(ev, EVENT_ALL, "Turn %d: %s.", g->turn, names[g->active]);
	ss_pile_draw_limit(g, ev);
}

static int
ss_resolve(void *vg, const struct game_players *pl,
    const struct answer *answers, size_t n, struct rng *rng,
    struct events *ev, struct gb_err *e)
{
	struct ss_game *g = vg;
	const struct answer *a = &answers[0];
	char why[GAME_REASON_MAX];
	int r = SS_PLAY_DONE;
	size_t i;

	if (g->stage == SS_STAGE_DECK) {
		ss_deal(g, pl, answers, n, rng, ev);
		events_add(ev, EVENT_ALL, "Turn 1: %s.", pl->names[g->active]);
		return 0;
	}
	if (n != 1 || a->player != g->active)
		return err_set(e, 0, 0, "senshiai: answer of the wrong player");
	for (i = 0; i < a->n && g->stage != SS_STAGE_OVER; i++) {
		r = ss_play_order(g, a->player, a->orders[i].text, rng, ev,
		    pl->names, why, sizeof why);
		if (r < 0)
			return err_set(e, a->orders[i].line, a->orders[i].col,
			    "senshiai: accepted order refused: %s", why);
		ss_pile_check(g, ev, pl->names);
		if (r == SS_PLAY_LAST && i + 1 < a->n) {
			events_add(ev, EVENT_ALL, "A reaction interrupts %s: "
			    "the %zu order%s after it lapse%s.",
			    pl->names[a->player], a->n - i - 1,
			    a->n - i - 1 == 1 ? "" : "s",
			    a->n - i - 1 == 1 ? "s" : "");
			i++;
			break;
		}
	}
	if (g->stage == SS_STAGE_OVER)
		return 0;
	if (g->stage == SS_STAGE_DRAW) {
		int want = SS_HAND_CAP - g->p[g->active].hand.n;

		if (want > g->p[g->active].reserve.n)
			want = g->p[g->active].reserve.n;
		if (want > 0) {
			ss_pile_draw(g, g->active, want);
			events_add(ev, EVENT_ALL, "%s draws %d card%s.",
			    pl->names[g->active], want, want == 1 ? "" : "s");
		}
		g->stage = SS_STAGE_MAIN;
		ss_pile_check(g, ev, pl->names);
		if (g->stage != SS_STAGE_OVER)
			ss_drawn(g, ev, pl->names);
		if (g->stage != SS_STAGE_OVER && g->p[g->active].out)
			ss_next_turn(g, ev, pl->names);
		return 0;
	}
	if (g->p[g->active].out || (i > 0 && i == a->n &&
	    strcmp(a->orders[i - 1].text, "end") == 0))
		ss_next_turn(g, ev, pl->names);
	return 0;
}

static void
ss_game_view(const void *g, const struct game_players *pl, int player,
    struct sbuf *out)
{
	ss_view(g, pl->names, player, out);
}

static struct node *
ss_game_data(const void *g, const struct game_players *pl, int player)
{
	return ss_data(g, pl->names, player);
}

static void
ss_game_picture(const void *g, const struct game_players *pl, int player,
    struct sbuf *out)
{
	ss_picture(g, pl->names, player, out);
}

static void
ss_help(const void *vg, int player, struct sbuf *out)
{
	const struct ss_game *g = vg;

	(void)player;
	if (g->stage == SS_STAGE_DECK) {
		sbuf_puts(out, "# Your deck list, sealed: \"standard\" for the "
		    "standard deck, or\n# one \"N card\" per order then "
		    "\"done\" (exactly one Capital,\n# at most 200 cards).\n"
		    "# Example: [\"1 castle-town\", \"4 warriors\", "
		    "\"3 village\", \"done\"]\n");
	} else if (g->stage == SS_STAGE_DRAW) {
		sbuf_puts(out, "# Draw Stage: \"discard CARD\" any number of "
		    "times, then \"draw\"\n# (draws up to 6 cards); "
		    "standing orders (\"on ...\", \"standing clear\")\n"
		    "# may come before it.\n");
	} else {
		sbuf_puts(out, "# Main Stage, in order, then \"end\":\n"
		    "#   terrain CARD SQ [pay CARD...]   recruit CARD SQ "
		    "[pay CARD...]\n"
		    "#   move FROM TO [N...] [carry CARD...]    castle SQ SQ\n"
		    "#   attack FROM TO close|ranged [target CARD...] "
		    "[carry CARD...]\n"
		    "#   cast CARD SQ [N] | cast CARD PLAYER | cast dispel "
		    "SQ EVENT\n"
		    "#   activate SQ    produce SQ    seppuku\n"
		    "#   on attacked SQ|any cast CARD    on attack SQ|any cast "
		    "CARD\n"
		    "#   on roll cast CARD    on cast CARD cast CARD\n"
		    "#   on draw N|any cast CARD    on move SQ|any cast CARD\n"
		    "#   on strike target CARD...    standing clear\n"
		    "#   (standing orders: they fire in any later turn)\n"
		    "# An attack, a Tardy move or Earthquake rolls dice and "
		    "ends the\n# orders (so may an opponent's reaction): "
		    "you then owe the\n# Main Stage again, seeing the "
		    "result.\n");
	}
}

static struct outcome
ss_outcome(const void *vg)
{
	const struct ss_game *g = vg;
	struct outcome o = { 0 };

	if (g->stage == SS_STAGE_OVER) {
		o.finished = 1;
		o.winners = g->winners;
		snprintf(o.reason, sizeof o.reason, "%s", g->reason);
	}
	return o;
}

/* Draws from a copy of rng, moved on once per player, so that the
 * harness's stream is not moved (as in Japanese Swords).  It changes
 * the players' structures only, so only those are compared. */
static int
ss_perturb(void *vg, int player, struct rng *hr)
{
	struct ss_game *g = vg;
	struct ss_player before[GAME_MAX_PLAYERS];
	size_t players = (size_t)g->n * sizeof g->p[0];
	struct rng copy = *hr;
	char why[GAME_REASON_MAX];

	for (int i = 0; i <= player + 1; i++)
		rng_next(&copy);
	memcpy(before, g->p, players);
	for (int p = 0; p < g->n; p++) {
		struct ss_player *q = &g->p[p];

		rng_shuffle(&copy, q->reserve.card, (size_t)q->reserve.n,
		    sizeof q->reserve.card[0]);
		if (p == player)
			continue;
		if (q->nstanding > 0)
			q->nstanding = 0;
		else
			ss_react_order(g, p, "on roll cast divine-wind", why,
			    sizeof why);
		if (q->hand.n == 0 || q->reserve.n == 0)
			continue;
		{
			int i = (int)rng_below(&copy, (uint64_t)q->hand.n);
			int j = (int)rng_below(&copy, (uint64_t)q->reserve.n);
			int t = q->hand.card[i];

			q->hand.card[i] = q->reserve.card[j];
			q->reserve.card[j] = t;
		}
	}
	return memcmp(before, g->p, players) != 0;
}

const struct game_entry senshiai_game = {
	.id = "senshiai",
	.title = "Senshiai",
	.ruleset = "0",
	.min_players = 2,
	.max_players = 4,
	.options = ss_options,
	.setup = ss_setup,
	.free = ss_free,
	.load = ss_load,
	.save = ss_save,
	.owed = ss_owed,
	.validate = ss_validate,
	.legal = ss_legal,
	.legal_pick = ss_legal_pick,
	.legal_sample = ss_legal_sample,
	.resolve = ss_resolve,
	.view = ss_game_view,
	.view_data = ss_game_data,
	.picture = ss_game_picture,
	.picture_public = 1,
	.help = ss_help,
	.outcome = ss_outcome,
	.perturb = ss_perturb,
};
