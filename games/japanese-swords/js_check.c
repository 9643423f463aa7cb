/* js_check.c - what a game must keep to be one that play can reach.
 *
 * Load reads each key on its own (js_state.c); this checks how they fit
 * together, so that a hand-edited or damaged state is refused with the
 * reason rather than played under rules it breaks. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "js.h"

static int
js_check_fail(char *why, size_t size, const char *fmt, ...) GB_PRINTF(3, 4);

static int
js_check_fail(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return -1;
}

static int
js_check_cards(const struct js *g, char *why, size_t size)
{
	for (int c = 0; c < JS_NCARDS; c++) {
		int n = g->discard[c];

		for (int i = 0; i < g->ndeck; i++)
			n += g->deck[i] == c;
		for (int p = 0; p < g->nplayers; p++)
			n += g->clans[p].hand[c];
		if (n != js_cards[c].count)
			return js_check_fail(why, size, "there are %d %s cards "
			    "in hands, deck and discard pile, not %d", n,
			    js_cards[c].name, js_cards[c].count);
	}
	return 0;
}

static int
js_check_clans(const struct js *g, char *why, size_t size)
{
	int alive = 0;
	char a[4];

	for (int p = 0; p < g->nplayers; p++) {
		const struct js_clan *c = &g->clans[p];
		int home = g->sites[js_site_home(g, p)].sq;

		if (!c->out) {
			alive++;
			if (g->sites[js_site_home(g, p)].control != p)
				return js_check_fail(why, size, "%s is playing "
				    "but does not hold the home fortress at %s",
				    g->names[p], js_map_name(home, a));
			if (g->phase != JS_P_OVER && c->honor >= JS_WIN_HONOR)
				return js_check_fail(why, size, "%s has %d honor: "
				    "the game should be over", g->names[p],
				    c->honor);
			continue;
		}
		if (g->phase == JS_P_RPS || js_army_count(g, p) > 0 ||
		    js_cards_count(c->hand) > 0 || c->gold > 0)
			return js_check_fail(why, size, "%s is out of the game "
			    "but has armies, cards or gold", g->names[p]);
		for (int i = 0; i < g->nsites; i++)
			if (g->sites[i].control == p)
				return js_check_fail(why, size, "%s is out of the "
				    "game but holds %s", g->names[p],
				    js_map_name(g->sites[i].sq, a));
	}
	if (alive < 2 && g->phase != JS_P_OVER)
		return js_check_fail(why, size, "one clan is left: the game "
		    "should be over");
	return 0;
}

static int
js_check_armies(const struct js *g, char *why, size_t size)
{
	char a[4];

	for (int i = 0; i < JS_ARMIES; i++) {
		const struct js_army *x = &g->armies[i];
		int site;

		if (x->sq == JS_NONE)
			continue;
		js_map_name(x->sq, a);
		site = g->site_at[x->sq];
		if (g->clans[x->owner].out)
			return js_check_fail(why, size, "the army at %s belongs "
			    "to a player out of the game", a);
		if (site != JS_NONE && g->sites[site].control != x->owner)
			return js_check_fail(why, size, "the army at %s stands in "
			    "a fortress or keep its owner does not hold", a);
		if (x->march && (x->owner != g->active ||
		    (g->phase != JS_P_BATTLE && g->phase != JS_P_MARCH)))
			return js_check_fail(why, size, "the army at %s is "
			    "marked march outside the battles and Forced March "
			    "of its owner's turn", a);
	}
	return 0;
}

/* The orders kept through an Intrigue must still be legal. */
static int
js_check_pending(const struct js *g, char *why, size_t size)
{
	struct js *copy = util_malloc(sizeof *copy);
	struct js_run r;
	int rc = 0;

	*copy = *g;
	copy->phase = JS_P_TURN;
	copy->nsteps = 0;
	copy->nintrigues = 0;
	js_turn_start(&r, copy, g->active, NULL, NULL);
	r.tp = JS_TP_HONOR;
	r.hand_known = 1;
	for (int i = 0; i < g->nsteps && rc == 0; i++) {
		const struct js_step *s = &g->steps[i];
		struct js_act act;
		char reason[GAME_REASON_MAX];

		memset(&act, 0, sizeof act);
		act.verb = s->verb;
		act.card = s->card;
		act.nsq = s->nsq;
		memcpy(act.sq, s->sq, sizeof act.sq);
		if (s->verb == JS_V_PLAY && s->card != JS_CARD_FORCED_MARCH)
			rc = js_check_fail(why, size, "pending: only Forced "
			    "March is played after the honor phase");
		else if (js_turn_take(&r, &act, reason, sizeof reason) < 0)
			rc = js_check_fail(why, size, "pending order %d: %s",
			    i + 1, reason);
	}
	if (rc == 0 && !js_turn_complete(&r))
		rc = js_check_fail(why, size, "pending: the orders kept end "
		    "with done");
	free(copy);
	return rc;
}

