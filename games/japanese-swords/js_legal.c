/* js_legal.c - validate, and the legal orders.
 *
 * validate judges a player's orders for the decision owed, each in the
 * context of the accepted ones before it; legal lists orders validate
 * accepts next (and legal_pick counts them and writes the one chosen,
 * from the same walk), first the default for a missed deadline:
 *
 *   rps       rps rock, rps paper, rps scissors
 *   turn      done, then a sample in phase order: play prosperity; raise
 *   march     an army at the first square allowed; draw 1; play
 *             much-honor; honor N with N as high as the gold allows (12
 *             at most); Ninja on the first enemy army with experience;
 *             Spies on the first rival; Intrigue on each rival; Forced
 *             March on the first army; each one-square move of each army,
 *             by square; each attack, by square.  Trades and disbanding
 *             are never proposed.  After 40 orders, only done.
 *   intrigue  lose honor, then lose cards (the 3 least worth keeping)
 *             if 3 are held
 *   battle    the default set (the best troops and Superior Tactics),
 *             then each card of the hand alone */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "js.h"

#define JS_LEGAL_LONG 40 /* orders in a turn after which only done is offered */

/* A turn or Forced March being planned on a copy of the game. */
struct js_legal_plan {
	struct js g;
	struct js_run r;
};

static void
js_legal_plan_start(struct js_legal_plan *p, const struct js *g, int player)
{
	p->g = *g;
	js_turn_start(&p->r, &p->g, player, NULL, NULL);
	if (g->phase == JS_P_TURN)
		js_trade_drop(&p->g, player, 0, NULL);
}

static int
js_legal_plan_act(struct js_legal_plan *p, const struct js_act *a, char *why,
    size_t size)
{
	struct js_legal_plan save;
	struct js_turn_undo u;
	int rc;

	/* An order that stays in the phase reached is checked before it
	 * changes anything; others may run phases first, so keep what
	 * those change (a trade, which may change more: the whole plan). */
	if (js_turn_phase(a) <= p->r.tp && a->verb != JS_V_TRADE)
		return js_turn_take(&p->r, a, why, size);
	if (a->verb != JS_V_TRADE) {
		js_turn_undo_keep(&p->r, &u);
		if ((rc = js_turn_take(&p->r, a, why, size)) < 0)
			js_turn_undo(&p->r, &u);
		return rc;
	}
	save = *p;
	if ((rc = js_turn_take(&p->r, a, why, size)) < 0) {
		*p = save;
		p->r.g = &p->g;
	}
	return rc;
}

static int
js_legal_plan_take(struct js_legal_plan *p, const char *text, char *why,
    size_t size)
{
	struct js_act a;

	if (p->g.phase == JS_P_OVER) {
		/* An earlier order won the game: done is harmless. */
		if (strcasecmp(text, "done") == 0)
			return 0;
		game_why(why, size, "the game is over before this order: %.120s",
		    p->g.reason);
		return -1;
	}
	if (js_order_read(&p->g, text, &a, why, size) < 0)
		return -1;
	return js_legal_plan_act(p, &a, why, size);
}

/* The Intrigue answers so far: the hand left and how many are given. */
static int
js_legal_lose(const struct js *g, int player, struct js_act *a, int *hand,
    int *given, char *why, size_t size)
{
	int k = js_cards_count(hand);

	if (*given == js_flow_owes(g, player)) {
		game_why(why, size, "every Intrigue against you is answered");
		return -1;
	}
	if (a->verb != JS_V_LOSE)
		return -1;
	if (!a->n && k < 3) {
		game_why(why, size, "you hold %d card%s, fewer than the 3 "
		    "Intrigue takes: lose honor", k, k == 1 ? "" : "s");
		return -1;
	}
	if (!a->n && a->ncards != 3) {
		game_why(why, size, "Intrigue takes 3 cards: name 3");
		return -1;
	}
	for (int c = 0; c < JS_NCARDS && !a->n; c++)
		if (a->cards[c] > hand[c]) {
			game_why(why, size, "you hold %d %s, not %d", hand[c],
			    js_cards[c].name, a->cards[c]);
			return -1;
		}
	for (int c = 0; c < JS_NCARDS && !a->n; c++)
		hand[c] -= a->cards[c];
	(*given)++;
	return 0;
}

