/* ss_play.c - one order of a player, checked and (with ev) applied to the
 * state: the deck list, the Draw Stage and the Main Stage.  The same
 * function checks orders for validate (on a copy, ev NULL: nothing
 * random happens) and applies them for resolve, so the two cannot
 * disagree.  Orders that roll dice (an attack, moving a Tardy Unit) end
 * the answer: their outcome decides what may follow.  Moves are in
 * ss_move.c, casting in ss_cast.c; standing orders in ss_react.c; the
 * words of each are read by ss_order.c. */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"
#include "ss_order.h"

static int
ss_play_terrain(struct ss_ctx *c, const struct util_words *w)
{
	int card, s, nb[SS_NEAR_MAX], n, near = 0;

	if (w->n < 3)
		return ss_order_no(c, "expected 'terrain CARD SQUARE'");
	if (ss_order_hand_card(c, w->w[1], &card) < 0 ||
	    ss_order_square(c, w->w[2], &s) < 0)
		return SS_PLAY_REFUSED;
	if (ss_cards[card].type != SS_TERRAIN)
		return ss_order_no(c, "%s is not a Terrain",
		    ss_cards[card].name);
	if (c->g->sq[s].terrain != SS_NONE)
		return ss_order_no(c, "%s is not empty", w->w[2]);
	n = ss_board_neighbours(s, nb);
	for (int i = 0; i < n; i++)
		near |= ss_square_realm(c->g, c->p, nb[i]);
	if (!near)
		return ss_order_no(c, "%s is not near your realm", w->w[2]);
	if (ss_order_pay(c, card, w, 3) != SS_PLAY_DONE)
		return SS_PLAY_REFUSED;
	if (c->verdict)
		return SS_PLAY_DONE;
	c->g->sq[s].terrain = card;
	c->g->sq[s].master = c->p;
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s plays %s at %s.",
		    c->names[c->p], ss_cards[card].name, w->w[2]);
	return SS_PLAY_DONE;
}

static int
ss_play_recruit(struct ss_ctx *c, const struct util_words *w)
{
	int card, s;
	struct ss_square *q;

	if (w->n < 3)
		return ss_order_no(c, "expected 'recruit CARD SQUARE'");
	if (ss_order_hand_card(c, w->w[1], &card) < 0 ||
	    ss_order_square(c, w->w[2], &s) < 0)
		return SS_PLAY_REFUSED;
	q = &c->g->sq[s];
	if (ss_cards[card].type != SS_TROOP)
		return ss_order_no(c, "%s is not a Troop", ss_cards[card].name);
	if (q->terrain == SS_NONE)
		return ss_order_no(c, "no Terrain at %s: Troops are recruited "
		    "on a Terrain of yours with Recruit", w->w[2]);
	if (!ss_square_realm(c->g, c->p, s))
		return ss_order_no(c, "%s is not yours", w->w[2]);
	if ((ss_cards[q->terrain].abilities & SS_AB(RECRUIT)) == 0)
		return ss_order_no(c, "%s has no Recruit ability",
		    ss_cards[q->terrain].name);
	if ((ss_cards[q->terrain].paths & ss_cards[card].paths) == 0)
		return ss_order_no(c, "%s and %s share no path",
		    ss_cards[card].name, ss_cards[q->terrain].name);
	if (ss_square_troops(q) + 1 > ss_cards[q->terrain].limit ||
	    q->nunits >= SS_SQ_UNITS)
		return ss_order_no(c, "%s is at its Limit of %d",
		    ss_cards[q->terrain].name, ss_cards[q->terrain].limit);
	if (ss_order_pay(c, card, w, 3) != SS_PLAY_DONE)
		return SS_PLAY_REFUSED;
	if (c->verdict)
		return SS_PLAY_DONE;
	memset(&q->unit[q->nunits], 0, sizeof q->unit[0]);
	q->unit[q->nunits].card = card;
	q->unit[q->nunits].owner = c->p;
	q->nunits++;
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s recruits %s at %s.",
		    c->names[c->p], ss_cards[card].name, w->w[2]);
	return SS_PLAY_DONE;
}

