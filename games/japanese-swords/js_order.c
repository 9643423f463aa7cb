/* js_order.c - orders: reading and writing them.
 *
 * Every order is one line of words, read without regard to case.  Which
 * orders a player may give depends on the decision owed (the keyword
 * table says which); turn and Forced March orders are checked by playing
 * them on a copy of the game (js_turn.c), so validate accepts exactly
 * what resolve can play. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "js.h"
#include "base/names.h"

#define JS_ORDER_WORDS 48

#define JS_PH(p) (1u << (p))

typedef int js_order_reader(const struct js *, const struct util_words *,
    struct js_act *, char *, size_t);

static js_order_reader js_order_read_done, js_order_read_trade,
    js_order_read_play, js_order_read_square, js_order_read_raise,
    js_order_read_number, js_order_read_move, js_order_read_attack,
    js_order_read_rps, js_order_read_lose, js_order_read_battle,
    js_order_read_keep;

/* Every order keyword: the decisions it answers and how it is written. */
static const struct js_order_kw {
	const char *word;
	int verb;
	unsigned phases;
	js_order_reader *read;
	const char *syntax;
} js_order_kws[] = {
	{ "done", JS_V_DONE, JS_PH(JS_P_TURN) | JS_PH(JS_P_MARCH),
	    js_order_read_done, "done" },
	{ "trade", JS_V_TRADE, JS_PH(JS_P_TURN), js_order_read_trade,
	    "trade with PLAYER give ITEMS get ITEMS" },
	{ "play", JS_V_PLAY, JS_PH(JS_P_TURN), js_order_read_play,
	    "play CARD [on PLAYER | on SQUARE]" },
	{ "disband", JS_V_DISBAND, JS_PH(JS_P_TURN), js_order_read_square,
	    "disband SQUARE" },
	{ "raise", JS_V_RAISE, JS_PH(JS_P_TURN), js_order_read_raise,
	    "raise army at SQUARE" },
	{ "draw", JS_V_DRAW, JS_PH(JS_P_TURN), js_order_read_number,
	    "draw N" },
	{ "honor", JS_V_HONOR, JS_PH(JS_P_TURN), js_order_read_number,
	    "honor N" },
	{ "honour", JS_V_HONOR, JS_PH(JS_P_TURN), js_order_read_number,
	    "honour N" },
	{ "move", JS_V_MOVE, JS_PH(JS_P_TURN) | JS_PH(JS_P_MARCH),
	    js_order_read_move, "move SQUARE to SQUARE [to SQUARE ...]" },
	{ "attack", JS_V_ATTACK, JS_PH(JS_P_TURN) | JS_PH(JS_P_MARCH),
	    js_order_read_attack, "attack SQUARE from SQUARE" },
	{ "rps", JS_V_RPS, JS_PH(JS_P_RPS), js_order_read_rps,
	    "rps rock | rps paper | rps scissors" },
	{ "lose", JS_V_LOSE, JS_PH(JS_P_INTRIGUE), js_order_read_lose,
	    "lose honor | lose cards CARD CARD CARD" },
	{ "battle", JS_V_BATTLE, JS_PH(JS_P_BATTLE), js_order_read_battle,
	    "battle cards CARD ... | battle cards none" },
	{ "keep", JS_V_KEEP, JS_PH(JS_P_BATTLE), js_order_read_keep,
	    "keep CARD ..." },
};
#define JS_ORDER_NKWS (sizeof js_order_kws / sizeof js_order_kws[0])

const char *const js_order_shapes[JS_SHAPES] = { "rock", "paper",
	"scissors" };

/* The order's text as read: "honour" is "honor" ("play Much Honour";
 * util_words takes a comma between words as a space).  0, or -1 if it is
 * too long to be an order. */
static int
js_order_plain(const char *text, char *t, size_t size)
{
	size_t n = 0;

	/* The text read is never longer than the text. */
	if (strlen(text) >= size)
		return -1;
	for (size_t i = 0; text[i] != '\0'; i++) {
		if (strncasecmp(text + i, "honour", 6) == 0) {
			memcpy(t + n, text + i, 4);
			t[n + 4] = text[i + 5];
			n += 5;
			i += 5;
			continue;
		}
		t[n++] = text[i];
	}
	t[n] = '\0';
	return 0;
}

static int
js_order_split(const char *text, struct util_words *w, char *why,
    size_t size)
{
	char t[UTIL_WORDS_CHARS + 1];

	if (js_order_plain(text, t, sizeof t) < 0 || util_words(t, w) < 0) {
		game_why(why, size, "an order has at most %d characters",
		    UTIL_WORDS_CHARS);
		return -1;
	}
	/* Card names as printed ("Shinobi Spies") become one word; one
	 * written with a slip ("warior monks") too, for a reason that
	 * names the card meant. */
	names_join(w, 1, js_cards_names, JS_NCARDS);
	if (size > 0)
		names_join_slips(w, 1, js_cards_names, JS_NCARDS);
	if (w->n > JS_ORDER_WORDS) {
		game_why(why, size, "an order has at most %d words",
		    JS_ORDER_WORDS);
		return -1;
	}
	return 0;
}