/* One order of a simple (not turn) decision; *state counts what is
 * given: rps 1; battle bit 1 cards, bit 2 keep; intrigue the answers. */
static int
js_legal_simple(const struct js *g, int player, const char *text, int *hand,
    int *state, char *why, size_t size)
{
	struct js_act a;

	if (js_order_read(g, text, &a, why, size) < 0)
		return -1;
	switch (g->phase) {
	case JS_P_RPS:
		if (*state) {
			game_why(why, size, "one throw");
			return -1;
		}
		*state = 1;
		return 0;
	case JS_P_INTRIGUE:
		return js_legal_lose(g, player, &a, hand, state, why, size);
	default:
		if (*state & (a.verb == JS_V_BATTLE ? 1 : 2)) {
			game_why(why, size, "one %s order", a.verb ==
			    JS_V_BATTLE ? "battle" : "keep");
			return -1;
		}
		if (js_battle_check(g, player, &a, why, size) < 0)
			return -1;
		*state |= a.verb == JS_V_BATTLE ? 1 : 2;
		return 0;
	}
}

static int
js_legal_simple_done(const struct js *g, int player, int state)
{
	switch (g->phase) {
	case JS_P_RPS: return state;
	case JS_P_INTRIGUE: return state == js_flow_owes(g, player);
	default: return state & 1;
	}
}

/* The plan of the last turn answer judged or walked, kept for the next
 * call: validate, legal_pick and resolve are asked again and again about
 * the same game and player with the same orders, or the same and one
 * more (a pick after each order, validate twice, the defaults of a missed
 * deadline order by order), and each call planned every order again on a
 * fresh copy of the game.  The memo is keyed on the game's bytes (src,
 * compared whole: a game changed in place or another at the same address
 * is a miss) and the player, and holds the plan after its n orders, all
 * accepted (their texts, and whether the answer was complete after each).
 * A call whose orders start with the memo's goes on from its plan; any
 * other starts it again.  The plan is a function of the game's bytes, the
 * player and the texts alone, so a hit gives what planning afresh gives;
 * test_japanese_swords checks it against js_legal_forget.  An order
 * refused, or one it has no room for, ends the memo: the rest of the call
 * goes on with its plan as a scratch copy.  gunbai is single-threaded. */
static struct js_legal_memo {
	struct game_memo o; /* the orders, their texts (game.h) */
	struct js src;
	struct js_legal_plan plan;
} js_legal_memo;

void
js_legal_forget(void)
{
	js_legal_memo.o.valid = 0;
}

/* The memo made g's and player's, with the plan after the longest start
 * of o[0..n) it holds (after exactly n orders if exact, as a walk needs);
 * returns how many orders of o that is. */
static size_t
js_legal_memo_find(const struct js *g, int player, const struct order *o,
    size_t n, int exact)
{
	struct js_legal_memo *m = &js_legal_memo;

	if (m->o.valid && m->o.player == player &&
	    memcmp(&m->src, g, sizeof *g) == 0) {
		size_t k = game_memo_match(&m->o, o, n);
		if (k == m->o.n || (k == n && !exact))
			return k;
	} else {
		m->src = *g;
	}
	js_legal_plan_start(&m->plan, &m->src, player);
	game_memo_restart(&m->o, player, js_turn_complete(&m->plan.r));
	return 0;
}

/* Order o (the memo's n-th if it is valid) taken on the memo's plan;
 * kept in the memo if accepted and there is room, else the memo ends. */
static void
js_legal_memo_take(const struct order *o, char *why, size_t size)
{
	struct js_legal_memo *m = &js_legal_memo;

	why[0] = '\0';
	js_legal_plan_take(&m->plan, o->text, why, size);
	game_memo_take(&m->o, o->text, why[0] == '\0',
	    js_turn_complete(&m->plan.r));
}