/* The refusal of an attack on b no Unit of a may join, with each
 * Unit's reason. */
static int
ss_play_no_fighter(struct ss_ctx *c, int a, int b, int ranged)
{
	const struct ss_game *g = c->g;
	char why[256] = "", at[3], to[3];
	size_t len = 0;

	for (int k = 0; k < g->sq[a].nunits && len < sizeof why; k++)
		len += (size_t)snprintf(why + len, sizeof why - len, "%s%s %s",
		    k > 0 ? "; " : "", ss_cards[g->sq[a].unit[k].card].name,
		    ss_fight_bar(g, a, k, b, ranged));
	ss_board_name(a, at);
	ss_board_name(b, to);
	return ss_order_no(c, "no Unit at %s can attack %s %s now: %s", at,
	    to, ranged ? "at range" : "in close combat", why);
}

static int
ss_play_attack(struct ss_ctx *c, const struct util_words *w0)
{
	int a, b, ranged, prio[SS_PRIO_MAX], nprio = 0;
	int carry[SS_CARRY_MAX], ncarry = 0;
	unsigned fight = 0;
	struct ss_game *g = c->g;
	struct util_words t = *w0, *w = &t;

	if (w->n >= 2 && ss_order_square(c, w->w[1], &a) == 0 &&
	    (ncarry = ss_order_carry(c, w, 4, a, carry)) < 0)
		return SS_PLAY_REFUSED;
	if (w->n < 4 || (strcmp(w->w[3], "close") != 0 &&
	    strcmp(w->w[3], "ranged") != 0))
		return ss_order_no(c, "expected 'attack FROM TO close' or "
		    "'attack FROM TO ranged', then optionally 'target "
		    "CARD...' and 'carry CARD...'");
	if (w->n > 4 && (nprio = ss_react_targets(w, 4, prio, c->why,
	    c->size)) < 0)
		return SS_PLAY_REFUSED;
	if (ss_order_square(c, w->w[1], &a) < 0 ||
	    ss_order_square(c, w->w[2], &b) < 0)
		return SS_PLAY_REFUSED;
	ranged = w->w[3][0] == 'r';
	if (ranged && ncarry > 0)
		return ss_order_no(c, "only Units that claim a Terrain in "
		    "close combat carry Effects away");
	if ((g->sq[a].nunits == 0 || g->sq[a].unit[0].owner != c->p) &&
	    !(ranged && ss_fight_capital(g, a, c->p))) {
		if (g->sq[a].nunits == 0 && g->sq[a].master == c->p &&
		    ss_cards[g->sq[a].terrain].type == SS_CAPITAL)
			return ss_order_no(c, ranged ? "your Capital at %s "
			    "has attacked this turn" : "your Capital at %s "
			    "attacks only at range: its Speed is 0",
			    w->w[1]);
		return ss_order_no(c, "you have no company at %s", w->w[1]);
	}
	if (!ss_board_near(a, b))
		return ss_order_no(c, "%s is not near %s", w->w[2], w->w[1]);
	if (!ss_square_enemy(g, c->p, b))
		return ss_order_no(c, "no enemy at %s", w->w[2]);
	for (int k = 0; k < g->sq[a].nunits; k++) {
		if (ss_fight_eligible(g, a, k, b, ranged))
			fight |= 1u << k;
	}
	/* The Capital's ranged attack (ss_fight_capital): no move. */
	if (ranged && ss_fight_capital(g, a, c->p))
		fight |= 1u << SS_SQ_UNITS;
	if (fight == 0)
		return ss_play_no_fighter(c, a, b, ranged);
	/* Close combat requires a move: Tardy Units roll first. */
	if (!ranged && ss_move_tardy(c, a, fight) != SS_PLAY_DONE)
		return SS_PLAY_LAST;
	if (c->rng != NULL && ss_fight(g, a, b, ranged, prio, nprio, carry,
	    ncarry, c->rng, c->ev, c->names))
		return SS_PLAY_CUT;
	return SS_PLAY_LAST;
}

