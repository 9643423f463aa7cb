/* ss_deck.c - deck lists: parsing, checking, the standard deck. */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"

int
ss_deck_total(const struct ss_deck *d)
{
	int t = 0;

	for (int c = 0; c < SS_NCARDS; c++)
		t += d->count[c];
	return t;
}

int
ss_deck_check(const struct ss_deck *d, char *why, size_t size)
{
	int capitals = 0, total = ss_deck_total(d);

	for (int c = 0; c < SS_NCARDS; c++)
		if (ss_cards[c].type == SS_CAPITAL)
			capitals += d->count[c];
	if (capitals != 1) {
		snprintf(why, size, "a deck must hold exactly one Capital, "
		    "this one holds %d", capitals);
		return -1;
	}
	if (total > SS_DECK_MAX) {
		snprintf(why, size, "a deck holds at most %d cards, this one "
		    "holds %d", SS_DECK_MAX, total);
		return -1;
	}
	if (total < 2) {
		snprintf(why, size, "a deck needs cards besides its Capital");
		return -1;
	}
	return 0;
}

/* The 1-based column of word i of w in the line it was split from. */
static int
ss_col(const struct util_words *w, int i)
{
	return (int)(w->w[i] - w->buf) + 1;
}

/* One line of a deck list, without its end: "N word", "word", blank or a
 * comment.  Adds to d; -1 with e set on a fault. */
int
ss_deck_line(const char *line, int lineno, struct ss_deck *d,
    struct gb_err *e)
{
	struct util_words w;
	long long n = 1;
	const char *word;
	char why[GAME_REASON_MAX];
	int card;

	if (util_words(line, &w) < 0)
		return err_set(e, lineno, 1, "deck list line too long");
	if (w.n == 0 || w.w[0][0] == '#')
		return 0;
	ss_cards_join(&w, 0);
	ss_cards_join_slips(&w, 0);
	if (w.n > 2)
		return err_set(e, lineno, ss_col(&w, 2), "expected 'N card' or "
		    "'card', found more words");
	word = w.w[w.n - 1];
	if (w.n == 2 && util_parse_int(w.w[0], 0, SS_DECK_MAX, &n) < 0)
		return err_set(e, lineno, ss_col(&w, 0), "expected a count from "
		    "0 to %d before the card", SS_DECK_MAX);
	if ((card = ss_cards_find(word, why, sizeof why)) < 0)
		return err_set(e, lineno, ss_col(&w, w.n - 1), "%s", why);
	if (d->count[card] + n > SS_DECK_MAX)
		return err_set(e, lineno, ss_col(&w, w.n - 1), "more than %d "
		    "copies of %s", SS_DECK_MAX, ss_cards[card].name);
	if (ss_deck_total(d) + n > SS_DECK_MAX)
		return err_set(e, lineno, ss_col(&w, w.n - 1), "a deck holds "
		    "at most %d cards", SS_DECK_MAX);
	d->count[card] += (int)n;
	return 0;
}

int
ss_deck_parse(const char *text, struct ss_deck *d, struct gb_err *e)
{
	char line[UTIL_WORDS_CHARS + 2], why[GAME_REASON_MAX];
	int lineno = 0;

	memset(d, 0, sizeof *d);
	while (*text != '\0') {
		size_t len = strcspn(text, "\n");

		lineno++;
		if (len >= sizeof line)
			return err_set(e, lineno, 1, "deck list line longer "
			    "than %zu characters", sizeof line - 2);
		memcpy(line, text, len);
		line[len] = '\0';
		if (ss_deck_line(line, lineno, d, e) < 0)
			return -1;
		text += len + (text[len] == '\n');
	}
	if (ss_deck_check(d, why, sizeof why) < 0)
		return err_set(e, 0, 0, "%s", why);
	return 0;
}

/* The standard deck: a Castle Town and 49 cards leaning to Earth, with
 * enough Recruit terrain and cheap troops to open, and one of each
 * trick.  Its reasons are in RULINGS. */
static const struct {
	int card;
	int n;
} ss_deck_std[] = {
	{ SS_CARD_CASTLE_TOWN, 1 }, { SS_CARD_PLAINS, 3 },
	{ SS_CARD_FOREST, 3 }, { SS_CARD_LAKE, 1 }, { SS_CARD_VILLAGE, 3 },
	{ SS_CARD_HARBOUR, 1 }, { SS_CARD_FORT, 2 },
	{ SS_CARD_MOUNTAIN_PASS, 1 }, { SS_CARD_GOLD_MINE, 1 },
	{ SS_CARD_WARRIORS, 4 }, { SS_CARD_MILITIAMEN, 4 },
	{ SS_CARD_WAR_VETERANS, 2 }, { SS_CARD_ARCHERS, 3 },
	{ SS_CARD_SAMURAI, 2 }, { SS_CARD_RAIDERS, 2 },
	{ SS_CARD_PIRATES, 1 }, { SS_CARD_GRIFFIN_RIDERS, 1 },
	{ SS_CARD_CATAPULT, 1 }, { SS_CARD_PEASANTS, 2 },
	{ SS_CARD_SHIELD_BEARERS, 2 }, { SS_CARD_ROTTEN_PROVISIONS, 1 },
	{ SS_CARD_BLESSING, 1 }, { SS_CARD_BATTLE_CRY, 1 },
	{ SS_CARD_FORCED_MARCH, 1 }, { SS_CARD_OPEN_THE_VAULTS, 1 },
	{ SS_CARD_NATIVE_BARBARIAN, 1 }, { SS_CARD_DISPEL, 1 },
	{ SS_CARD_AMBUSH, 1 }, { SS_CARD_DIVINE_WIND, 1 },
	{ SS_CARD_EARTHQUAKE, 1 },
};

void
ss_deck_standard(struct ss_deck *d)
{
	memset(d, 0, sizeof *d);
	for (size_t i = 0; i < sizeof ss_deck_std / sizeof ss_deck_std[0]; i++)
		d->count[ss_deck_std[i].card] += ss_deck_std[i].n;
}