/* validate's work; with v NULL, only whether every order is accepted
 * and the answer complete (resolve's check, which keeps no verdicts). */
static int
js_legal_judge(const struct js *g, int player, const struct order *o,
    size_t n, struct verdict *v)
{
	int owes = js_flow_owes(g, player), state = 0, hand[JS_NCARDS];
	int turn = g->phase == JS_P_TURN || g->phase == JS_P_MARCH;
	char reason[GAME_REASON_MAX];
	int all = 1;
	size_t k = 0;

	if (owes && turn) {
		/* The orders the memo holds were accepted. */
		k = js_legal_memo_find(g, player, o, n, 0);
		for (size_t i = 0; i < k && v != NULL; i++) {
			v[i].accepted = 1;
			v[i].reason[0] = '\0';
		}
		if (k == n)
			return js_legal_memo.o.complete[n];
	}
	memcpy(hand, g->clans[player].hand, sizeof hand);
	for (size_t i = k; i < n; i++) {
		char *why = v != NULL ? v[i].reason : reason;

		why[0] = '\0';
		if (!owes)
			snprintf(why, GAME_REASON_MAX, "%s owes no orders now",
			    g->names[player]);
		else if (turn)
			js_legal_memo_take(&o[i], why, GAME_REASON_MAX);
		else
			js_legal_simple(g, player, o[i].text, hand, &state, why,
			    GAME_REASON_MAX);
		all &= why[0] == '\0';
		if (v != NULL)
			v[i].accepted = why[0] == '\0';
	}
	return owes && (v != NULL || all) && (turn ?
	    js_turn_complete(&js_legal_memo.plan.r) :
	    js_legal_simple_done(g, player, state));
}

int
js_legal_validate(const void *g, int player, const struct order *o,
    size_t n, struct verdict *v)
{
	return js_legal_judge(g, player, o, n, v);
}

int
js_legal_valid(const struct js *g, int player, const struct order *o,
    size_t n)
{
	return js_legal_judge(g, player, o, n, NULL);
}

/* The note of a battle decision's last order: a card both set aside
 * and kept is discarded when revealed, so keep does not keep it. */
static void
js_legal_note_battle(const struct js *g, int player, const struct order *o,
    size_t n, char *note, size_t size)
{
	struct js_act a, b;
	char why[GAME_REASON_MAX];
	int kept[JS_NCARDS] = { 0 };

	if (js_order_read(g, o[n - 1].text, &a, why, sizeof why) < 0 ||
	    (a.verb != JS_V_BATTLE && a.verb != JS_V_KEEP))
		return;
	for (size_t i = 0; i + 1 < n; i++) {
		if (js_order_read(g, o[i].text, &b, why, sizeof why) < 0 ||
		    b.verb == a.verb ||
		    (b.verb != JS_V_BATTLE && b.verb != JS_V_KEEP))
			continue;
		if (a.verb == JS_V_KEEP) {
			struct js_act t = a;

			a = b;
			b = t;
		}
		/* a sets aside, b keeps. */
		for (int k = 0; k < b.nlist; k++)
			kept[b.list[k]]++;
		for (int c = 0; c < JS_NCARDS; c++)
			if (kept[c] > 0 && a.cards[c] > 0 && kept[c] +
			    a.cards[c] > g->clans[player].hand[c]) {
				snprintf(note, size, "%s is set aside for the "
				    "battle and discarded when revealed: "
				    "keep cannot keep it", js_cards[c].name);
				return;
			}
		return;
	}
}

