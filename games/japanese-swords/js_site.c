/* js_site.c - the fortresses and keeps: whose home each fortress is,
 * and an army entering one, which takes it; a home fortress taken puts
 * its clan out of the game, and the last clan left wins.  Below the
 * turn's moves and the battles, which both enter sites. */
#include <stdio.h>

#include "js.h"

int
js_site_home(const struct js *g, int p)
{
	for (int i = 0; i < g->nsites; i++)
		if (g->sites[i].fortress && g->sites[i].home == p)
			return i;
	return JS_NONE;
}

/* p lost the home fortress: out of the game, with everything. */
static void
js_site_eliminate(struct js *g, int p, int by, struct events *ev)
{
	int armies = 0, forts = 0, keeps = 0;
	int cards = js_cards_count(g->clans[p].hand);
	int alive = 0, last = JS_NONE;
	char why[GAME_REASON_MAX];

	for (int i = 0; i < JS_ARMIES; i++)
		if (g->armies[i].sq != JS_NONE && g->armies[i].owner == p) {
			js_army_remove(&g->armies[i]);
			armies++;
		}
	for (int i = 0; i < g->nsites; i++)
		if (g->sites[i].control == p) {
			g->sites[i].control = JS_NONE;
			forts += g->sites[i].fortress;
			keeps += !g->sites[i].fortress;
		}
	for (int c = 0; c < JS_NCARDS; c++) {
		g->discard[c] += g->clans[p].hand[c];
		g->clans[p].hand[c] = 0;
	}
	g->clans[p].out = 1;
	g->clans[p].gold = 0;
	js_trade_drop(g, p, 1, NULL);
	if (ev != NULL) {
		struct sbuf left;

		sbuf_init(&left);
		if (forts > 0)
			sbuf_printf(&left, "%d fortress%s", forts,
			    forts == 1 ? "" : "es");
		if (keeps > 0)
			sbuf_printf(&left, "%s%d keep%s", forts > 0 ? " and " :
			    "", keeps, keeps == 1 ? "" : "s");
		sbuf_puts(&left, forts + keeps > 0 ? " left to nobody" :
		    "no other fortress or keep held");
		events_add(ev, EVENT_ALL, "%s has lost the home fortress to %s "
		    "and is out of the game: %d arm%s removed, %s, %d card%s "
		    "to the discard pile.", js_clan_who(g, p), js_clan_who(g,
		    by), armies, armies == 1 ? "y" : "ies", left.p, cards,
		    cards == 1 ? "" : "s");
		sbuf_free(&left);
	}
	for (int q = 0; q < g->nplayers; q++)
		if (!g->clans[q].out) {
			alive++;
			last = q;
		}
	if (alive == 1) {
		snprintf(why, sizeof why, "the last clan in the game");
		js_clan_win(g, 1u << last, why, ev);
	}
}

void
js_site_enter(struct js *g, int p, int sq, struct events *ev)
{
	struct js_site *s;
	int prev;
	char a[4];

	if (g->site_at[sq] == JS_NONE)
		return;
	s = &g->sites[g->site_at[sq]];
	if ((prev = s->control) == p)
		return;
	s->control = p;
	if (ev != NULL)
		events_add(ev, EVENT_ALL, "%s takes the %s at %s%s%s.",
		    js_clan_who(g, p), s->fortress ? "fortress" : "keep",
		    js_map_name(sq, a), prev == JS_NONE ? "" : " from ",
		    prev == JS_NONE ? "" : js_clan_who(g, prev));
	if (s->fortress && prev != JS_NONE && s->home == prev &&
	    !g->clans[prev].out)
		js_site_eliminate(g, prev, p, ev);
}