/* activate SQ (Activate) and produce SQ (Production). */
static int
ss_play_economy(struct ss_ctx *c, const struct util_words *w)
{
	struct ss_game *g = c->g;
	struct ss_square *q;
	int s, n;

	if (w->n != 2 || ss_order_square(c, w->w[1], &s) < 0)
		return ss_order_no(c, "expected '%s SQUARE'", w->w[0]);
	q = &g->sq[s];
	if (q->nunits == 0 || q->unit[0].owner != c->p)
		return ss_order_no(c, "you have no company at %s", w->w[1]);
	if (w->w[0][0] == 'a') {
		const struct ss_card *t = &ss_cards[q->terrain];

		switch (ss_square_activate_test(q)) {
		case 1:
			return ss_order_no(c, "%s %s", t->name,
			    q->activated ? "was activated this turn already "
			    "(once a turn)" : "has no Activate ability");
		case 2:
			return ss_order_no(c, "%s needs %d Units to activate",
			    t->name, t->param);
		default:
			break;
		}
		if (c->verdict)
			return SS_PLAY_DONE;
		q->activated = 1;
		ss_pile_restore(g, c->p, 2, c->ev, c->names);
		return SS_PLAY_DONE;
	}
	if ((n = ss_square_producers(q)) == 0)
		return ss_order_no(c, "no producer at %s can produce now",
		    w->w[1]);
	if (c->verdict)
		return SS_PLAY_DONE;
	for (int k = 0; k < q->nunits; k++)
		if (ss_square_producer(&q->unit[k]))
			q->unit[k].acted |= SS_ACT_PRODUCED;
	ss_pile_restore(g, c->p, n, c->ev, c->names);
	return SS_PLAY_DONE;
}

/* draw [N], the end of the Draw Stage: N cards, or as many as bring the
 * hand to the card cap; never past it (the text: "as many cards as
 * needed to have up to 6"), nor past what the Reserve holds. */
static int
ss_play_draw(struct ss_ctx *c, const struct util_words *w)
{
	struct ss_player *pl = &c->g->p[c->p];
	int most = pl->hand.n < SS_HAND_CAP ? SS_HAND_CAP - pl->hand.n : 0;
	long long n = most;

	if (w->n > 2 || (w->n == 2 &&
	    util_parse_int(w->w[1], 0, SS_DECK_MAX, &n) < 0))
		return ss_order_no(c, "expected 'draw' or 'draw N'");
	if (n > most)
		return ss_order_no(c, "you may draw at most %d card%s: "
		    "the hand holds %d of %d", most, most == 1 ? "" : "s",
		    pl->hand.n, SS_HAND_CAP);
	if (c->verdict)
		return SS_PLAY_LAST;
	if (n > pl->reserve.n)
		n = pl->reserve.n;
	if (n > 0) {
		ss_pile_draw(c->g, c->p, (int)n);
		if (c->ev != NULL)
			events_add(c->ev, EVENT_ALL, "%s draws %lld card%s.",
			    c->names[c->p], n, n == 1 ? "" : "s");
	}
	return SS_PLAY_LAST;
}

static int ss_play_one(struct ss_ctx *c, const struct util_words *w);

/* One order, its text c->text split into words. */
static int
ss_play_split(struct ss_ctx *c)
{
	struct util_words split;

	if (util_words(c->text, &split) < 0)
		split.n = 0;
	ss_cards_join(&split, 1);
	/* A card named with a slip ("griffin ridrs"), for a reason that
	 * names the card meant (names.h). */
	if (c->size > 0)
		ss_cards_join_slips(&split, 1);
	return ss_play_one(c, &split);
}