void
js_legal_note(const void *vg, int player, const struct order *o, size_t n,
    char *note, size_t size)
{
	const struct js *g = vg;
	struct js_legal_plan *p;
	struct js_act a;
	char why[GAME_REASON_MAX];
	int before, after, armies, ok = 1, home;
	char s[4];

	note[0] = '\0';
	if (n > 0 && g->phase == JS_P_BATTLE) {
		js_legal_note_battle(g, player, o, n, note, size);
		return;
	}
	if (n > 0 && (g->phase == JS_P_TURN || g->phase == JS_P_MARCH) &&
	    g->active == player &&
	    js_order_read(g, o[n - 1].text, &a, why, sizeof why) == 0 &&
	    a.verb == JS_V_ATTACK && (home = js_site_home(g, player)) !=
	    JS_NONE && g->sites[home].sq == a.sq[1]) {
		snprintf(note, size, "the army attacks out of %s's home "
		    "fortress %s: if it loses the battle, the winner moves "
		    "into %s and %s is out of the game", g->names[player],
		    js_map_name(a.sq[1], s), s, g->names[player]);
		return;
	}
	if (n == 0 || g->phase != JS_P_TURN || g->active != player ||
	    js_order_read(g, o[n - 1].text, &a, why, sizeof why) < 0 ||
	    (a.verb != JS_V_TRADE && (a.verb != JS_V_PLAY ||
	    js_cards[a.card].phase <= JS_TP_DRAW)))
		return;
	/* The plan before the order and after it: a trade made now (an
	 * offer taken up) moves gold before upkeep; an offer moves none.
	 * A card played after the draw and not held when the orders before
	 * it are played is judged on its target alone: it plays only if
	 * this turn's draw brings it. */
	if (a.verb == JS_V_PLAY && g->clans[player].hand[a.card] == 0) {
		/* Not held when the turn begins: only a trade before it could
		 * bring one before the draw (the plan, below, would say). */
		size_t i;

		for (i = 0; i + 1 < n; i++)
			if (strncasecmp(o[i].text, "trade", 5) == 0)
				break;
		if (i + 1 >= n) {
			snprintf(note, size, "%s holds no %s now: it plays "
			    "only if this turn's draw brings one",
			    g->names[player], js_cards[a.card].name);
			return;
		}
	}
	p = util_malloc(sizeof *p);
	js_legal_plan_start(p, g, player);
	for (size_t i = 0; i + 1 < n && ok; i++)
		ok = js_legal_plan_take(p, o[i].text, why, sizeof why) == 0;
	if (a.verb == JS_V_PLAY) {
		if (ok && p->g.clans[player].hand[a.card] == 0)
			snprintf(note, size, "%s holds no %s%s: it plays "
			    "only if this turn's draw brings one", g->names[player],
			    js_cards[a.card].name, g->clans[player].hand[a.card]
			    > 0 ? " left after the plays before it" : " now");
		free(p);
		return;
	}
	before = p->g.clans[player].gold;
	ok = ok && js_legal_plan_take(p, o[n - 1].text, why, sizeof why) == 0;
	after = p->g.clans[player].gold;
	armies = js_army_count(&p->g, player);
	if (ok && after < before && p->r.tp < JS_TP_RAISE && after < armies)
		snprintf(note, size, "this trade leaves %s %d gold for the "
		    "upkeep of %d arm%s: %d will be disbanded at upkeep (the "
		    "least experienced first) unless %s gets gold or disbands "
		    "by order", g->names[player], after, armies,
		    armies == 1 ? "y" : "ies", armies - after, g->names[player]);
	free(p);
}

/* The walk over the legal next orders, shared by legal (every order
 * written) and legal_pick (only the one chosen written): a turn's
 * candidates are checked on the plan as it walks forward and the legal
 * ones kept, compactly, in the documented order; a simple decision's few
 * orders are listed as text.  test_harness checks that legal_pick counts
 * and picks what legal lists. */
/* At most: done, Prosperity, raise, draw, Much Honor, 12 honor orders,
 * Ninja, Spies, an Intrigue per rival (22 with 4 players); a Forced March
 * and 4 moves and 4 attacks an army. */
#define JS_LEGAL_CANDS (24 + 1 + 8 * JS_ARMY_MAX)

struct js_legal_cand {
	signed char verb, card, player, n, nsq, sq[2];
};