static int
js_order_syntax(const struct util_words *w, char *why, size_t size)
{
	for (size_t i = 0; i < JS_ORDER_NKWS; i++)
		if (strcmp(w->w[0], js_order_kws[i].word) == 0) {
			game_why(why, size, "write %s", js_order_kws[i].syntax);
			return -1;
		}
	return -1;
}

static int
js_order_square(const char *word, int *sq, char *why, size_t size)
{
	char q[JS_QUOTE_MAX + 4];

	if ((*sq = js_map_square(word)) == JS_NONE) {
		game_why(why, size, "'%s' is not a square (A1 to J10)",
		    js_quote(word, q));
		return -1;
	}
	return 0;
}

static int
js_order_player(const struct js *g, const char *word, int *p, char *why,
    size_t size)
{
	char q[JS_QUOTE_MAX + 4];

	/* The name read as the order was ("honour" is "honor"). */
	for (*p = 0; *p < g->nplayers; (*p)++) {
		char name[UTIL_WORDS_CHARS + 1];

		if (js_order_plain(g->names[*p], name, sizeof name) == 0 &&
		    strcasecmp(word, name) == 0)
			return 0;
	}
	game_why(why, size, "'%s' is not a player", js_quote(word, q));
	return -1;
}

/* Cards from w->w[from] on into a multiset (and, for keep, a list). */
static int
js_order_cards(const struct util_words *w, int from, struct js_act *a,
    char *why, size_t size)
{
	if (w->n == from + 1 && strcmp(w->w[from], "none") == 0)
		return 0;
	for (int i = from; i < w->n; i++) {
		long long k = 1;
		int c;

		/* "2 superior-tactics", as hands print them. */
		if (w->w[i][0] >= '0' && w->w[i][0] <= '9') {
			if (util_parse_int(w->w[i], 1, JS_CARD_COPIES, &k) < 0 ||
			    i + 1 == w->n) {
				game_why(why, size, "a number of cards is 1 to "
				    "%d, before the card's name, as in 2 "
				    "superior-tactics", JS_CARD_COPIES);
				return -1;
			}
			i++;
		}
		if ((c = js_cards_find(w->w[i], why, size)) < 0)
			return -1;
		for (; k > 0; k--) {
			a->cards[c]++;
			a->ncards++;
			if (a->nlist < (int)(sizeof a->list /
			    sizeof a->list[0]))
				a->list[a->nlist++] = c;
		}
	}
	if (a->ncards == 0) {
		game_why(why, size, "name the cards, or none");
		return -1;
	}
	return 0;
}

static int
js_order_read_done(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	(void)g;
	(void)a;
	return w->n == 1 ? 0 : js_order_syntax(w, why, size);
}

static int
js_order_read_trade(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	int get = 0;
	struct js_offer *o = &a->offer;

	for (int i = 4; i < w->n; i++)
		if (strcmp(w->w[i], "get") == 0 && get == 0)
			get = i;
	if (w->n < 7 || strcmp(w->w[1], "with") != 0 ||
	    strcmp(w->w[3], "give") != 0 || get == 0 || get == w->n - 1)
		return js_order_syntax(w, why, size);
	if (js_order_player(g, w->w[2], &o->to, why, size) < 0 ||
	    js_trade_items_read(&w->w[4], get - 4, o->give, &o->ngive, why,
	    size) < 0 || js_trade_items_read(&w->w[get + 1], w->n - get - 1,
	    o->get, &o->nget, why, size) < 0)
		return -1;
	if (o->ngive == 0 && o->nget == 0) {
		game_why(why, size, "a trade of nothing for nothing");
		return -1;
	}
	return 0;
}

static int
js_order_read_play(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	const struct js_card *c;

	if (w->n < 2)
		return js_order_syntax(w, why, size);
	if ((a->card = js_cards_find(w->w[1], why, size)) < 0)
		return -1;
	c = &js_cards[a->card];
	if (c->phase == JS_TP_NONE) {
		game_why(why, size, "%s is not played: it is set aside in a "
		    "battle", c->name);
		return -1;
	}
	if (c->aim == JS_AIM_NONE) {
		if (w->n == 2)
			return 0;
		game_why(why, size, "write play %s", c->word);
		return -1;
	}
	if (w->n != 4 || strcmp(w->w[2], "on") != 0) {
		game_why(why, size, "write play %s on %s", c->word,
		    c->aim == JS_AIM_PLAYER ? "PLAYER" : "SQUARE");
		return -1;
	}
	if (c->aim == JS_AIM_PLAYER)
		return js_order_player(g, w->w[3], &a->player, why, size);
	a->nsq = 1;
	return js_order_square(w->w[3], &a->sq[0], why, size);
}