/* Is word lit?  The first bytes compared before strcmp: legal_pick asks
 * for the verdict of many orders, each matched against every keyword. */
static int
ss_play_is(const char *word, const char *lit)
{
	return word[0] == lit[0] && strcmp(word, lit) == 0;
}

/* One order (its words w, or NULL: split c->text), then whoever's
 * Reserve is empty is out; the answer ends if the player is out or the
 * game over.  With c->verdict, only whether it is refused. */
static int
ss_play_ctx(struct ss_ctx *c, const struct util_words *w)
{
	struct ss_game *g = c->g;
	int p = c->p, r;

	if (c->size > 0)
		c->why[0] = '\0';
	if (g->p[p].out || g->stage == SS_STAGE_OVER)
		return ss_order_no(c, "you are out of the game");
	if ((r = w != NULL ? ss_play_one(c, w) : ss_play_split(c)) < 0 ||
	    c->verdict)
		return r;
	ss_out_check(g, c->ev, c->names);
	if (g->p[p].out || g->stage == SS_STAGE_OVER)
		return SS_PLAY_LAST;
	return r;
}

int
ss_play_order(struct ss_game *g, int p, const char *text, struct rng *rng,
    struct events *ev, const char *const *names, char *why, size_t size)
{
	struct ss_ctx c = { g, p, rng, ev, names, why, size, text, 0 };

	return ss_play_ctx(&c, NULL);
}

int
ss_play_verdict(const struct ss_game *g, int p, const char *text,
    const struct util_words *w, char *why, size_t size)
{
	/* The orders change nothing with verdict set (ss_ctx): the cast
	 * only lets them share their code with ss_play_order. */
	struct ss_ctx c = { (struct ss_game *)g, p, NULL, NULL, NULL, why,
	    size, text, 1 };

	return ss_play_ctx(&c, w);
}

/* The Main Stage orders by their first word. */
static const struct {
	const char *word;
	int (*fn)(struct ss_ctx *c, const struct util_words *w);
} ss_play_main[] = {
	{ "terrain", ss_play_terrain }, { "recruit", ss_play_recruit },
	{ "move", ss_move_order }, { "castle", ss_move_castle },
	{ "attack", ss_play_attack }, { "cast", ss_cast_order },
	{ "activate", ss_play_economy }, { "produce", ss_play_economy },
};

/* Is word an order of the Main Stage only? */
static int
ss_play_main_word(const char *word)
{
	for (size_t i = 0; i < sizeof ss_play_main / sizeof ss_play_main[0];
	    i++)
		if (ss_play_is(word, ss_play_main[i].word))
			return 1;
	return ss_play_is(word, "end") || ss_play_is(word, "seppuku");
}

/* A standing order ("on ...", "standing draw ..."), its words w:
 * checked, or kept. */
static int
ss_play_on(struct ss_ctx *c, const struct util_words *w)
{
	const char *t = c->text;
	char text[UTIL_WORDS_CHARS + 1];

	if (t == NULL) {
		/* Standing orders are kept as text: given words, join them. */
		size_t at = 0;

		for (int i = 0; i < w->n && i < UTIL_WORDS_MAX; i++) {
			size_t len = strlen(w->w[i]);

			if (at + len + 1 > sizeof text)
				return ss_order_no(c, "empty or too long "
				    "order");
			memcpy(text + at, w->w[i], len);
			at += len;
			text[at++] = ' ';
		}
		text[at - 1] = '\0';
		t = text;
	}
	if (c->verdict) {
		struct ss_standing st;

		return ss_react_check(c->g, c->p, t, &st, c->why, c->size) <
		    0 ? SS_PLAY_REFUSED : SS_PLAY_DONE;
	}
	return ss_react_order(c->g, c->p, t, c->why, c->size) < 0 ?
	    SS_PLAY_REFUSED : SS_PLAY_DONE;
}