struct js_legal_walk {
	struct js_legal_plan *p; /* a turn: the plan after the prefix (the
	                          * memo's), walked forward */
	struct js_turn_undo undo; /* a turn: what the walk changes in it */
	size_t n;                /* a turn: the candidates kept */
	struct js_legal_cand v[JS_LEGAL_CANDS];
	struct js_act act;       /* a turn: the candidate checked */
	/* A simple decision: its ntexts orders, each ending with a NUL, in
	 * texts (the caller's buffer, emptied by the walk), order k from
	 * byte at[k]: no allocation per order (legal_pick asks at every
	 * battle, Intrigue and throw). */
	struct sbuf *texts;
	size_t ntexts;
	size_t at[JS_NCARDS + 1];
};

/* s added to the walk's orders. */
static void
js_legal_text(struct js_legal_walk *w, const char *s)
{
	w->at[w->ntexts++] = w->texts->len;
	sbuf_add(w->texts, s, strlen(s) + 1);
}

/* Candidate c as the order js_turn_check and js_order_write take: a
 * has every other field zero. */
static const struct js_act *
js_legal_act(struct js_legal_cand c, struct js_act *a)
{
	a->verb = c.verb;
	a->card = c.card;
	a->player = c.player;
	a->n = c.n;
	a->nsq = c.nsq;
	a->sq[0] = c.sq[0];
	a->sq[1] = c.sq[1];
	return a;
}

static void
js_legal_add(struct js_legal_walk *w, struct js_legal_cand c)
{
	/* Only the verdict is wanted: no reason is written. */
	if (c.verb != JS_V_DONE && js_turn_check(&w->p->r, js_legal_act(c,
	    &w->act), NULL, 0) < 0)
		return;
	if (w->n == JS_LEGAL_CANDS)
		abort(); /* JS_LEGAL_CANDS counts every candidate */
	w->v[w->n++] = c;
}

/* Candidate k written as an order. */
static void
js_legal_write(const struct js_legal_walk *w, size_t k, struct sbuf *out)
{
	struct js_act a = { 0 };

	js_order_write(&w->p->g, js_legal_act(w->v[k], &a), out);
}

static void
js_legal_honor(struct js_legal_walk *w)
{
	const struct js *g = &w->p->g;
	int p = w->p->r.player, n = g->clans[p].gold / JS_HONOR_COST;
	int ninja = JS_SQUARES;

	js_legal_add(w, (struct js_legal_cand){ .verb = JS_V_PLAY,
	    .card = JS_CARD_MUCH_HONOR });
	if (n > 12)
		n = 12;
	for (int k = n; k > 0 && !w->p->r.bought; k--)
		js_legal_add(w, (struct js_legal_cand){ .verb = JS_V_HONOR, .n = k });
	/* Ninja on the first square (in square order) with a rival's
	 * army of some experience. */
	for (int i = 0; i < JS_ARMIES; i++) {
		const struct js_army *a = &g->armies[i];

		if (a->sq >= 0 && a->sq < ninja && a->owner != p && a->exp > 0)
			ninja = a->sq;
	}
	if (ninja < JS_SQUARES)
		js_legal_add(w, (struct js_legal_cand){ .verb = JS_V_PLAY,
		    .card = JS_CARD_NINJA, .nsq = 1, .sq = { ninja } });
	for (int t = 0, spies = 0; t < g->nplayers; t++) {
		if (t == p || g->clans[t].out)
			continue;
		if (!spies++)
			js_legal_add(w, (struct js_legal_cand){ .verb = JS_V_PLAY,
			    .card = JS_CARD_SHINOBI_SPIES, .player = t });
		js_legal_add(w, (struct js_legal_cand){ .verb = JS_V_PLAY,
		    .card = JS_CARD_INTRIGUE, .player = t });
	}
}

