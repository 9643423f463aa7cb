/* senjin_data.c - the tables every file of the module reads (senjin.h):
 * the two armies, the kinds of piece and the two sides of a token.  Data
 * only, below every rule file. */
#include "senjin.h"

const struct senjin_army senjin_armies[2] = {
	{ "South", "south", { 2, 6 } },   /* c1, g1 */
	{ "North", "north", { 74, 78 } }, /* c9, g9 */
};

const struct senjin_kind_info senjin_kinds[SENJIN_KINDS] = {
	[SENJIN_SHO] = { "Sho", "Shogun", 'G', 4, 2 },
	[SENJIN_SHI] = { "Shi", "Bushi", 'B', 11, 1 },
};

const struct senjin_side_info senjin_sides[SENJIN_SIDES] = {
	[SENJIN_SWORD] = { "Sword", "sword", '/' },
	[SENJIN_SHIELD] = { "Shield", "shield", '#' },
};
