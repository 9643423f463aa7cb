/* sw_cards.c - the card table, the resource curve and deck lists.
 *
 * Every table here is made from SW_CARD_LIST in shinobi.h, so names and
 * scores cannot drift apart. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/names.h"
#include "shinobi.h"

const struct sw_card sw_cards[SW_KINDS] = {
#define SW_CARD_ROW(id, name, rank, ec, cc, as, rs, ra, sa, vd, ls, ss, \
    copies) { name, SW_R_##rank, ec, cc, as, rs, ra, sa, vd, ls, ss, copies },
	SW_CARD_LIST(SW_CARD_ROW)
#undef SW_CARD_ROW
};

const char *const sw_card_names[SW_KINDS] = {
#define SW_CARD_NAME(id, name, ...) name,
	SW_CARD_LIST(SW_CARD_NAME)
#undef SW_CARD_NAME
};

const char *const sw_rank_names[5] = { "genin", "chunin", "jonin", "kage",
	"trap" };

#define SW_CARD_COPIES(id, name, rank, ec, cc, as, rs, ra, sa, vd, ls, ss, \
    copies) + (copies)
_Static_assert(0 SW_CARD_LIST(SW_CARD_COPIES) == SW_DECK,
    "the standard deck has 40 cards");
#undef SW_CARD_COPIES

const char *const sw_side_words[2] = { "leaf", "mist" };
const char *const sw_side_names[2] = { "Leaf", "Mist" };
const char *const sw_zone_words[SW_ZONES] = { "west", "north", "east",
	"roster" };
const char sw_zone_letters[SW_ZONES] = { 'w', 'n', 'e', 'r' };

int
sw_ec(int t)
{
	return t < SW_EC_MAX ? t : SW_EC_MAX;
}

int
sw_cc(int t)
{
	return t / 2 < SW_CC_MAX ? t / 2 : SW_CC_MAX;
}

int
sw_card_is_ninja(int c)
{
	return sw_cards[c].rank != SW_R_TRAP;
}

int
sw_card_find(const char *word, char *why, size_t size)
{
	int c = names_find(word, sw_card_names, SW_KINDS);
	const char *near;
	struct sbuf all;

	if (c >= 0)
		return c;
	/* Every card's name is one word: no hint about hyphens. */
	if ((near = names_nearest(word, sw_card_names, SW_KINDS)) != NULL) {
		game_why(why, size, "'%.20s' is no card; did you mean %s?",
		    word, near);
		return SW_NONE;
	}
	sbuf_init(&all);
	for (c = 0; c < SW_KINDS; c++)
		sbuf_printf(&all, "%s%s", c > 0 ? ", " : "", sw_card_names[c]);
	game_why(why, size, "'%.20s' is no card; the cards are %s", word,
	    all.p);
	sbuf_free(&all);
	return SW_NONE;
}

const char *
sw_card_describe(int c, char *buf, size_t size)
{
	const struct sw_card *k = &sw_cards[c];
	char cost[32];

	if (k->cc == 0)
		snprintf(cost, sizeof cost, "%d EC", k->ec);
	else if (k->ec == 0)
		snprintf(cost, sizeof cost, "%d CC", k->cc);
	else
		snprintf(cost, sizeof cost, "%d EC %d CC", k->ec, k->cc);
	if (k->rank == SW_R_TRAP)
		snprintf(buf, size, "%s (trap, %s; LS %d SS %d)", k->name, cost,
		    k->ls, k->ss);
	else
		snprintf(buf, size, "%s (%s, %s; AS %d RS %d RA %d SA %d VD %d)",
		    k->name, sw_rank_names[k->rank], cost, k->as, k->rs, k->ra,
		    k->sa, k->vd);
	return buf;
}

int
sw_deck_check(const int count[SW_KINDS], int total, char *why, size_t size)
{
	int traps = 0;

	for (int c = 0; c < SW_KINDS; c++)
		traps += sw_cards[c].rank == SW_R_TRAP ? count[c] : 0;
	if (total != SW_DECK)
		game_why(why, size, "a deck has %d cards, not %d", SW_DECK,
		    total);
	else if (count[SW_KAGE] != 1)
		game_why(why, size, "a deck has exactly one kage, not %d",
		    count[SW_KAGE]);
	else if (traps > SW_MAX_TRAPS)
		game_why(why, size, "a deck has at most %d traps, not %d",
		    SW_MAX_TRAPS, traps);
	else
		return 0;
	return -1;
}

/* One line "COUNT NAME" of a deck list, comments and blanks removed. */
static int
sw_deck_line(char *line, int count[SW_KINDS], int *total, char *why,
    size_t size)
{
	struct util_words w;
	long long k;
	int c;

	if (util_words(line, &w) < 0) {
		game_why(why, size, "a line is COUNT NAME");
		return -1;
	}
	if (w.n > 2) {
		char one[UTIL_WORDS_CHARS + 1] = "";

		/* "39 trip wire": the name is one word. */
		for (int i = 1; i < w.n; i++)
			strncat(one, w.w[i], sizeof one - strlen(one) - 1);
		c = names_find(one, sw_card_names, SW_KINDS);
		if (c >= 0)
			game_why(why, size, "a line is COUNT NAME, the name "
			    "one word: write %s %s", w.w[0], sw_card_names[c]);
		else
			game_why(why, size, "a line is COUNT NAME, the name "
			    "one word");
		return -1;
	}
	if (w.n == 0)
		return 0;
	if (w.n != 2 || util_parse_int(w.w[0], 1, SW_DECK, &k) < 0) {
		game_why(why, size, "a line is COUNT NAME, COUNT 1 to %d",
		    SW_DECK);
		return -1;
	}
	if ((c = sw_card_find(w.w[1], why, size)) < 0)
		return -1;
	count[c] += (int)k;
	*total += (int)k;
	return 0;
}

int
sw_deck_read(const char *text, unsigned char deck[SW_DECK], const char *what,
    struct gb_err *e)
{
	int count[SW_KINDS] = { 0 }, total = 0, lineno = 0, n = 0;
	char line[UTIL_WORDS_CHARS + 1], why[GAME_REASON_MAX];
	const char *p = text, *end;
	size_t len;

	if (strcmp(text, "standard") == 0) {
		for (int c = 0; c < SW_KINDS; c++)
			count[c] = sw_cards[c].copies;
		total = SW_DECK;
	} else {
		while (*p != '\0') {
			lineno++;
			end = strchr(p, '\n');
			len = end != NULL ? (size_t)(end - p) : strlen(p);
			if (len >= sizeof line)
				return err_set(e, lineno, 1, "%s: the line is "
				    "too long", what);
			memcpy(line, p, len);
			line[len] = '\0';
			if (strchr(line, '#') != NULL)
				*strchr(line, '#') = '\0';
			if (total > SW_DECK * 2 ||
			    sw_deck_line(line, count, &total, why,
			    sizeof why) < 0)
				return err_set(e, lineno, 1, "%s: %s", what,
				    total > SW_DECK * 2 ? "too many cards" :
				    why);
			p += len + (end != NULL);
		}
	}
	/* Of the list as a whole: no line is at fault. */
	if (sw_deck_check(count, total, why, sizeof why) < 0)
		return err_set(e, 0, 0, "%s: the list as a whole: %s", what,
		    why);
	for (int c = 0; c < SW_KINDS; c++)
		for (int i = 0; i < count[c]; i++)
			deck[n++] = (unsigned char)c;
	return 0;
}
