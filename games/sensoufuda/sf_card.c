/* sf_card.c - the 48 cards, their theatres, kinds and symbols.
 *
 * Every table here is made from one list in sensoufuda.h, so names,
 * enums and properties cannot drift apart. */
#include <ctype.h>
#include <string.h>

#include "sensoufuda.h"

const struct sf_theatre_info sf_card_theatres[SF_THEATRES] = {
#define SF_CARD_THEATRE(id, word, name) { word, name },
	SF_THEATRE_LIST(SF_CARD_THEATRE)
#undef SF_CARD_THEATRE
};

const struct sf_kind_info sf_card_kinds[SF_KINDS] = {
	[SF_STRATEGIST] = { "strategist", "strategists", "Strategists" },
	[SF_HERO] = { "hero", "heroes", "Heroes" },
	[SF_RESOURCE] = { "resource", "resources", "Resources" },
	[SF_PLAIN] = { "plain", "plains", "Plain" },
};

const struct sf_symbol_info sf_card_symbols[SF_SYMBOLS] = {
#define SF_CARD_SYMBOL(id, word, kind) { word, kind },
	SF_SYMBOL_LIST(SF_CARD_SYMBOL)
#undef SF_CARD_SYMBOL
};

const struct sf_card sf_cards[SF_CARDS] = {
#define SF_CARD_ROW(id, name, title, theatre, symbol) \
	{ name, title, SF_T_##theatre, SF_S_##symbol },
	SF_CARD_LIST(SF_CARD_ROW)
#undef SF_CARD_ROW
};

const char *const sf_card_names[SF_CARDS] = {
#define SF_CARD_NAME(id, name, title, theatre, symbol) name,
	SF_CARD_LIST(SF_CARD_NAME)
#undef SF_CARD_NAME
};

/* The length of each card's name. */
static const unsigned char sf_card_len[SF_CARDS] = {
#define SF_CARD_LEN(id, name, title, theatre, symbol) sizeof name - 1,
	SF_CARD_LIST(SF_CARD_LEN)
#undef SF_CARD_LEN
};

_Static_assert(SF_NCARDS == SF_CARDS, "the deck has 48 cards");
_Static_assert(SF_THEATRES * SF_PER_THEATRE == SF_CARDS,
    "12 theatres of 4 cards");
_Static_assert(SF_CARDS <= 64, "a set of cards fits in a uint64_t");

int
sf_card_find(const char *word)
{
	char low[40];
	size_t n = strlen(word), tl;

	if (n == 0 || n >= sizeof low)
		return SF_NONE;
	for (size_t i = 0; i <= n; i++)
		low[i] = (char)tolower((unsigned char)word[i]);
	/* Orders name cards all the time: the length and first letter
	 * settle most cards without a call. */
	for (int c = 0; c < SF_CARDS; c++)
		if (sf_card_len[c] == n && sf_cards[c].name[0] == low[0] &&
		    memcmp(low, sf_cards[c].name, n) == 0)
			return c;
	/* THEATRE-N, N its place in the theatre. */
	for (int t = 0; t < SF_THEATRES; t++) {
		tl = strlen(sf_card_theatres[t].word);
		if (n == tl + 2 &&
		    strncmp(low, sf_card_theatres[t].word, tl) == 0 &&
		    low[tl] == '-' && low[tl + 1] >= '1' &&
		    low[tl + 1] <= '0' + SF_PER_THEATRE)
			return t * SF_PER_THEATRE + (low[tl + 1] - '1');
	}
	return SF_NONE;
}

int
sf_card_kind(int c)
{
	return sf_card_symbols[sf_cards[c].symbol].kind;
}

int
sf_card_rank(int c)
{
	return sf_card_kind(c) * SF_CARDS + c;
}

/* The card's name, and if it is not plain open, note, close. */
static const char *
sf_card_noted(int c, const char *open, const char *note, const char *close,
    char *buf, size_t size)
{
	size_t at = 0;

	/* Without printf: the log names cards all the time. */
	sf_text_put(buf, size, &at, sf_cards[c].name);
	if (sf_cards[c].symbol != SF_S_NONE) {
		sf_text_put(buf, size, &at, open);
		sf_text_put(buf, size, &at, note);
		sf_text_put(buf, size, &at, close);
	}
	return buf;
}

const char *
sf_card_brief(int c, char *buf, size_t size)
{
	return sf_card_noted(c, " (",
	    sf_card_theatres[sf_cards[c].theatre].name, ")", buf, size);
}

const char *
sf_card_tagged(int c, char *buf, size_t size)
{
	return sf_card_noted(c, " [", sf_card_symbols[sf_cards[c].symbol].word,
	    "]", buf, size);
}

int
sf_card_count(uint64_t mask)
{
	int n = 0;

	for (; mask != 0; mask &= mask - 1)
		n++;
	return n;
}

int
sf_card_list(uint64_t mask, int *out)
{
	int n = 0;

	for (int c = 0; c < SF_CARDS; c++)
		if (mask & SF_BIT(c))
			out[n++] = c;
	return n;
}

void
sf_card_join(struct sbuf *b, const int *cards, int n)
{
	char buf[64];

	if (n == 0)
		sbuf_puts(b, "nothing");
	for (int i = 0; i < n; i++) {
		sbuf_puts(b, i == 0 ? "" : i == n - 1 ? " and " : ", ");
		sbuf_puts(b, sf_card_brief(cards[i], buf, sizeof buf));
	}
}

void
sf_card_join_mask(struct sbuf *b, uint64_t mask)
{
	int cards[SF_CARDS];

	sf_card_join(b, cards, sf_card_list(mask, cards));
}
