/* ss_cast.c - "cast CARD TARGET...": Events cast in the Main Stage (on
 * a Unit, a company, a Terrain, a player or an Event in play), and the
 * reaction that may annul a cast (Dispel by a standing order,
 * ss_react.c); Earthquake's roll is ss_chaos.c's. */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"
#include "ss_order.h"

/* After card is paid for: does an opponent's standing order annul it
 * (Dispel, ss_react_annul)?  Then it is on its caster's Discard Pile,
 * the order ends the answer, cut short (SS_PLAY_CUT: the caster owes the
 * Main Stage again, seeing it), and 1 is returned.  Only when applying: checking never
 * fires reactions. */
static int
ss_cast_annulled(struct ss_ctx *c, int card)
{
	if (c->ev == NULL)
		return 0;
	return ss_react_annul(c->g, c->p, card, c->ev, c->names);
}

/* cast earthquake SQ: Chaos, rolled at once (ss_chaos_quake).  Rolls a
 * die, so it ends the answer. */
static int
ss_cast_chaos(struct ss_ctx *c, int card, int s, const struct util_words *w)
{
	if (ss_cards[c->g->sq[s].terrain].type == SS_CAPITAL)
		return ss_order_no(c, "%s cannot strike a Capital",
		    ss_cards[card].name);
	if (ss_order_pay(c, card, w, 3) != SS_PLAY_DONE)
		return SS_PLAY_REFUSED;
	if (c->rng == NULL)
		return SS_PLAY_LAST;
	if (ss_cast_annulled(c, card))
		return SS_PLAY_CUT;
	ss_chaos_quake(c->g, c->p, card, s, c->rng, c->ev, c->names);
	return SS_PLAY_LAST;
}