static void
js_legal_travel(struct js_legal_walk *w, int battle)
{
	int p = w->p->r.player, marched = w->p->r.march;
	const struct js_army *const *at = w->p->r.at;
	int nb[4], k;

	/* The player's armies in square order, from the phase's table
	 * (js_legal_phase). */
	for (int sq = 0; sq < JS_SQUARES; sq++) {
		const struct js_army *a = at[sq];

		if (a == NULL || a->owner != p)
			continue;
		k = js_map_neighbours(sq, nb);
		if (!battle && !marched && !a->march) {
			js_legal_add(w, (struct js_legal_cand){ .verb = JS_V_PLAY,
			    .card = JS_CARD_FORCED_MARCH, .nsq = 1,
			    .sq = { sq } });
			marched = 1;
		}
		for (int d = 0; d < k; d++)
			js_legal_add(w, (struct js_legal_cand){ .verb = battle ?
			    JS_V_ATTACK : JS_V_MOVE, .nsq = 2, .sq = { battle ?
			    nb[d] : sq, battle ? sq : nb[d] } });
	}
}

/* The sample of one phase, on the plan which has reached it. */
static void
js_legal_phase(struct js_legal_walk *w, int tp)
{
	switch (tp) {
	case JS_TP_REVENUE:
		js_legal_add(w, (struct js_legal_cand){ .verb = JS_V_PLAY,
		    .card = JS_CARD_PROSPERITY });
		break;
	case JS_TP_RAISE: {
		/* The first square allowed; the check refuses a square not
		 * near a fortress held, so those are not asked. */
		char near[JS_SQUARES];

		js_turn_raise_table(&w->p->g, w->p->r.player, near);
		for (int sq = 0, n = (int)w->n; sq < JS_SQUARES &&
		    (int)w->n == n; sq++)
			if (near[sq])
				js_legal_add(w, (struct js_legal_cand){
				    .verb = JS_V_RAISE, .nsq = 1,
				    .sq = { sq } });
		break;
	}
	case JS_TP_DRAW:
		if (!w->p->r.drew)
			js_legal_add(w, (struct js_legal_cand){ .verb = JS_V_DRAW,
			    .n = 1 });
		break;
	case JS_TP_HONOR:
		js_legal_honor(w);
		break;
	case JS_TP_TRAVEL:
	case JS_TP_BATTLE: {
		/* Many candidates, each looking armies up: one table for
		 * them all, dropped before the plan moves again. */
		const struct js_army *at[JS_SQUARES];

		js_army_table(&w->p->g, at);
		w->p->r.at = at;
		js_legal_travel(w, tp == JS_TP_BATTLE);
		w->p->r.at = NULL;
		break;
	}
	default:
		break;
	}
}

static void
js_legal_turn(const struct js *g, int player, const struct order *prefix,
    size_t n, struct js_legal_walk *w)
{
	struct js_legal_plan *p = &js_legal_memo.plan;
	char why[GAME_REASON_MAX];
	int from;

	for (size_t i = js_legal_memo_find(g, player, prefix, n, 1); i < n; i++)
		js_legal_memo_take(&prefix[i], why, sizeof why);
	w->p = p;
	js_turn_undo_keep(&p->r, &w->undo);
	if (js_turn_complete(&p->r))
		return;
	js_legal_add(w, (struct js_legal_cand){ .verb = JS_V_DONE });
	/* The plan walked forward phase by phase: js_turn_reach only walks
	 * forward and listing a phase changes nothing, so the plan at each
	 * phase is what a fresh copy brought there would be.  What reaching
	 * the phases changed is undone after (js_legal_walk_end): the plan
	 * stays the prefix's for the next call. */
	from = p->r.tp;
	for (int tp = JS_TP_REVENUE; tp < JS_TP_END && n < JS_LEGAL_LONG;
	    tp++) {
		if (tp < from)
			continue;
		js_turn_reach(&p->r, tp);
		if (p->g.phase == JS_P_OVER)
			break;
		js_legal_phase(w, tp);
	}
}

static void
js_legal_cards(struct js_legal_walk *w, const char *head, const int *cards)
{
	w->at[w->ntexts++] = w->texts->len;
	sbuf_puts(w->texts, head);
	js_cards_words(cards, w->texts);
	sbuf_putc(w->texts, '\0');
}

