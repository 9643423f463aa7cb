/* ss_cards.c - the Basic Collection built from the list in senshiai.h,
 * and finding cards by name; deck lists are ss_deck.c's. */
#include <stdio.h>
#include <string.h>

#include "base/escape.h"
#include "base/names.h"
#include "senshiai.h"

#define SS_CARD_ROW(id, w, nm, ty, sub, cost, paths, lim, spd, m, r, s, ab, \
    prm, tg, dur, mod, txt)                                                  \
	[SS_CARD_##id] = { w, nm, ty, sub, cost, paths, lim, spd, { m, r, s }, \
	    ab, prm, tg, dur, mod, txt },
const struct ss_card ss_cards[SS_NCARDS] = { SS_CARD_LIST(SS_CARD_ROW) };
#undef SS_CARD_ROW

#define SS_CARD_WORD(id, w, ...) [SS_CARD_##id] = w,
const char *const ss_cards_words[SS_NCARDS] = { SS_CARD_LIST(SS_CARD_WORD) };
#undef SS_CARD_WORD

#define SS_ABILITY_NAME(id, name) [SS_AB_##id] = name,
const char *const ss_cards_ability_names[SS_ABILITIES] = {
	SS_ABILITY_LIST(SS_ABILITY_NAME)
};
#undef SS_ABILITY_NAME

const char *const ss_cards_type_names[SS_TYPES] = {
	[SS_TERRAIN] = "Terrain", [SS_TROOP] = "Troop",
	[SS_EVENT] = "Event", [SS_CAPITAL] = "Capital",
};

const char *const ss_cards_target_names[SS_TARGETS] = {
	[SS_TG_NONE] = "none", [SS_TG_UNIT] = "Unit",
	[SS_TG_COMPANY] = "Company", [SS_TG_TERRAIN] = "Terrain",
	[SS_TG_EVENT] = "Event", [SS_TG_PLAYER] = "Player",
	[SS_TG_ROLL] = "Die Roll",
};

const char *const ss_cards_duration_names[SS_DURATIONS] = {
	[SS_DUR_NONE] = "none", [SS_DUR_INSTANT] = "instant",
	[SS_DUR_BATTLE] = "battle", [SS_DUR_TURN] = "turn",
	[SS_DUR_ROUND] = "round", [SS_DUR_LASTING] = "lasting",
};

/* Why word names no card: n cards begin with it (0 or several). */
static void
ss_cards_refused(const char *word, int n, char *why, size_t size)
{
	char q[SS_QUOTE_MAX + 4];

	escape_copy(word, q, sizeof q);
	snprintf(why, size, n == 0 ? "unknown card '%s'" :
	    "ambiguous card '%s'", q);
}

/* Append to why the cards an ambiguous word may mean: those whose word
 * begins with it (prefix), else those it names in part (names_find). */
static void
ss_cards_candidates(const char *word, int prefix, char *why, size_t size)
{
	size_t len = strlen(why), wl = strlen(word);
	int k = 0;

	for (int c = 0; c < SS_NCARDS && len < size; c++) {
		if (prefix ? strncmp(word, ss_cards[c].word, wl) != 0 :
		    names_find(word, &ss_cards_words[c], 1) < 0)
			continue;
		len += (size_t)snprintf(why + len, size - len, "%s%s",
		    k++ == 0 ? ": one of " : ", ",
		    ss_cards[c].word);
	}
}

int
ss_cards_find(const char *word, char *why, size_t size)
{
	/* The cards by the first byte of their word, filled once from
	 * ss_cards alone: by[at[b]..at[b + 1]) begin with byte b, in
	 * ss_cards' order.  A whole word (nearly every look-up: legal_pick's
	 * candidates name cards so) is compared here byte by byte, among
	 * the few cards of its first letter: under the fuzzer each strlen,
	 * memchr and strcmp is intercepted, its arguments checked and
	 * strcmp's reported to libFuzzer, most of a look-up.  Only a word
	 * that is no card's (a prefix, or unknown) is then matched against
	 * the beginnings of the same cards' words. */
	static unsigned char at[257], by[SS_NCARDS];
	static int filled;
	unsigned b = (unsigned char)word[0];
	size_t len;
	int found = -1, n = 0;

	if (!filled) {
		unsigned char k[256] = { 0 };

		for (int c = 0; c < SS_NCARDS; c++)
			k[(unsigned char)ss_cards[c].word[0]]++;
		for (int i = 0; i < 256; i++)
			at[i + 1] = (unsigned char)(at[i] + k[i]);
		memset(k, 0, sizeof k);
		for (int c = 0; c < SS_NCARDS; c++) {
			unsigned f = (unsigned char)ss_cards[c].word[0];

			by[at[f] + k[f]++] = (unsigned char)c;
		}
		filled = 1;
	}
	for (int i = at[b]; i < at[b + 1]; i++) {
		const char *x = word, *y = ss_cards[by[i]].word;

		while (*x != '\0' && *x == *y)
			x++, y++;
		if (*x == *y)
			return by[i];
	}
	len = strlen(word);
	for (int i = at[b]; i < at[b + 1]; i++)
		if (strncmp(word, ss_cards[by[i]].word, len) == 0) {
			found = by[i];
			n++;
		}
	if (n == 1)
		return found;
	/* The plural or singular of a name, or a part of one only
	 * ("catapults", "rider"): names.h. */
	if (n == 0 && (found = names_find(word, ss_cards_words,
	    SS_NCARDS)) >= 0)
		return found;
	if (size > 0) {
		ss_cards_refused(word, n > 0 || found == -2 ? 2 : 0, why, size);
		if (n == 0 && found == -1)
			names_hint(word, ss_cards_words, SS_NCARDS, why, size);
		else
			ss_cards_candidates(word, n > 0, why, size);
	}
	return -1;
}

int
ss_cards_join(struct util_words *w, int from)
{
	return names_join(w, from, ss_cards_words, SS_NCARDS);
}

void
ss_cards_join_slips(struct util_words *w, int from)
{
	names_join_slips(w, from, ss_cards_words, SS_NCARDS);
}

int
ss_cards_is_unit(int card)
{
	return ss_cards[card].type == SS_TROOP ||
	    (ss_cards[card].abilities & SS_AB(ACTS_AS_UNIT)) != 0;
}

int
ss_cards_restriction(int terrain, int card)
{
	const struct ss_card *t = &ss_cards[terrain];
	unsigned named = (unsigned)t->param >> 8;

	if (!(t->abilities & SS_AB(MOVE_RESTRICTION)))
		return -1;
	if (named != 0 && (ss_cards[card].paths & t->paths & ~named) != 0)
		return -1;
	return t->param & 0xff;
}
