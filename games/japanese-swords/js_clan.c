/* js_clan.c - the clans: a player's name in events, honor, and the end
 * of the game.  Below every part that changes honor (turns, battles,
 * trades), so that the victory at 50 honor happens where the honor is
 * gained, between the events around it. */
#include <stdio.h>

#include "js.h"

const char *
js_clan_who(const struct js *g, int p)
{
	return g->names[p];
}

void
js_clan_win(struct js *g, unsigned winners, const char *reason,
    struct events *ev)
{
	g->phase = JS_P_OVER;
	g->winners = winners;
	snprintf(g->reason, sizeof g->reason, "%s", reason);
	g->nbattles = g->nsteps = g->nintrigues = 0;
	for (int i = 0; i < JS_ARMIES; i++)
		g->armies[i].march = 0;
	if (ev == NULL)
		return;
	for (int p = 0; p < g->nplayers; p++)
		if (winners & (1u << p))
			events_add(ev, EVENT_ALL, "The game is over: %s wins, "
			    "%s.", js_clan_who(g, p), reason);
}

int
js_clan_honor(struct js *g, int p, int n, struct events *ev)
{
	char why[GAME_REASON_MAX];

	g->clans[p].honor += n;
	if (g->phase == JS_P_OVER || g->clans[p].honor < JS_WIN_HONOR)
		return 0;
	/* Without the name: the core's outcome line names the winner. */
	snprintf(why, sizeof why, "%d honor", g->clans[p].honor);
	js_clan_win(g, 1u << p, why, ev);
	return 1;
}