static int
js_order_read_square(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	(void)g;
	if (w->n != 2)
		return js_order_syntax(w, why, size);
	a->nsq = 1;
	return js_order_square(w->w[1], &a->sq[0], why, size);
}

static int
js_order_read_raise(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	(void)g;
	if (w->n != 4 || strcmp(w->w[1], "army") != 0 ||
	    strcmp(w->w[2], "at") != 0)
		return js_order_syntax(w, why, size);
	a->nsq = 1;
	return js_order_square(w->w[3], &a->sq[0], why, size);
}

static int
js_order_read_number(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	long long n;
	/* No draw can give more than the cards in the game; 2D6 never
	 * allows more than 12 honor. */
	int max = a->verb == JS_V_DRAW ? JS_DECK : 12;
	char q[JS_QUOTE_MAX + 4];

	(void)g;
	if (w->n != 2)
		return js_order_syntax(w, why, size);
	if (util_parse_int(w->w[1], 1, max, &n) < 0) {
		game_why(why, size, "'%s' is not a number from 1 to %d%s",
		    js_quote(w->w[1], q), max, max == 12 ?
		    " (2D6 allows 12 at most)" : " (the cards in the game)");
		return -1;
	}
	a->n = (int)n;
	return 0;
}

static int
js_order_read_move(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	(void)g;
	if (w->n < 4 || w->n % 2 != 0 || w->n / 2 > JS_PATH_MAX)
		return js_order_syntax(w, why, size);
	for (int i = 1; i < w->n; i += 2) {
		if (i > 1 && strcmp(w->w[i - 1], "to") != 0)
			return js_order_syntax(w, why, size);
		if (js_order_square(w->w[i], &a->sq[a->nsq++], why, size) < 0)
			return -1;
	}
	return 0;
}

static int
js_order_read_attack(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	(void)g;
	if (w->n != 4 || strcmp(w->w[2], "from") != 0)
		return js_order_syntax(w, why, size);
	a->nsq = 2;
	return js_order_square(w->w[1], &a->sq[0], why, size) < 0 ? -1 :
	    js_order_square(w->w[3], &a->sq[1], why, size);
}

static int
js_order_read_rps(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	(void)g;
	if (w->n == 2)
		for (a->n = 0; a->n < JS_SHAPES; a->n++)
			if (strcmp(w->w[1], js_order_shapes[a->n]) == 0)
				return 0;
	return js_order_syntax(w, why, size);
}

static int
js_order_read_lose(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	(void)g;
	if (w->n == 2 && (strcmp(w->w[1], "honor") == 0 ||
	    strcmp(w->w[1], "honour") == 0)) {
		a->n = 1;
		return 0;
	}
	if (w->n < 3 || strcmp(w->w[1], "cards") != 0)
		return js_order_syntax(w, why, size);
	return js_order_cards(w, 2, a, why, size);
}

static int
js_order_read_battle(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	(void)g;
	if (w->n < 3 || strcmp(w->w[1], "cards") != 0)
		return js_order_syntax(w, why, size);
	return js_order_cards(w, 2, a, why, size);
}

static int
js_order_read_keep(const struct js *g, const struct util_words *w,
    struct js_act *a, char *why, size_t size)
{
	(void)g;
	if (w->n < 2)
		return js_order_syntax(w, why, size);
	return js_order_cards(w, 1, a, why, size);
}

