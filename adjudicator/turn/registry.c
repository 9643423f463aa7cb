/* registry.c - the table of games.  How to add a game: see registry.h. */
#include <string.h>

#include "turn/registry.h"

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
