/* game.c - what every game shares, once: the legal order picked or drawn
 * for a caller, a refusal's reason, and the memo of orders a game keeps
 * between calls (game.h).  Games use it; it knows no game. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game/game.h"

struct outcome
game_outcome(int finished, unsigned winners, const char *reason)
{
	struct outcome o = { 0 };

	if (!finished)
		return o;
	o.finished = 1;
	o.winners = winners;
	snprintf(o.reason, sizeof o.reason, "%s", reason);
	return o;
}

size_t
game_legal_pick(const struct game_entry *g, const void *gs, int player,
    const struct order *prefix, size_t n, game_choose *choose, void *arg,
    char *buf, size_t size)
{
	struct strlist l = { 0 };
	size_t count;

	if (g->legal_pick != NULL)
		return g->legal_pick(gs, player, prefix, n, choose, arg, buf,
		    size);
	g->legal(gs, player, prefix, n, &l);
	if ((count = l.n) > 0)
		snprintf(buf, size, "%s", l.v[choose(arg, count)]);
	strlist_free(&l);
	return count;
}

int
game_legal_sample(const struct game_entry *g, const void *gs, int player,
    const struct order *prefix, size_t n, game_choose *choose, void *arg,
    char *buf, size_t size)
{
	if (g->legal_sample != NULL)
		return g->legal_sample(gs, player, prefix, n, choose, arg, buf,
		    size);
	return game_legal_pick(g, gs, player, prefix, n, choose, arg, buf,
	    size) > 0;
}

const char *
game_players_words(const struct game_entry *g, char *buf, size_t size)
{
	if (g->min_players == g->max_players)
		snprintf(buf, size, "exactly %d", g->min_players);
	else
		snprintf(buf, size, "%d to %d", g->min_players,
		    g->max_players);
	return buf;
}

int
game_why(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	if (size > 0) {
		va_start(ap, fmt);
		vsnprintf(why, size, fmt, ap);
		va_end(ap);
	}
	return -1;
}

size_t
game_memo_match(const struct game_memo *m, const struct order *o, size_t n)
{
	size_t k = 0, at = 0;

	for (; k < n && k < m->n; k++) {
		if (strcmp(o[k].text, m->texts + at) != 0)
			break;
		at = m->end[k];
	}
	return k;
}

void
game_memo_restart(struct game_memo *m, int player, int complete)
{
	m->valid = 1;
	m->player = player;
	m->n = 0;
	m->complete[0] = (unsigned char)(complete != 0);
}

void
game_memo_take(struct game_memo *m, const char *text, int accepted,
    int complete)
{
	size_t at = m->n > 0 ? m->end[m->n - 1] : 0, len = strlen(text);

	if (!m->valid)
		return;
	if (!accepted || m->n == GAME_MEMO_ORDERS ||
	    len >= sizeof m->texts - at) {
		m->valid = 0;
		return;
	}
	memcpy(m->texts + at, text, len + 1);
	m->end[m->n++] = at + len + 1;
	m->complete[m->n] = (unsigned char)(complete != 0);
}