int
js_order_read(const struct js *g, const char *text, struct js_act *a,
    char *why, size_t size)
{
	struct util_words w;
	char q[JS_QUOTE_MAX + 4], list[JS_ORDER_NKWS * 10], hint[40] = "";
	const char *now[JS_ORDER_NKWS], *near;
	size_t len = 0, nn = 0, i;
	int known;

	memset(a, 0, sizeof *a);
	a->offer.from = JS_NONE;
	if (js_order_split(text, &w, why, size) < 0)
		return -1;
	for (i = 0; w.n > 0 && i < JS_ORDER_NKWS; i++) {
		const struct js_order_kw *k = &js_order_kws[i];

		/* The first letter settles most keywords without a call. */
		if (w.w[0][0] != k->word[0] || strcmp(w.w[0], k->word) != 0)
			continue;
		if (!(k->phases & JS_PH(g->phase)))
			break;
		a->verb = k->verb;
		return k->read(g, &w, a, why, size);
	}
	/* The keywords of the phase, ", " between: no keyword is longer
	 * than 8 bytes, so each takes at most 10 of list. */
	known = i < JS_ORDER_NKWS;
	for (size_t j = 0; j < JS_ORDER_NKWS; j++)
		if (js_order_kws[j].phases & JS_PH(g->phase))
			now[nn++] = js_order_kws[j].word;
	/* A slip in an order word that is no order word of any phase
	 * ("rais"): the nearest of those owed now. */
	if (size > 0 && !known && w.n > 0 &&
	    (near = names_nearest(w.w[0], now, nn)) != NULL)
		snprintf(hint, sizeof hint, " (did you mean %s?)", near);
	for (i = 0; i < JS_ORDER_NKWS; i++) {
		size_t wl = strlen(js_order_kws[i].word);

		if (!(js_order_kws[i].phases & JS_PH(g->phase)) ||
		    len + 2 + wl >= sizeof list)
			continue;
		if (len > 0) {
			memcpy(list + len, ", ", 2);
			len += 2;
		}
		memcpy(list + len, js_order_kws[i].word, wl + 1);
		len += wl;
	}
	game_why(why, size, "%s'%s' is not an order now%s: the orders owed "
	    "now are %s", w.n == 0 ? "an empty order: " : "",
	    js_quote(w.n ? w.w[0] : "", q), hint, len ? list : "none");
	return -1;
}

void
js_order_write(const struct js *g, const struct js_act *a, struct sbuf *out)
{
	char s[4];
	const struct js_card *c = &js_cards[a->card];

	switch (a->verb) {
	case JS_V_TRADE:
		sbuf_printf(out, "trade with %s give ", g->names[a->offer.to]);
		js_trade_items_write(a->offer.give, a->offer.ngive, out);
		sbuf_puts(out, " get ");
		js_trade_items_write(a->offer.get, a->offer.nget, out);
		return;
	case JS_V_PLAY:
		sbuf_printf(out, "play %s", c->word);
		if (c->aim == JS_AIM_PLAYER)
			sbuf_printf(out, " on %s", g->names[a->player]);
		else if (c->aim != JS_AIM_NONE)
			sbuf_printf(out, " on %s", js_map_name(a->sq[0], s));
		return;
	case JS_V_DISBAND:
		sbuf_printf(out, "disband %s", js_map_name(a->sq[0], s));
		return;
	case JS_V_RAISE:
		sbuf_printf(out, "raise army at %s", js_map_name(a->sq[0], s));
		return;
	case JS_V_DRAW:
		sbuf_printf(out, "draw %d", a->n);
		return;
	case JS_V_HONOR:
		sbuf_printf(out, "honor %d", a->n);
		return;
	case JS_V_RPS:
		sbuf_printf(out, "rps %s", js_order_shapes[a->n]);
		return;
	case JS_V_LOSE:
		sbuf_puts(out, a->n ? "lose honor" : "lose cards ");
		if (!a->n)
			js_cards_words(a->cards, out);
		return;
	case JS_V_BATTLE:
		sbuf_puts(out, "battle cards ");
		js_cards_words(a->cards, out);
		return;
	case JS_V_KEEP:
		sbuf_puts(out, "keep");
		for (int i = 0; i < a->nlist; i++)
			sbuf_printf(out, " %s", js_cards[a->list[i]].word);
		return;
	default:
		break;
	}
	js_order_step(&(struct js_step){ a->verb, a->card, a->nsq,
	    { a->sq[0], a->sq[1], a->sq[2], a->sq[3] } }, out);
}

/* The orders kept through an Intrigue: travel and battle, and done. */
void
js_order_step(const struct js_step *st, struct sbuf *out)
{
	char s[4];

	switch (st->verb) {
	case JS_V_MOVE:
		sbuf_printf(out, "move %s", js_map_name(st->sq[0], s));
		for (int i = 1; i < st->nsq; i++)
			sbuf_printf(out, " to %s", js_map_name(st->sq[i], s));
		break;
	case JS_V_ATTACK:
		sbuf_printf(out, "attack %s", js_map_name(st->sq[0], s));
		sbuf_printf(out, " from %s", js_map_name(st->sq[1], s));
		break;
	case JS_V_PLAY:
		sbuf_printf(out, "play %s on %s", js_cards[st->card].word,
		    js_map_name(st->sq[0], s));
		break;
	default:
		sbuf_puts(out, "done");
		break;
	}
}

int
js_order_acts(const struct js *g, const struct answer *a,
    struct js_act *acts, int max, char *why, size_t size)
{
	int n = 0;

	for (size_t i = 0; i < a->n; i++) {
		if (n == max) {
			game_why(why, size, "more orders than the decision takes");
			return -1;
		}
		if (js_order_read(g, a->orders[i].text, &acts[n++], why,
		    size) < 0)
			return -1;
	}
	return n;
}
