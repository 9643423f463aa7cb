/* ss_play.c - one order of a player, checked and (with ev) applied to the
 * state: the deck list, the Draw Stage and the Main Stage.  The same
 * function checks orders for validate (on a copy, ev NULL: nothing
 * random happens) and applies them for resolve, so the two cannot
 * disagree.  Orders that roll dice (an attack, moving a Tardy Unit) end
 * the answer: their outcome decides what may follow.  Moves are in
 * ss_move.c, casting in ss_cast.c; standing orders in ss_react.c. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "senshiai.h"
#include "ss_play.h"

int
ss_play_no(struct ss_ctx *c, const char *fmt, ...)
{
	va_list ap;

	if (c->size == 0)
		return SS_PLAY_REFUSED;
	va_start(ap, fmt);
	vsnprintf(c->why, c->size, fmt, ap);
	va_end(ap);
	return SS_PLAY_REFUSED;
}

/* A card word of the pile h (the player's hand, or a copy of it); -1
 * with why set. */
static int
ss_play_pile_card(struct ss_ctx *c, const struct ss_pile *h,
    const char *word, int *card)
{
	if ((*card = ss_cards_find(word, c->why, c->size)) < 0)
		return -1;
	if (ss_pile_find(h, *card) < 0) {
		ss_play_no(c, "%s is not in your hand", ss_cards[*card].name);
		return -1;
	}
	return 0;
}

int
ss_play_hand_card(struct ss_ctx *c, const char *word, int *card)
{
	return ss_play_pile_card(c, &c->g->p[c->p].hand, word, card);
}

int
ss_play_square(struct ss_ctx *c, const char *word, int *sq)
{
	if ((*sq = ss_board_parse(word)) < 0) {
		ss_play_no(c, "'%s' is not a square (a1 to i9)", word);
		return -1;
	}
	return 0;
}

/* Play card from the hand paying its cost: the cards named after "pay"
 * (words w[at..]) or else the first cards of the hand.  The played card
 * leaves the hand; the paid ones go to the Discard Pile.  With
 * c->verdict the same is done to a copy of the hand, and the Discard
 * Pile is left alone. */
int
ss_play_pay(struct ss_ctx *c, int card, const struct util_words *w, int at)
{
	struct ss_pile *h = &c->g->p[c->p].hand, copy;
	int cost = ss_cards[card].cost, paid;

	if (c->verdict) {
		copy.n = h->n;
		memcpy(copy.card, h->card, (size_t)h->n * sizeof h->card[0]);
		h = &copy;
	}
	ss_pile_take(h, ss_pile_find(h, card));
	if (at < w->n) {
		if (strcmp(w->w[at], "pay") != 0)
			return ss_play_no(c, "expected 'pay', found '%s'",
			    w->w[at]);
		if (w->n - at - 1 != cost)
			return ss_play_no(c, "%s costs %d card%s, %d named",
			    ss_cards[card].name, cost, cost == 1 ? "" : "s",
			    w->n - at - 1);
		for (int i = at + 1; i < w->n; i++) {
			int k;

			if (ss_play_pile_card(c, h, w->w[i], &k) < 0)
				return SS_PLAY_REFUSED;
			k = ss_pile_take(h, ss_pile_find(h, k));
			if (!c->verdict)
				ss_pile_push(&c->g->p[c->p].discard, k);
		}
		return SS_PLAY_DONE;
	}
	if (h->n < cost)
		return ss_play_no(c, "%s costs %d cards, your hand holds %d "
		    "others", ss_cards[card].name, cost, h->n);
	for (paid = 0; paid < cost && !c->verdict; paid++)
		ss_pile_push(&c->g->p[c->p].discard, ss_pile_take(h, 0));
	return SS_PLAY_DONE;
}