/* One order, its words w (its text split, or given: legal_pick).  The
 * buffers of the splitting and of a standing order's text are in the
 * frames of ss_play_split and ss_play_on, not here: under
 * AddressSanitizer every array of a frame has its redzones poisoned and
 * cleared at each call, and legal_pick asks for some nine verdicts per
 * pick. */
static int
ss_play_one(struct ss_ctx *c, const struct util_words *w)
{
	struct ss_game *g = c->g;
	int p = c->p;
	struct events *ev = c->ev;
	const char *const *names = c->names;

	if (w->n == 0)
		return ss_order_no(c, "empty or too long order");
	if (w->n > UTIL_WORDS_MAX)
		return ss_order_no(c, "too many words");
	if (ss_play_is(w->w[0], "on"))
		return ss_play_on(c, w);
	if (ss_play_is(w->w[0], "standing")) {
		char buf[16];

		if (w->n == 3 && strcmp(w->w[1], "draw") == 0 &&
		    strcmp(w->w[2], "off") == 0) {
			struct ss_player *pl = &g->p[p];

			if (!ss_react_draw(g, p, buf, sizeof buf))
				return ss_order_no(c, "you give no standing "
				    "draw");
			for (int i = 0; !c->verdict && i < pl->nstanding; i++)
				if (strncmp(pl->standing[i], "standing draw",
				    13) == 0) {
					memmove(pl->standing[i],
					    pl->standing[i + 1], (size_t)
					    (pl->nstanding - i - 1) *
					    sizeof pl->standing[0]);
					pl->nstanding--;
					break;
				}
			return SS_PLAY_DONE;
		}
		if (w->n >= 2 && strcmp(w->w[1], "draw") == 0)
			return ss_play_on(c, w);
		if (w->n != 2 || strcmp(w->w[1], "clear") != 0)
			return ss_order_no(c, "expected 'standing clear', "
			    "'standing draw [N]' or 'standing draw off'");
		if (!c->verdict)
			g->p[p].nstanding = 0;
		return SS_PLAY_DONE;
	}
	if (g->stage == SS_STAGE_DRAW) {
		int card;

		if (ss_play_is(w->w[0], "draw"))
			return ss_play_draw(c, w);
		if (!ss_play_is(w->w[0], "discard") || w->n != 2)
			return ss_order_no(c, "%s%s%s 'discard CARD', 'draw', "
			    "'draw N', or a standing order ('on ...', "
			    "'standing draw [N|off]', 'standing clear')",
			    ss_play_main_word(w->w[0]) ? "'" : "",
			    ss_play_main_word(w->w[0]) ? w->w[0] : "",
			    ss_play_main_word(w->w[0]) ? "' waits for the Main "
			    "Stage; the Draw Stage takes" : "expected");
		if (ss_order_hand_card(c, w->w[1], &card) < 0)
			return SS_PLAY_REFUSED;
		if (c->verdict)
			return SS_PLAY_DONE;
		ss_pile_push(&g->p[p].discard, ss_pile_take(&g->p[p].hand,
		    ss_pile_find(&g->p[p].hand, card)));
		/* The Discard Pile is face up (the text): public. */
		if (c->ev != NULL)
			events_add(c->ev, EVENT_ALL, "%s discards %s.",
			    c->names[p], ss_cards[card].name);
		return SS_PLAY_DONE;
	}
	if (ss_play_is(w->w[0], "end") && w->n == 1)
		return SS_PLAY_LAST;
	if (ss_play_is(w->w[0], "seppuku") && w->n == 1) {
		if (ev != NULL)
			ss_out(g, p, "seppuku", ev, names);
		return SS_PLAY_LAST;
	}
	for (size_t i = 0; i < sizeof ss_play_main / sizeof ss_play_main[0];
	    i++)
		if (ss_play_is(w->w[0], ss_play_main[i].word))
			return ss_play_main[i].fn(c, w);
	return ss_order_no(c, "unknown order '%s'", w->w[0]);
}
