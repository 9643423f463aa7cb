/* registry.c - the table of games.  How to add a game: see game.h. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game.h"

extern const struct game_entry japanese_swords_game;
extern const struct game_entry senjin_game;
extern const struct game_entry senshiai_game;
extern const struct game_entry sensoufuda_game;
extern const struct game_entry shinobi_wars_game;

/* Alphabetical by id. */
const struct game_entry *const game_registry[] = {
	&japanese_swords_game,
	&senjin_game,
	&senshiai_game,
	&sensoufuda_game,
	&shinobi_wars_game,
};

const size_t game_count = sizeof game_registry / sizeof game_registry[0];

const struct game_entry *
game_find(const char *id)
{
	for (size_t i = 0; i < game_count; i++)
		if (strcmp(game_registry[i]->id, id) == 0)
			return game_registry[i];
	return NULL;
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