int
ss_play_carry(struct ss_ctx *c, struct util_words *w, int at, int from,
    int carry[SS_CARRY_MAX])
{
	int k = at, n = 0, idx[SS_EFFECTS];
	char sq[3];

	while (k < w->n && strcmp(w->w[k], "carry") != 0)
		k++;
	if (k == w->n)
		return 0;
	if (w->n - k - 1 < 1 || w->n - k - 1 > SS_CARRY_MAX)
		return ss_play_no(c, "expected 'carry CARD...', 1 to %d "
		    "Effects", SS_CARRY_MAX);
	for (int i = k + 1; i < w->n; i++)
		if ((carry[n++] = ss_cards_find(w->w[i], c->why, c->size)) < 0)
			return SS_PLAY_REFUSED;
	ss_board_name(from, sq);
	if (ss_pile_carried(c->g, from, carry, n, idx) < n)
		return ss_play_no(c, "no %s to carry on the company at %s",
		    ss_cards[carry[ss_pile_carried(c->g, from, carry, n,
		    idx)]].name, sq);
	w->n = k;
	return n;
}

int
ss_play_realm(const struct ss_game *g, int p, int s)
{
	const struct ss_square *q = &g->sq[s];

	if (q->nunits > 0)
		return q->unit[0].owner == p;
	return q->terrain != SS_NONE && q->master == p;
}

/* Does square s hold an enemy of p: Units, or an enemy Capital? */
int
ss_play_enemy(const struct ss_game *g, int p, int s)
{
	const struct ss_square *q = &g->sq[s];

	if (q->nunits > 0)
		return q->unit[0].owner != p;
	return q->terrain != SS_NONE && q->master != p &&
	    ss_cards[q->terrain].type == SS_CAPITAL;
}

int
ss_play_troops(const struct ss_square *q)
{
	int n = 0;

	for (int k = 0; k < q->nunits; k++)
		n += ss_cards[q->unit[k].card].type == SS_TROOP;
	return n;
}