/* The walk for player after prefix: w->n candidates of a turn, or the
 * orders of a simple decision in w->texts. */
static void
js_legal_walk(const struct js *g, int player, const struct order *prefix,
    size_t n, struct js_legal_walk *w)
{
	int state = 0, hand[JS_NCARDS], pick[JS_NCARDS], k;
	char why[GAME_REASON_MAX];

	w->n = w->ntexts = 0;
	w->p = NULL;
	sbuf_clear(w->texts);
	memset(&w->act, 0, sizeof w->act);
	if (!js_flow_owes(g, player))
		return;
	if (g->phase == JS_P_TURN || g->phase == JS_P_MARCH) {
		js_legal_turn(g, player, prefix, n, w);
		return;
	}
	memcpy(hand, g->clans[player].hand, sizeof hand);
	for (size_t i = 0; i < n; i++)
		js_legal_simple(g, player, prefix[i].text, hand, &state, why,
		    sizeof why);
	if (js_legal_simple_done(g, player, state))
		return;
	switch (g->phase) {
	case JS_P_RPS:
		js_legal_text(w, "rps rock");
		js_legal_text(w, "rps paper");
		js_legal_text(w, "rps scissors");
		return;
	case JS_P_INTRIGUE:
		js_legal_text(w, "lose honor");
		if (js_cards_count(hand) < 3)
			return;
		memset(pick, 0, sizeof pick);
		k = 3;
		for (int i = JS_NCARDS - 1; i >= 0 && k > 0; i--)
			while (pick[js_cards_rank[i]] < hand[js_cards_rank[i]] &&
			    k > 0) {
				pick[js_cards_rank[i]]++;
				k--;
			}
		js_legal_cards(w, "lose cards ", pick);
		return;
	default:
		js_battle_default(g, player, pick);
		js_legal_cards(w, "battle cards ", pick);
		for (int c = 0; c < JS_NCARDS; c++) {
			int one[JS_NCARDS] = { 0 };

			one[c] = 1;
			if (hand[c] > 0 && memcmp(one, pick, sizeof one) != 0)
				js_legal_cards(w, "battle cards ", one);
		}
		return;
	}
}

/* The memo's plan given back as the prefix left it, after the candidates
 * are written. */
static void
js_legal_walk_end(struct js_legal_walk *w)
{
	if (w->p != NULL)
		js_turn_undo(&w->p->r, &w->undo);
}

void
js_legal_list(const void *vg, int player, const struct order *prefix,
    size_t n, struct strlist *out)
{
	struct js_legal_walk w;
	struct sbuf b, texts;

	sbuf_init(&b);
	sbuf_init(&texts);
	w.texts = &texts;
	js_legal_walk(vg, player, prefix, n, &w);
	for (size_t k = 0; k < w.ntexts; k++)
		strlist_add(out, texts.p + w.at[k]);
	for (size_t k = 0; k < w.n; k++) {
		js_legal_write(&w, k, sbuf_clear(&b));
		strlist_add(out, b.p);
	}
	sbuf_free(&b);
	sbuf_free(&texts);
	js_legal_walk_end(&w);
}

size_t
js_legal_pick(const void *vg, int player, const struct order *prefix,
    size_t n, game_choose *choose, void *arg, char *buf, size_t size)
{
	/* Used again at every pick (emptied first): no allocation a pick
	 * once they have grown. */
	static struct sbuf b, texts;
	struct js_legal_walk w;
	size_t count;

	w.texts = &texts;
	js_legal_walk(vg, player, prefix, n, &w);
	if ((count = w.n + w.ntexts) > 0) {
		size_t k = choose(arg, count);
		const char *pick = w.ntexts > 0 ? texts.p + w.at[k] : NULL;

		if (pick == NULL) {
			js_legal_write(&w, k, sbuf_clear(&b));
			pick = b.p;
		}
		util_join(buf, size, &pick, 1);
	}
	js_legal_walk_end(&w);
	return count;
}
