/* sf_faction.c - the two factions, and a player named with theirs.
 *
 * Its own file, below everything that logs: the deal, the table and
 * the report name players this way, and none of them should reach into
 * the battle's sequence for it. */
#include "sensoufuda.h"

const struct sf_faction sf_factions[2] = {
	{ "axis", "Axis of Evil" },
	{ "paladins", "Paladins of Hope" },
};

const char *
sf_faction_who(const struct game_players *pl, int p, char *buf, size_t size)
{
	size_t at = 0;

	/* Without printf: every card played names its player. */
	sf_text_put(buf, size, &at, pl->names[p]);
	sf_text_put(buf, size, &at, " (");
	sf_text_put(buf, size, &at, sf_factions[p].name);
	sf_text_put(buf, size, &at, ")");
	return buf;
}