static int
ss_play_terrain(struct ss_ctx *c, const struct util_words *w)
{
	int card, s, nb[SS_NEAR_MAX], n, near = 0;

	if (w->n < 3)
		return ss_play_no(c, "expected 'terrain CARD SQUARE'");
	if (ss_play_hand_card(c, w->w[1], &card) < 0 ||
	    ss_play_square(c, w->w[2], &s) < 0)
		return SS_PLAY_REFUSED;
	if (ss_cards[card].type != SS_TERRAIN)
		return ss_play_no(c, "%s is not a Terrain", ss_cards[card].name);
	if (c->g->sq[s].terrain != SS_NONE)
		return ss_play_no(c, "%s is not empty", w->w[2]);
	n = ss_board_neighbours(s, nb);
	for (int i = 0; i < n; i++)
		near |= ss_play_realm(c->g, c->p, nb[i]);
	if (!near)
		return ss_play_no(c, "%s is not near your realm", w->w[2]);
	if (ss_play_pay(c, card, w, 3) != SS_PLAY_DONE)
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
		return ss_play_no(c, "expected 'recruit CARD SQUARE'");
	if (ss_play_hand_card(c, w->w[1], &card) < 0 ||
	    ss_play_square(c, w->w[2], &s) < 0)
		return SS_PLAY_REFUSED;
	q = &c->g->sq[s];
	if (ss_cards[card].type != SS_TROOP)
		return ss_play_no(c, "%s is not a Troop", ss_cards[card].name);
	if (!ss_play_realm(c->g, c->p, s))
		return ss_play_no(c, "%s is not yours", w->w[2]);
	if ((ss_cards[q->terrain].abilities & SS_AB(RECRUIT)) == 0)
		return ss_play_no(c, "%s has no Recruit ability",
		    ss_cards[q->terrain].name);
	if ((ss_cards[q->terrain].paths & ss_cards[card].paths) == 0)
		return ss_play_no(c, "%s and %s share no path",
		    ss_cards[card].name, ss_cards[q->terrain].name);
	if (ss_play_troops(q) + 1 > ss_cards[q->terrain].limit ||
	    q->nunits >= SS_SQ_UNITS)
		return ss_play_no(c, "%s is at its Limit of %d",
		    ss_cards[q->terrain].name, ss_cards[q->terrain].limit);
	if (ss_play_pay(c, card, w, 3) != SS_PLAY_DONE)
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

static int
ss_play_attack(struct ss_ctx *c, const struct util_words *w0)
{
	int a, b, ranged, any = 0, prio[SS_PRIO_MAX], nprio = 0;
	int carry[SS_CARRY_MAX], ncarry = 0;
	struct ss_game *g = c->g;
	struct util_words t = *w0, *w = &t;

	if (w->n >= 2 && ss_play_square(c, w->w[1], &a) == 0 &&
	    (ncarry = ss_play_carry(c, w, 4, a, carry)) < 0)
		return SS_PLAY_REFUSED;
	if (w->n < 4 || (strcmp(w->w[3], "close") != 0 &&
	    strcmp(w->w[3], "ranged") != 0))
		return ss_play_no(c, "expected 'attack FROM TO close' or "
		    "'attack FROM TO ranged', then optionally 'target "
		    "CARD...' and 'carry CARD...'");
	if (w->n > 4 && (nprio = ss_react_targets(w, 4, prio, c->why,
	    c->size)) < 0)
		return SS_PLAY_REFUSED;
	if (ss_play_square(c, w->w[1], &a) < 0 ||
	    ss_play_square(c, w->w[2], &b) < 0)
		return SS_PLAY_REFUSED;
	ranged = w->w[3][0] == 'r';
	if (ranged && ncarry > 0)
		return ss_play_no(c, "only Units that claim a Terrain in close "
		    "combat carry Effects away");
	if (g->sq[a].nunits == 0 || g->sq[a].unit[0].owner != c->p)
		return ss_play_no(c, "you have no company at %s", w->w[1]);
	if (!ss_board_near(a, b))
		return ss_play_no(c, "%s is not near %s", w->w[2], w->w[1]);
	if (!ss_play_enemy(g, c->p, b))
		return ss_play_no(c, "no enemy at %s", w->w[2]);
	for (int k = 0; k < g->sq[a].nunits; k++)
		any |= ss_fight_eligible(g, a, k, ranged);
	if (!any)
		return ss_play_no(c, "no Unit at %s can attack %s now",
		    w->w[1], ranged ? "at range" : "in close combat");
	if (!ranged && (ss_cards[g->sq[b].terrain].paths &
	    ss_cards[g->sq[a].unit[0].card].paths) == 0)
		return ss_play_no(c, "your company cannot cross %s",
		    ss_cards[g->sq[b].terrain].name);
	if (c->rng != NULL)
		ss_fight(g, a, b, ranged, prio, nprio, carry, ncarry, c->rng,
		    c->ev, c->names);
	return SS_PLAY_LAST;
}

void
ss_play_zero(struct ss_game *g, struct events *ev, const char *const *names)
{
	for (int s = 0; s < SS_SQUARES; s++)
		for (int k = g->sq[s].nunits - 1; k >= 0; k--) {
			int v[SS_TRAITS];

			ss_mods_traits(g, s, k, v);
			if (v[SS_RESIST] > 0)
				continue;
			if (ev != NULL)
				events_add(ev, EVENT_ALL, "%s of %s has no "
				    "Resistance left and is destroyed.",
				    ss_cards[g->sq[s].unit[k].card].name,
				    names[g->sq[s].unit[k].owner]);
			ss_pile_unit_destroy(g, s, k);
		}
}

/* May u use its Production now? */
static int
ss_play_producer(const struct ss_unit *u)
{
	return (ss_cards[u->card].abilities & SS_AB(PRODUCTION)) &&
	    u->moves == 0 && !(u->acted & SS_ACT_PRODUCED);
}

int
ss_play_activate_test(const struct ss_square *q)
{
	const struct ss_card *t = &ss_cards[q->terrain];

	if (!(t->abilities & SS_AB(ACTIVATE)) || q->activated)
		return 1;
	return q->nunits < t->param ? 2 : 0;
}

int
ss_play_producers(const struct ss_square *q)
{
	int n = 0;

	for (int k = 0; k < q->nunits; k++)
		n += ss_play_producer(&q->unit[k]);
	return n;
}

/* activate SQ (Activate) and produce SQ (Production). */
static int
ss_play_economy(struct ss_ctx *c, const struct util_words *w)
{
	struct ss_game *g = c->g;
	struct ss_square *q;
	int s, n;

	if (w->n != 2 || ss_play_square(c, w->w[1], &s) < 0)
		return ss_play_no(c, "expected '%s SQUARE'", w->w[0]);
	q = &g->sq[s];
	if (q->nunits == 0 || q->unit[0].owner != c->p)
		return ss_play_no(c, "you have no company at %s", w->w[1]);
	if (w->w[0][0] == 'a') {
		const struct ss_card *t = &ss_cards[q->terrain];

		switch (ss_play_activate_test(q)) {
		case 1:
			return ss_play_no(c, "%s cannot be activated now",
			    t->name);
		case 2:
			return ss_play_no(c, "%s needs %d Units to activate",
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
	if ((n = ss_play_producers(q)) == 0)
		return ss_play_no(c, "no producer at %s can produce now",
		    w->w[1]);
	if (c->verdict)
		return SS_PLAY_DONE;
	for (int k = 0; k < q->nunits; k++)
		if (ss_play_producer(&q->unit[k]))
			q->unit[k].acted |= SS_ACT_PRODUCED;
	ss_pile_restore(g, c->p, n, c->ev, c->names);
	return SS_PLAY_DONE;
}

static int ss_play_one(struct ss_ctx *c, const struct util_words *w);

/* One order, its text c->text split into words. */
static int
ss_play_split(struct ss_ctx *c)
{
	struct util_words split;

	if (util_words(c->text, &split) < 0)
		split.n = 0;
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
		return ss_play_no(c, "you are out of the game");
	if ((r = w != NULL ? ss_play_one(c, w) : ss_play_split(c)) < 0 ||
	    c->verdict)
		return r;
	ss_pile_check(g, c->ev, c->names);
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

/* A standing order ("on ..."), its words w: checked, or kept. */
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
				return ss_play_no(c, "empty or too long order");
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
		return ss_play_no(c, "empty or too long order");
	if (w->n > UTIL_WORDS_MAX)
		return ss_play_no(c, "too many words");
	if (ss_play_is(w->w[0], "on"))
		return ss_play_on(c, w);
	if (ss_play_is(w->w[0], "standing")) {
		if (w->n != 2 || strcmp(w->w[1], "clear") != 0)
			return ss_play_no(c, "expected 'standing clear'");
		if (!c->verdict)
			g->p[p].nstanding = 0;
		return SS_PLAY_DONE;
	}
	if (g->stage == SS_STAGE_DRAW) {
		int card;

		if (ss_play_is(w->w[0], "draw") && w->n == 1)
			return SS_PLAY_LAST;
		if (!ss_play_is(w->w[0], "discard") || w->n != 2)
			return ss_play_no(c, "expected 'discard CARD' or "
			    "'draw'");
		if (ss_play_hand_card(c, w->w[1], &card) < 0)
			return SS_PLAY_REFUSED;
		if (c->verdict)
			return SS_PLAY_DONE;
		ss_pile_push(&g->p[p].discard, ss_pile_take(&g->p[p].hand,
		    ss_pile_find(&g->p[p].hand, card)));
		return SS_PLAY_DONE;
	}
	if (ss_play_is(w->w[0], "end") && w->n == 1)
		return SS_PLAY_LAST;
	if (ss_play_is(w->w[0], "seppuku") && w->n == 1) {
		if (ev != NULL)
			ss_pile_out(g, p, "seppuku", ev, names);
		return SS_PLAY_LAST;
	}
	for (size_t i = 0; i < sizeof ss_play_main / sizeof ss_play_main[0];
	    i++)
		if (ss_play_is(w->w[0], ss_play_main[i].word))
			return ss_play_main[i].fn(c, w);
	return ss_play_no(c, "unknown order '%s'", w->w[0]);
}