static int
js_check_battle(const struct js *g, char *why, size_t size)
{
	const struct js_army *att, *def;
	char a[4];

	if (g->nbattles == 0)
		return js_check_fail(why, size, "phase battle with no battle");
	att = js_army_on(g, g->battles[0].from);
	def = js_army_on(g, g->battles[0].at);
	if (att == NULL || att->owner != g->active || def == NULL ||
	    def->owner == g->active)
		return js_check_fail(why, size, "the battle at %s is not "
		    "between an army of the active player and an enemy",
		    js_map_name(g->battles[0].at, a));
	return 0;
}

static int
js_check_phase(const struct js *g, char *why, size_t size)
{
	int marched = 0, tgt = 0;

	for (int i = 0; i < JS_ARMIES; i++)
		marched += g->armies[i].sq != JS_NONE && g->armies[i].march;
	if (g->phase != JS_P_BATTLE && g->phase != JS_P_OVER &&
	    g->nbattles > 0)
		return js_check_fail(why, size, "battles are listed outside "
		    "phase battle");
	if ((g->nintrigues > 0 || g->nsteps > 0) !=
	    (g->phase == JS_P_INTRIGUE))
		return js_check_fail(why, size, "intrigues and pending orders "
		    "are there in phase intrigue, and only then");
	if (g->phase != JS_P_RPS && g->phase != JS_P_OVER &&
	    g->clans[g->active].out)
		return js_check_fail(why, size, "the active player is out of "
		    "the game");
	if (g->phase == JS_P_RPS && g->round != 0)
		return js_check_fail(why, size, "round is 0 until the turn "
		    "order is known");
	if (g->part == 2 && g->phase != JS_P_BATTLE && g->phase != JS_P_MARCH &&
	    g->phase != JS_P_OVER)
		return js_check_fail(why, size, "part 2 is the Forced March "
		    "part of a turn: its battles or its orders");
	switch (g->phase) {
	case JS_P_INTRIGUE:
		for (int i = 0; i < g->nintrigues; i++)
			if (g->intrigues[i] == g->active ||
			    g->clans[g->intrigues[i]].out)
				tgt = 1;
		if (tgt)
			return js_check_fail(why, size, "an Intrigue aims at the "
			    "active player or a player out of the game");
		return js_check_pending(g, why, size);
	case JS_P_BATTLE:
		return js_check_battle(g, why, size);
	case JS_P_MARCH:
		if (g->part != 2 || marched == 0)
			return js_check_fail(why, size, "phase march needs part "
			    "2 and an army marked march");
		return 0;
	default:
		return 0;
	}
}

static int
js_check_offers(const struct js *g, char *why, size_t size)
{
	int each[GAME_MAX_PLAYERS] = { 0 };

	for (int i = 0; i < g->noffers; i++) {
		const struct js_offer *o = &g->offers[i];

		if (g->clans[o->from].out || g->clans[o->to].out ||
		    ++each[o->from] > JS_MAX_OFFERS / GAME_MAX_PLAYERS)
			return js_check_fail(why, size, "offers: made by or to a "
			    "player out of the game, or more than %d of one "
			    "player", JS_MAX_OFFERS / GAME_MAX_PLAYERS);
		if (o->ngive == 0 && o->nget == 0)
			return js_check_fail(why, size, "offers: nothing for "
			    "nothing");
	}
	return 0;
}

static int
js_check_over(const struct js *g, char *why, size_t size)
{
	int alive = 0;

	if (g->phase != JS_P_OVER)
		return 0;
	for (int p = 0; p < g->nplayers; p++)
		alive += !g->clans[p].out;
	for (int p = 0; p < g->nplayers; p++)
		if ((g->winners & (1u << p)) && (g->clans[p].out ||
		    (alive > 1 && g->clans[p].honor < JS_WIN_HONOR)))
			return js_check_fail(why, size, "%s cannot have won: "
			    "neither the last clan nor at %d honor", g->names[p],
			    JS_WIN_HONOR);
	return 0;
}

int
js_check_game(const struct js *g, char *why, size_t size)
{
	if (js_check_cards(g, why, size) < 0 ||
	    js_check_clans(g, why, size) < 0 ||
	    js_check_armies(g, why, size) < 0 ||
	    js_check_phase(g, why, size) < 0 ||
	    js_check_offers(g, why, size) < 0 ||
	    js_check_over(g, why, size) < 0)
		return -1;
	return 0;
}