/* cast CARD TARGET...: the Events castable in the Main Stage. */
int
ss_cast_order(struct ss_ctx *c, const struct util_words *w)
{
	struct ss_game *g = c->g;
	int card, s = SS_NONE, unit = SS_NONE, at = 3, target;
	struct ss_effect *f;

	if (w->n < 3)
		return ss_order_no(c, "expected 'cast CARD TARGET'");
	if (ss_order_hand_card(c, w->w[1], &card) < 0)
		return SS_PLAY_REFUSED;
	if (ss_cards[card].type != SS_EVENT)
		return ss_order_no(c, "%s is not an Event",
		    ss_cards[card].name);
	target = ss_cards[card].target;
	if (target == SS_TG_PLAYER) {
		int who = ss_state_named(g, w->w[2]) + 1;

		if (who == 0 || g->p[who - 1].out)
			return ss_order_no(c, "expected 'cast %s PLAYER', "
			    "PLAYER a player still in: a name, or a number "
			    "from 1 to %d as the board's player list numbers "
			    "them", ss_cards[card].word, g->n);
		if (ss_order_pay(c, card, w, 3) != SS_PLAY_DONE)
			return SS_PLAY_REFUSED;
		if (c->verdict)
			return SS_PLAY_DONE;
		if (ss_cast_annulled(c, card))
			return SS_PLAY_CUT;
		ss_pile_draw(g, (int)who - 1, 2);
		ss_pile_push(&g->p[c->p].discard, card);
		if (c->ev != NULL)
			events_add(c->ev, EVENT_ALL, "%s casts %s: %s draws 2 "
			    "cards.", c->names[c->p], ss_cards[card].name,
			    c->names[who - 1]);
		return SS_PLAY_DONE;
	}
	if (ss_order_square(c, w->w[2], &s) < 0)
		return SS_PLAY_REFUSED;
	if (g->sq[s].terrain == SS_NONE)
		return ss_order_no(c, "no terrain at %s", w->w[2]);
	if (target == SS_TG_UNIT) {
		long long k;

		if (g->sq[s].nunits == 0)
			return ss_order_no(c, "no Unit at %s to cast %s on",
			    w->w[2], ss_cards[card].name);
		if (w->n < 4 || util_parse_int(w->w[3], 1, g->sq[s].nunits,
		    &k) < 0)
			return g->sq[s].nunits == 1 ? ss_order_no(c,
			    "expected 'cast %s %s 1': 1 is the only Unit at %s",
			    ss_cards[card].word, w->w[2], w->w[2]) :
			    ss_order_no(c, "expected 'cast %s %s N', N from 1 "
			    "to %d, a Unit at %s as the board lists them",
			    ss_cards[card].word, w->w[2], g->sq[s].nunits,
			    w->w[2]);
		unit = (int)k - 1;
		at = 4;
	} else if (target == SS_TG_COMPANY && g->sq[s].nunits == 0) {
		return ss_order_no(c, "no company at %s", w->w[2]);
	} else if (target == SS_TG_EVENT) {
		int k2, found = -1, conj = -1;

		if (w->n < 4 || (k2 = ss_cards_find(w->w[3], c->why,
		    c->size)) < 0)
			return ss_order_no(c, "expected 'cast %s SQUARE EVENT'",
			    ss_cards[card].word);
		for (int i = 0; i < g->neffects && found < 0; i++)
			if (g->effect[i].sq == s && g->effect[i].card == k2)
				found = i;
		/* An Event acting as a Unit (Native Barbarian) is in play as
		 * a Unit: annulled, it is destroyed "as an Event". */
		for (int k = 0; k < g->sq[s].nunits && found < 0 && conj < 0 &&
		    ss_cards[k2].type == SS_EVENT; k++)
			if (g->sq[s].unit[k].card == k2)
				conj = k;
		if (found < 0 && conj < 0)
			return ss_order_no(c, "no %s in play at %s",
			    ss_cards[k2].name, w->w[2]);
		if (ss_order_pay(c, card, w, 4) != SS_PLAY_DONE)
			return SS_PLAY_REFUSED;
		if (c->verdict)
			return SS_PLAY_DONE;
		if (ss_cast_annulled(c, card))
			return SS_PLAY_CUT;
		if (c->ev != NULL)
			events_add(c->ev, EVENT_ALL, "%s casts %s: %s at %s "
			    "is annulled.", c->names[c->p],
			    ss_cards[card].name, ss_cards[k2].name, w->w[2]);
		if (found >= 0) {
			ss_pile_effect_end(g, found);
		} else {
			if (c->ev != NULL)
				events_add(c->ev, EVENT_ALL, "%s of %s is "
				    "destroyed.", ss_cards[k2].name,
				    c->names[g->sq[s].unit[conj].owner]);
			ss_pile_unit_destroy(g, s, conj);
		}
		ss_pile_push(&g->p[c->p].discard, card);
		return SS_PLAY_DONE;
	} else if (target != SS_TG_COMPANY && target != SS_TG_TERRAIN) {
		return ss_order_no(c, "%s is not cast this way (see the man "
		    "page)", ss_cards[card].name);
	}
	if (ss_cards[card].abilities & (SS_AB(CONTINGENCY) |
	    SS_AB(INTERRUPT) | SS_AB(INTERRUPTS_ROLL)))
		return ss_order_no(c, "%s is cast by a standing order, 'on ... "
		    "cast %s' (see the man page)", ss_cards[card].name,
		    ss_cards[card].word);
	if (ss_cards[card].abilities & SS_AB(CHAOS))
		return ss_cast_chaos(c, card, s, w);
	if (g->neffects >= SS_EFFECTS)
		return ss_order_no(c, "too many Effects in play");
	if (ss_cards[card].abilities & SS_AB(ACTS_AS_UNIT)) {
		struct ss_square *q = &g->sq[s];

		/* Anywhere on the board (the text), where the Unit it acts
		 * as may stand: a Terrain it shares a path with, held by no
		 * enemy. */
		if (q->terrain == SS_NONE || ss_square_enemy(g, c->p, s))
			return ss_order_no(c, "%s must be cast on a terrain "
			    "that holds no enemy", ss_cards[card].name);
		if ((ss_cards[q->terrain].paths & ss_cards[card].paths) == 0)
			return ss_order_no(c, "%s and %s share no path",
			    ss_cards[card].name, ss_cards[q->terrain].name);
		if (q->nunits >= SS_SQ_UNITS)
			return ss_order_no(c, "%s holds too many Units",
			    w->w[2]);
		if (ss_order_pay(c, card, w, at) != SS_PLAY_DONE)
			return SS_PLAY_REFUSED;
		if (c->verdict)
			return SS_PLAY_DONE;
		if (ss_cast_annulled(c, card))
			return SS_PLAY_CUT;
		memset(&q->unit[q->nunits], 0, sizeof q->unit[0]);
		q->unit[q->nunits].card = card;
		q->unit[q->nunits].owner = c->p;
		q->nunits++;
	} else {
		if (ss_order_pay(c, card, w, at) != SS_PLAY_DONE)
			return SS_PLAY_REFUSED;
		if (c->verdict)
			return SS_PLAY_DONE;
		if (ss_cast_annulled(c, card))
			return SS_PLAY_CUT;
		f = &g->effect[g->neffects++];
		f->card = card;
		f->caster = c->p;
		f->round_of = g->active;
		f->sq = s;
		f->unit = unit;
		f->duration = ss_cards[card].duration;
	}
	if (c->ev != NULL)
		events_add(c->ev, EVENT_ALL, "%s casts %s on %s.",
		    c->names[c->p], ss_cards[card].name, w->w[2]);
	ss_pile_zero(g, c->ev, c->names);
	return SS_PLAY_DONE;
}
