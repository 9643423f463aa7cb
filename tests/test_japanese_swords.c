/* test_japanese_swords.c - what the case files cannot show of the Japanese
 * Swords module (games/japanese-swords/): the tables, the built-in maps
 * and the checks of map files with their positions, states that load must
 * refuse, canonical saving, orders read and written back, that views
 * keep each hand to its owner, the templates' numbers, and that a
 * planner's undo of the phases an order ran restores the game. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/japanese-swords/js.h"
#include "base/yaml.h"

extern const struct game_entry japanese_swords_game;

static const char *const tjs_names[] = { "alice", "bob", "carol", "dave" };

/* A new game for n players (built-in map unless map is given). */
static struct js *
tjs_new(int n, const char *map, struct gb_err *e)
{
	struct game_players pl = { n, tjs_names };
	const char *optv[] = { map != NULL ? map : "builtin" };
	uint8_t seed[RNG_SEED_BYTES] = { 7, (uint8_t)n };
	struct events ev = { 0 };
	struct rng rng;
	struct js *g;

	rng_init(&rng, seed, 0);
	g = japanese_swords_game.setup(&pl, optv, &rng, &ev, e);
	events_free(&ev);
	return g;
}

static char *
tjs_text(const struct js *g)
{
	struct node *n = japanese_swords_game.save(g);
	struct sbuf b;

	sbuf_init(&b);
	yaml_write(n, &b);
	node_free(n);
	return sbuf_take(&b);
}

/* Load text as the game section of n players; NULL with e set. */
static struct js *
tjs_load(int n, const char *text, struct gb_err *e)
{
	struct game_players pl = { n, tjs_names };
	struct node *root = NULL;
	struct js *g;

	if (yaml_read(text, strlen(text), &root, e) < 0)
		return NULL;
	g = japanese_swords_game.load(root, &pl, e);
	node_free(root);
	return g;
}

static void
tjs_tables(void **ctx)
{
	int total = 0, seen[67] = { 0 };

	(void)ctx;
	for (int c = 0; c < JS_NCARDS; c++) {
		char why[GAME_REASON_MAX];

		total += js_cards[c].count;
		assert_int_equal(js_cards_find(js_cards[c].word, why,
		    sizeof why), c);
	}
	assert_int_equal(total, JS_DECK);
	/* Every D66 roll names exactly one trait. */
	for (int t = 0; t < JS_NTRAITS; t++) {
		int r = js_traits[t].roll;

		assert_true(r / 10 >= 1 && r / 10 <= 6 && r % 10 >= 1 &&
		    r % 10 <= 6);
		assert_int_equal(seen[r]++, 0);
		assert_int_equal(js_traits_find(js_traits[t].word), t);
	}
	assert_int_equal(JS_NTRAITS, 36);
	for (int t = 0; t < JS_NTERRAINS; t++)
		assert_int_equal(js_map_terrain(js_map_terrains[t].letter), t);
	/* The keep ranking names every card once. */
	for (int c = 0; c < JS_NCARDS; c++) {
		int n = 0;

		for (int i = 0; i < JS_NCARDS; i++)
			n += js_cards_rank[i] == c;
		assert_int_equal(n, 1);
	}
}

static void
tjs_squares(void **ctx)
{
	char buf[4];

	(void)ctx;
	assert_string_equal(js_map_name(0, buf), "A1");
	assert_string_equal(js_map_name(99, buf), "J10");
	assert_int_equal(js_map_square("j10"), 99);
	assert_int_equal(js_map_square("C4"), 32);
	assert_int_equal(js_map_square("K1"), JS_NONE);
	assert_int_equal(js_map_square("A0"), JS_NONE);
	assert_int_equal(js_map_square("A11"), JS_NONE);
	assert_int_equal(js_map_square("A01"), JS_NONE);
	assert_int_equal(js_map_square("A+1"), JS_NONE);
	assert_true(js_map_adjacent(0, 1) && js_map_adjacent(0, 10));
	assert_false(js_map_adjacent(0, 11) || js_map_adjacent(9, 10));
}

static void
tjs_builtin_maps(void **ctx)
{
	(void)ctx;
	for (int n = 2; n <= GAME_MAX_PLAYERS; n++) {
		int map[JS_SQUARES], where;
		char why[GAME_REASON_MAX];

		js_map_builtin(n, map);
		if (js_map_check(map, n, &where, why, sizeof why) < 0)
			fail_msg("built-in map for %d: %s", n, why);
	}
}

/* A map file and the error it must give, at line:col. */
static const struct tjs_bad_map {
	const char *text;
	int line, col;
	const char *msg;
} tjs_bad_maps[] = {
	{ "CHCCFCCDCC\nCKCHCCCHKC\nHCCCCTCCCH\nCCXCCTCXCC\nDCCKTTCCCQ\n",
	    5, 10, "'Q' is not a terrain letter" },
	{ "CHCCFCCDCC\nCKCHCCCHK\n", 2, 1, "a row has 9 squares" },
	{ "CHCCFCCDCC\n", 1, 0, "1 rows of squares, not 10" },
	{ "# no fortress for bob\nCHCCFCCDCC\nCKCHCCCHKC\nHCCCCTCCCH\n"
	    "CCXCCTCXCC\nDCCKTTCCCD\nDCCCTTKCCD\nCCXCCTCXCC\nHCCCCTCCCH\n"
	    "CKCHCCCHKC\nCCDCCCCCHC\n", 0, 0, "the map has 1 fortresses" },
	{ "CHCCFCCDCC\nCCCHCCCHCC\nHCCCCTCCCH\nCCXCCTCXCC\nDCCKTTCCCD\n"
	    "DCCCTTKCCD\nCCXCCTCXCC\nHCCCCTCCCH\nCKCHCCCHKC\nCCDCCFCCHC\n",
	    1, 5, "keeps are not spread evenly" },
	{ "CHCCFCCDCC\nCKCHCCCHKC\nHCCCCCCCCH\nCCXCCCCXCC\nDCCKCCCCCD\n"
	    "DCCCCCKCCD\nCCXCCCCXCC\nHCCCCCCCCH\nCKCHCCCHKC\nCCDCCFCCHC\n",
	    0, 0, "no treacherous terrain" },
	{ "CHCCCCCDCC\nCKCHCCCHKC\nHCCCCTCCCH\nCCXCFTCXCC\nDCCKTTCCCD\n"
	    "DCCCTTKCCD\nCCXCCTCXCC\nHCCCCTCCCH\nCKCHCCCHKC\nCCDCCFCCHC\n",
	    4, 5, "is not on a side of the map" },
	{ "CHCCFCCDCC\nCKCHCCCHKC\nHFCCCTCCCH\nCCXCCTCXCC\nDCCKTTCCCD\n"
	    "DCCCTTKCCD\nCCXCCTCXCC\nHCCCCTCCCH\nCKCHCCCHKC\nCCDCCCCCHC\n",
	    3, 2, "are 5 squares apart" },
	{ "CHCCFCCDCC\nCKCHCCCHKC\nHCCCCTCCCH\nCCXCCTCXCC\nDCCKTTCCCD\n"
	    "DCCCTTKCCD\nCCXCCTCXCC\nHCCCCTCCCH\nCKCHCXCHKC\nCCDCXFXCHC\n",
	    10, 6, "has no square next to it" },
	{ "CHCCFCCDCC\nCKCHCCCHKC\nHCCCCTCCCH\nCCXCCTCXCC\nDCCKTTCCCD\n"
	    "DCCCTTKCCD\nCCXCCTCXCC\nHCCCCTCCCH\nCKCHCCCHKC\nCCDCCFCCXC\n"
	    "XXXXXXXXXX", 11, 1, "more than 10 rows" },
	{ "CHCCFCCDXC\nCKCHCCCXCX\nHCCCCTCCCH\nCCXCCTCXCC\nDCCKTTCCCD\n"
	    "DCCCTTKCCD\nCCXCCTCXCC\nHCCCCTCCCH\nCKCHCCCHKC\nCCDCCFCCHC\n",
	    1, 10, "cannot be reached" },
};

static void
tjs_map_files(void **ctx)
{
	struct gb_err e;
	struct js *g;

	(void)ctx;
	/* A good one, with comments, blank lines and spaces. */
	memset(&e, 0, sizeof e);
	g = tjs_new(2, "# two players\n\nC H C C F C C D C C\r\n"
	    "CKCHCCCHKC  # keeps B2 and I2\nHCCCCTCCCH\nccxcctcxcc\n"
	    "DCCKTTCCCD\nDCCCTTKCCD\nCCXCCTCXCC\nHCCCCTCCCH\nCKCHCCCHKC\n"
	    "CCDCCFCCHC", &e);
	if (g == NULL)
		fail_msg("a good map is refused: %d:%d: %s", e.line, e.col,
		    e.msg);
	free(g);
	for (size_t i = 0; i < sizeof tjs_bad_maps / sizeof tjs_bad_maps[0];
	    i++) {
		const struct tjs_bad_map *b = &tjs_bad_maps[i];

		memset(&e, 0, sizeof e);
		g = tjs_new(2, b->text, &e);
		if (g != NULL)
			fail_msg("bad map %zu accepted", i);
		if (strstr(e.msg, b->msg) == NULL || e.line != b->line ||
		    e.col != b->col)
			fail_msg("bad map %zu: got %d:%d: %s; wanted %d:%d: %s",
			    i, e.line, e.col, e.msg, b->line, b->col, b->msg);
	}
	/* Five players never; one fortress short for three. */
	memset(&e, 0, sizeof e);
	assert_null(tjs_new(3, tjs_bad_maps[4].text, &e));
	assert_non_null(strstr(e.msg, "the map has 2 fortresses"));
}

/* A running game after a few decision points, to edit. */
static char *
tjs_running(int n)
{
	struct gb_err e = { 0 };
	struct js *g = tjs_new(n, NULL, &e);
	struct game_players pl = { n, tjs_names };
	char *text;

	assert_non_null(g);
	for (int point = 1; point < 12; point++) {
		struct owed ow[GAME_MAX_PLAYERS];
		size_t k = japanese_swords_game.owed(g, ow);
		struct answer ans[GAME_MAX_PLAYERS];
		struct order o[GAME_MAX_PLAYERS];
		struct strlist keep = { 0 };
		struct events ev = { 0 };
		uint8_t seed[RNG_SEED_BYTES] = { 3 };
		struct rng rng;

		/* Everyone throws differently the first time, then done. */
		for (size_t i = 0; i < k; i++) {
			struct strlist l = { 0 };

			japanese_swords_game.legal(g, ow[i].player, NULL, 0, &l);
			strlist_add(&keep, l.v[point == 1 && l.n > i ? i : 0]);
			strlist_free(&l);
			o[i] = (struct order){ keep.v[i], 1, 1 };
			ans[i] = (struct answer){ ow[i].player, &o[i], 1, 0 };
		}
		rng_init(&rng, seed, (uint64_t)point);
		assert_int_equal(japanese_swords_game.resolve(g, &pl, ans, k,
		    &rng, &ev, &e), 0);
		events_free(&ev);
		strlist_free(&keep);
	}
	text = tjs_text(g);
	free(g);
	return text;
}

/* A game of n players in a turn, loaded from tjs_running's state. */
static struct js *
tjs_turn(int n)
{
	struct gb_err e = { 0 };
	char *text = tjs_running(n);
	struct js *g = tjs_load(n, text, &e);

	free(text);
	if (g == NULL)
		fail_msg("%d:%d: %s", e.line, e.col, e.msg);
	assert_int_equal(g->phase, JS_P_TURN);
	return g;
}

/* Replace the first from in text with to; the result must exist. */
static char *
tjs_edit(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	struct sbuf b;

	if (at == NULL)
		fail_msg("'%s' is not in the state:\n%s", from, text);
	sbuf_init(&b);
	sbuf_add(&b, text, (size_t)(at - text));
	sbuf_puts(&b, to);
	sbuf_puts(&b, at + strlen(from));
	return sbuf_take(&b);
}

static const struct tjs_refusal {
	const char *from, *to, *msg;
} tjs_refusals[] = {
	{ "phase: turn", "phase: lunch", "phase is rps, turn" },
	{ "part: 1", "part: 2", "part 2 is the Forced March part" },
	{ "round: ", "round: -", "\"round\"" },
	{ "- CHCCFCCDCC", "- CHCCFCCDCQ", "has a letter that is no terrain" },
	{ "- CHCCFCCDCC", "- CHCCCCCDCC", "the map has 1 fortresses" },
	{ "E1 alice", "E1 bob", "does not hold the home fortress" },
	{ "B2 none", "B2 nobody", "'nobody' is not a player" },
	{ "B2 none", "B2 none iron-mines", "this one is \"B2 HOLDER\"" },
	{ "\"E2 alice 0\"", "\"E2 alice -1\"", "an army is \"SQUARE OWNER" },
	{ "\"E2 alice 0\"", "\"A1 alice 0\"", "listed by square" },
	{ "\"E2 alice 0\"", "\"C4 alice 0\"", "on impassable terrain" },
	{ "\"E2 alice 0\"", "\"B2 alice 0\"", "does not hold" },
	{ "\"E2 alice 0\"", "\"E2 alice 0 march\"", "marked march outside" },
	{ "\"E2 alice 0\"", "\"E2 alice 00\"", "write an army as" },
	{ "status: playing", "status: out", "is out of the game but has" },
	{ "honor: 0", "honor: 50", "the game should be over" },
	{ "gold: ", "gold: -", "\"gold\"" },
	{ "discard: []", "discard: [ninja]", "there are 6 Ninja cards" },
	{ "battles: []", "battles: [\"E3 from E2\"]", "battles are listed" },
	{ "pending: []", "pending: [done]", "intrigues and pending orders" },
	{ "offers: []", "offers:\n  - from: alice\n    to: alice\n"
	    "    give: gold 1\n    get: nothing", "an offer to oneself" },
	{ "offers: []", "offers:\n  - from: alice\n    to: bob\n"
	    "    give: card ninja and gold 1\n    get: nothing",
	    "write the items in canonical order" },
	{ "offers: []", "surprise: 1\noffers: []", "surprise" },
};

static void
tjs_load_refuses(void **ctx)
{
	char *good = tjs_running(2);
	struct gb_err e = { 0 };
	struct js *g;
	char *again;

	(void)ctx;
	/* The untouched state loads and saves to the same bytes. */
	g = tjs_load(2, good, &e);
	if (g == NULL)
		fail_msg("%d:%d: %s\n%s", e.line, e.col, e.msg, good);
	again = tjs_text(g);
	assert_string_equal(again, good);
	free(again);
	free(g);
	assert_non_null(strstr(good, "phase: turn"));
	for (size_t i = 0; i < sizeof tjs_refusals / sizeof tjs_refusals[0];
	    i++) {
		const struct tjs_refusal *r = &tjs_refusals[i];
		char *bad = tjs_edit(good, r->from, r->to);

		memset(&e, 0, sizeof e);
		g = tjs_load(2, bad, &e);
		if (g != NULL)
			fail_msg("refusal %zu (%s) loaded", i, r->msg);
		if (strstr(e.msg, r->msg) == NULL || e.line == 0)
			fail_msg("refusal %zu: got %d:%d: %s; wanted %s", i,
			    e.line, e.col, e.msg, r->msg);
		free(bad);
	}
	free(good);
}

/* The deck's order, other hands and offers never show in a player's view;
 * perturb changes them and keeps the state loadable. */
static void
tjs_hidden(void **ctx)
{
	char *text = tjs_running(3);
	struct game_players pl = { 3, tjs_names };
	struct gb_err e = { 0 };
	struct js *g = tjs_load(3, text, &e), *h;
	uint8_t seed[RNG_SEED_BYTES] = { 9 };
	struct rng rng;

	(void)ctx;
	assert_non_null(g);
	rng_init(&rng, seed, 1);
	for (int p = 0; p < 3; p++) {
		struct sbuf a, b;
		char *moved;

		h = tjs_load(3, text, &e);
		assert_non_null(h);
		assert_int_equal(japanese_swords_game.perturb(h, p, &rng), 1);
		assert_int_equal(memcmp(h->clans[p].hand, g->clans[p].hand,
		    sizeof h->clans[p].hand), 0);
		moved = tjs_text(h);
		free(h);
		assert_non_null(h = tjs_load(3, moved, &e));
		sbuf_init(&a);
		sbuf_init(&b);
		japanese_swords_game.view(g, &pl, p, &a);
		japanese_swords_game.view(h, &pl, p, &b);
		assert_string_equal(a.p, b.p);
		sbuf_free(&a);
		sbuf_free(&b);
		free(moved);
		free(h);
	}
	free(g);
	free(text);
}

/* Orders read back to the same canonical text. */
static void
tjs_orders(void **ctx)
{
	static const char *const turn[][2] = {
		{ "DONE", "done" },
		{ "Play Much-Hon", "play much-honor" },
		{ "play intrigue on BOB", "play intrigue on bob" },
		{ "play forced on e2", "play forced-march on E2" },
		{ "raise   army at d1", "raise army at D1" },
		{ "move e2 to e3 to e4", "move E2 to E3 to E4" },
		{ "attack E3 from E2", "attack E3 from E2" },
		{ "honour 4", "honor 4" },
		{ "trade with bob give card ninja and gold 2 and gold 1 get "
		    "nothing", "trade with bob give gold 3 and card ninja get "
		    "nothing" },
	};
	static const char *const bad[][2] = {
		{ "play yari-ashigaru", "is set aside in a battle" },
		{ "play intrigue", "write play intrigue on PLAYER" },
		{ "move E2", "write move SQUARE to SQUARE" },
		{ "honor 13", "from 1 to 12" },
		{ "draw 0", "from 1 to 100 (the cards in the game)" },
		{ "draw 101", "from 1 to 100" },
		{ "rps rock", "'rps' is not an order now" },
		{ "trade with bob give gold 2 and get nothing", "items are" },
		{ "", "an empty order" },
		/* A long word is cut at a character, never inside one. */
		{ "aaaaaaaaaaaaaaaaaaaaaaa\xc4\xa1" "b", "'aaaaaaaaaaaaaaaaaaaaaaa...'" },
		{ "play \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
		    "...' is not a card" },
	};
	struct gb_err e = { 0 };
	struct js *g = tjs_new(2, NULL, &e);
	char why[GAME_REASON_MAX];

	(void)ctx;
	g->phase = JS_P_TURN;
	for (size_t i = 0; i < sizeof turn / sizeof turn[0]; i++) {
		struct js_act a;
		struct sbuf b;

		if (js_order_read(g, turn[i][0], &a, why, sizeof why) < 0)
			fail_msg("'%s': %s", turn[i][0], why);
		sbuf_init(&b);
		js_order_write(g, &a, &b);
		assert_string_equal(b.p, turn[i][1]);
		sbuf_free(&b);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct js_act a;

		assert_int_equal(js_order_read(g, bad[i][0], &a, why,
		    sizeof why), -1);
		if (strstr(why, bad[i][1]) == NULL)
			fail_msg("'%s': %s", bad[i][0], why);
	}
	free(g);
}

/* Views fit in 72 columns and show the hand to its owner only. */
static void
tjs_view(void **ctx)
{
	struct gb_err e = { 0 };
	struct game_players pl = { 4, tjs_names };
	struct js *g = tjs_new(4, NULL, &e);

	(void)ctx;
	g->clans[1].hand[JS_CARD_TREACHERY] = 1;
	g->deck[--g->ndeck] = 0; /* keep the count of cards right */
	for (int p = -1; p < 4; p++) {
		struct sbuf b;
		const char *line;

		sbuf_init(&b);
		japanese_swords_game.view(g, &pl, p, &b);
		japanese_swords_game.help(g, p < 0 ? 0 : p, &b);
		for (line = b.p; *line != '\0';) {
			size_t n = strcspn(line, "\n");

			if (n > 72)
				fail_msg("a line of %zu columns: %.*s", n,
				    (int)n, line);
			line += n + (line[n] == '\n');
		}
		assert_true((strstr(b.p, "Treachery") != NULL) == (p == 1));
		sbuf_free(&b);
	}
	free(g);
}

/* The battle template shows the other side's public modifiers: what it
 * adds to its cards and its card-type traits (the case battle-traits). */
static void
tjs_battle_template(void **ctx)
{
	FILE *f = fopen("tests/cases/japanese-swords/battle-traits.yaml", "r");
	static char text[16384];
	size_t len;
	struct node *root = NULL;
	struct gb_err e = { 0 };
	struct game_players pl = { 2, tjs_names };
	struct order o[2] = { { "attack E5 from E4", 1, 1 }, { "done", 2, 1 } };
	struct answer ans = { 0, o, 2, 0 };
	struct events ev = { 0 };
	uint8_t seed[RNG_SEED_BYTES] = { 0 };
	struct rng rng;
	struct sbuf b;
	struct js *g;

	(void)ctx;
	assert_non_null(f);
	len = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[len] = '\0';
	assert_int_equal(yaml_read(text, len, &root, &e), 0);
	g = japanese_swords_game.load(node_get(root, "game"), &pl, &e);
	node_free(root);
	if (g == NULL)
		fail_msg("%d:%d: %s", e.line, e.col, e.msg);
	/* A second Monk Dojo: the template gives the two as one sum. */
	for (int i = 0; i < g->nsites; i++)
		if (g->sites[i].control == JS_NONE) {
			g->sites[i].control = 0;
			g->sites[i].traits[0] = JS_TRAIT_MONK_DOJO;
			break;
		}
	rng_init(&rng, seed, 1);
	assert_int_equal(japanese_swords_game.resolve(g, &pl, &ans, 1, &rng,
	    &ev, &e), 0);
	events_free(&ev);
	sbuf_init(&b);
	japanese_swords_game.help(g, 1, &b);
	/* Join the wrapped comment lines. */
	for (char *nl; (nl = strstr(b.p, "\n# ")) != NULL;)
		memmove(nl, nl + 2, strlen(nl + 2) + 1);
	/* One term is not summed again ("the cards -5" after "-5
	 * Treacherous" said nothing new). */
	if (strstr(b.p, "Your force: the cards, -5 Treacherous.  ") == NULL ||
	    strstr(b.p, "alice's force: the cards, +2 Yang; ") == NULL ||
	    strstr(b.p, "(the cards") != NULL)
		fail_msg("a force of one term is summed:\n%s", b.p);
	if (strstr(b.p, "alice's force: the cards") == NULL ||
	    strstr(b.p, "Yang") == NULL ||
	    strstr(b.p, "Sword Dojo +1") == NULL ||
	    strstr(b.p, "Monk Dojo +6 (2 sites)") == NULL)
		fail_msg("bob's battle template lacks alice's modifiers:\n%s",
		    b.p);
	sbuf_free(&b);
	free(g);
}

/* The turn template says how much gold trades may give before upkeep
 * disbands armies: the gold after revenue less the armies' upkeep. */
static void
tjs_upkeep_template(void **ctx)
{
	char want[200];
	struct js *g = tjs_turn(2);
	int p, forts, keeps, tribute, gold, armies;
	struct sbuf b;

	(void)ctx;
	p = g->active;
	g->clans[p].gold = 5;
	gold = 5 + js_turn_income(g, p, &forts, &keeps, &tribute);
	armies = js_army_count(g, p);
	assert_true(armies >= 2 && gold >= armies);
	snprintf(want, sizeof want, "after revenue you will have %d gold "
	    "(before Prosperity) and your %d armies cost %d, so a trade "
	    "giving more than %d gold disbands armies", gold, armies, armies,
	    gold - armies);
	sbuf_init(&b);
	japanese_swords_game.help(g, p, &b);
	for (char *nl; (nl = strstr(b.p, "\n# ")) != NULL;)
		memmove(nl, nl + 2, strlen(nl + 2) + 1);
	if (strstr(b.p, want) == NULL)
		fail_msg("the turn template lacks '%s':\n%s", want, b.p);
	/* draw N is not the free draw; the examples say how many orders
	 * there are and where they all are. */
	if (strstr(b.p, "draw: N cards more than the ") == NULL ||
	    strstr(b.p, " free one, 2 gold each") == NULL)
		fail_msg("the turn template's draw N:\n%s", b.p);
	if (strstr(b.p, "orders may come first; here the first of each "
	    "kind, and the JSON report's orders.legal lists them all") == NULL)
		fail_msg("the turn template's examples:\n%s",
		    strstr(b.p, "Legal now") ? strstr(b.p, "Legal now") : "");
	sbuf_free(&b);
	free(g);
}

/* Map cells cannot be misread: players are letters, experience a digit,
 * and an army on a Forced March is marked. */
static void
tjs_view_cells(void **ctx)
{
	struct gb_err e = { 0 };
	struct game_players pl = { 2, tjs_names };
	struct js *g = tjs_new(2, NULL, &e);
	int home;
	struct sbuf b;

	(void)ctx;
	assert_non_null(g);
	home = g->sites[js_site_home(g, 0)].sq;
	js_army_at(g, home)->exp = 1;
	js_army_at(g, home)->march = 1;
	sbuf_init(&b);
	japanese_swords_game.view(g, &pl, -1, &b);
	if (strstr(b.p, " Fa*a1") == NULL || strstr(b.p, "F1 1") != NULL ||
	    strstr(b.p, "an army on a Forced March") == NULL)
		fail_msg("cells:\n%s", b.p);
	sbuf_free(&b);
	/* The player's own view forecasts the gold: one fortress with no
	 * Tribute trait gives at least 3; two armies cost 2. */
	sbuf_init(&b);
	g->clans[0].gold = 5;
	japanese_swords_game.view(g, &pl, 0, &b);
	if (strstr(b.p, "Your gold: 5 now; your next revenue brings") == NULL ||
	    strstr(b.p, "upkeep takes 2 for 2 armies") == NULL)
		fail_msg("no gold forecast:\n%s", b.p);
	sbuf_free(&b);
	free(g);
}

/* Join the wrapped lines of a view or template: each run of spaces,
 * newlines and comment marks one space. */
static void
tjs_join_lines(char *p)
{
	char *to = p;

	for (const char *at = p; *at != '\0'; at++) {
		char c = *at == '\n' || *at == '#' ? ' ' : *at;

		if (c != ' ' || (to > p && to[-1] != ' '))
			*to++ = c;
	}
	*to = '\0';
}

/* The turn order marks a clan out of the game. */
static void
tjs_order_out(void **ctx)
{
	char want[64];
	struct js *g = tjs_turn(3);
	struct game_players pl = { 3, tjs_names };
	int out;
	struct sbuf b;

	(void)ctx;
	out = (g->active + 1) % 3;
	g->clans[out].out = 1;
	snprintf(want, sizeof want, "%s (out)", tjs_names[out]);
	sbuf_init(&b);
	japanese_swords_game.view(g, &pl, -1, &b);
	for (char *nl; (nl = strstr(b.p, "\n")) != NULL;)
		*nl = ' ';
	if (strstr(b.p, want) == NULL)
		fail_msg("no '%s' in the turn order:\n%s", want, b.p);
	/* The round is said to be the game's player-turn, apart from the
	 * decision point orders files name (a fresh reader's c7): the view
	 * with its lines joined. */
	sbuf_free(&b);
	/* The template says why it lists plays of cards not held (a
	 * fresh reader's c13). */
	sbuf_init(&b);
	japanese_swords_game.view(g, &pl, g->active, &b);
	japanese_swords_game.help(g, g->active, &b);
	if (strstr(b.p, "So the legal orders below\n# list such plays of "
	    "cards you do not hold, and check warns of\n# each one.") == NULL)
		fail_msg("the template does not say why:\n%s", b.p);
	tjs_join_lines(b.p);
	snprintf(want, sizeof want, "Round %d (the game's player-turn %d; ",
	    g->round, g->round);
	if (strstr(b.p, want) == NULL || strstr(b.p, "orders files name the "
	    "decision point, not the round)") == NULL)
		fail_msg("no '%s...' in the view:\n%s", want, b.p);
	sbuf_free(&b);
	free(g);
}

/* A standing offer that cannot be met now says so, to each side as far
 * as it may know: the giver's hand only to the giver (a fresh reader's
 * c8: an offer of a card revealed in a battle stayed listed). */
static void
tjs_offer_now(void **ctx)
{
	struct js *g = tjs_turn(3);
	struct game_players pl = { 3, tjs_names };
	int a = g->active, b = (g->active + 1) % 3, card = JS_CARD_NO_DACHI;
	struct js_offer *o = &g->offers[0];
	struct sbuf v;

	(void)ctx;
	g->clans[a].hand[card] = 0;
	memset(o, 0, sizeof *o);
	o->from = a;
	o->to = b;
	o->ngive = o->nget = 1;
	o->give[0] = (struct js_item){ JS_I_CARD, card, JS_NONE };
	o->get[0] = (struct js_item){ JS_I_GOLD, 1, JS_NONE };
	g->noffers = 1;
	g->clans[b].gold = 5;
	sbuf_init(&v);
	japanese_swords_game.view(g, &pl, a, &v);
	if (strstr(v.p, "Offer standing: ") == NULL ||
	    strstr(v.p, "It cannot be met now: ") == NULL ||
	    strstr(v.p, "No-Dachi Swordsmen") == NULL)
		fail_msg("the giver is not told:\n%s", v.p);
	sbuf_free(&v);
	sbuf_init(&v);
	japanese_swords_game.view(g, &pl, b, &v);
	if (strstr(v.p, "Offer standing: ") == NULL ||
	    strstr(v.p, "It cannot be met now") != NULL)
		fail_msg("the other side learns of a hidden hand:\n%s", v.p);
	sbuf_free(&v);
	/* The JSON report's offer carries the same words. */
	{
		struct node *d = japanese_swords_game.view_data(g, &pl, a);
		const struct node *off = node_get(node_get(d, "yours"),
		    "offers");

		assert_non_null(off);
		assert_int_equal(off->n, 1);
		assert_non_null(node_get(off->items[0], "blocked"));
		assert_non_null(strstr(node_get(off->items[0],
		    "blocked")->str, "No-Dachi Swordsmen"));
		node_free(d);
		d = japanese_swords_game.view_data(g, &pl, b);
		off = node_get(node_get(d, "yours"), "offers");
		assert_null(node_get(off->items[0], "blocked"));
		node_free(d);
	}
	/* Gold is public: both are told. */
	g->clans[b].gold = 0;
	sbuf_init(&v);
	japanese_swords_game.view(g, &pl, b, &v);
	tjs_join_lines(v.p);
	if (strstr(v.p, "It cannot be met now: ") == NULL)
		fail_msg("no word of the gold:\n%s", v.p);
	sbuf_free(&v);
	free(g);
}

/* Counts of one read in the singular. */
static void
tjs_plurals(void **ctx)
{
	struct gb_err e = { 0 };
	struct game_players pl = { 2, tjs_names };
	struct js *g = tjs_new(2, NULL, &e);
	struct sbuf b;

	(void)ctx;
	assert_non_null(g);
	/* Leave one card in the deck and put one on the discard pile. */
	g->discard[g->deck[0]]++;
	g->deck[0] = g->deck[g->ndeck - 1];
	g->ndeck = 1;
	sbuf_init(&b);
	japanese_swords_game.view(g, &pl, -1, &b);
	if (strstr(b.p, "Deck: 1 card.  Discard pile: 1 card.") == NULL)
		fail_msg("no singular counts in:\n%s", b.p);
	sbuf_free(&b);
	free(g);
}

/* The man page's built-in maps are as drawn, so that it cannot drift
 * (its orders examples are played by the case files it names,
 * test_cases.c). */
static void
tjs_man_maps(void **ctx)
{
	FILE *f = fopen("man/gunbai-japanese-swords.6", "r");
	char line[256];
	int maps = -1, rows = 0;

	(void)ctx;
	assert_non_null(f);
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strstr(line, " 2 players    3 players    4 players")) {
			maps = 0;
			continue;
		}
		if (maps >= 0 && maps < JS_SIDE) {
			for (int n = 2; n <= 4; n++) {
				int map[JS_SQUARES];
				char row[JS_SIDE + 1];

				js_map_builtin(n, map);
				js_map_row(map, maps, row);
				assert_memory_equal(line + 1 + 13 * (n - 2), row,
				    JS_SIDE);
			}
			maps++;
			rows++;
		}
	}
	fclose(f);
	assert_int_equal(rows, JS_SIDE);
}

/* A planner undoes the phases a refused order ran with js_turn_undo
 * alone: check that it undoes everything on every turn of random games,
 * after a random part of the turn, for every phase reached, and that
 * phases which change the game are seen. */
/* js_turn_raise_table agrees with js_turn_raise_near for every player
 * and square of g; returns how many (player, square) pairs are near. */
static int
tjs_raise_agrees(const struct js *g)
{
	int near = 0;

	for (int p = 0; p < g->nplayers; p++) {
		char t[JS_SQUARES];

		js_turn_raise_table(g, p, t);
		for (int sq = 0; sq < JS_SQUARES; sq++) {
			assert_int_equal(t[sq] != 0, js_turn_raise_near(g, p,
			    sq));
			near += t[sq] != 0;
		}
	}
	return near;
}

static void
tjs_undo(void **ctx)
{
	int checked = 0, changed = 0, near = 0, far = 0;

	(void)ctx;
	for (int n = 2; n <= 4; n++) {
		struct gb_err e = { 0 };
		struct js *g = tjs_new(n, NULL, &e);
		struct game_players pl = { n, tjs_names };
		uint8_t seed[RNG_SEED_BYTES] = { 11, (uint8_t)n };
		struct rng hr;

		assert_non_null(g);
		rng_init(&hr, seed, 0);
		for (int point = 0; point < 400 && g->phase != JS_P_OVER;
		    point++) {
			struct owed ow[GAME_MAX_PLAYERS];
			size_t k = japanese_swords_game.owed(g, ow);
			struct answer ans[GAME_MAX_PLAYERS];
			struct order o[GAME_MAX_PLAYERS][64];
			struct strlist keep = { 0 };
			struct events ev = { 0 };
			struct verdict v[64];
			struct rng rng;
			int t = tjs_raise_agrees(g);

			near += t;
			far += t < n * JS_SQUARES;

			for (size_t i = 0; i < k; i++) {
				int p = ow[i].player;
				size_t m = 0;

				while (!japanese_swords_game.validate(g, p, o[i],
				    m, v)) {
					struct strlist l = { 0 };

					assert_true(m < 64);
					japanese_swords_game.legal(g, p, o[i], m,
					    &l);
					assert_true(l.n > 0);
					strlist_add(&keep, l.v[rng_below(&hr,
					    l.n)]);
					strlist_free(&l);
					o[i][m++] = (struct order){
					    keep.v[keep.n - 1], 1, 1 };
				}
				ans[i] = (struct answer){ p, o[i], m, 0 };
			}
			if (g->phase == JS_P_TURN || g->phase == JS_P_MARCH) {
				/* The active player's turn, part played. */
				struct js *c = malloc(sizeof *c);
				struct js *before = malloc(sizeof *before);
				struct js_run r;
				char why[GAME_REASON_MAX];
				size_t part = rng_below(&hr, ans[0].n);

				memcpy(c, g, sizeof *c);
				js_turn_start(&r, c, g->active, NULL, NULL);
				for (size_t j = 0; j < part; j++) {
					struct js_act a;

					assert_int_equal(js_order_read(c,
					    ans[0].orders[j].text, &a, why,
					    sizeof why), 0);
					js_turn_take(&r, &a, why, sizeof why);
				}
				if (point % 2 && r.tp < JS_TP_RAISE) {
					/* Upkeep unpaid: armies disbanded. */
					js_turn_reach(&r, JS_TP_REVENUE);
					c->clans[r.player].gold = 0;
				}
				for (int tp = r.tp; tp <= JS_TP_END; tp++) {
					struct js_turn_undo u;
					struct js_run r0 = r;

					memcpy(before, c, sizeof *c);
					js_turn_undo_keep(&r, &u);
					js_turn_reach(&r, tp);
					changed += memcmp(before, c,
					    sizeof *c) != 0;
					js_turn_undo(&r, &u);
					assert_memory_equal(before, c,
					    sizeof *c);
					assert_memory_equal(&r0, &r, sizeof r);
					js_turn_reach(&r, tp);
					checked++;
				}
				free(before);
				free(c);
			}
			rng_init(&rng, seed, (uint64_t)point + 1);
			assert_int_equal(japanese_swords_game.resolve(g, &pl, ans,
			    k, &rng, &ev, &e), 0);
			events_free(&ev);
			strlist_free(&keep);
		}
		free(g);
	}
	assert_true(checked > 100);
	assert_true(changed > 10);
	assert_true(near > 100 && far > 100);
}

/* The plan js_legal.c keeps between calls (its memo) gives what planning
 * afresh gives: on every point of random games, each call is made with
 * the memo as the calls before left it, then again after
 * js_legal_forget, and the two must agree: each pick of an answer built
 * order by order (the memo goes on by one order, and a walk must give
 * its plan back as the prefix left it), validate and resolve's check of
 * the whole answer and of its start, the answer with an order changed
 * (a refused one, or another legal one: the memo's orders no longer
 * match), and the answer on the game changed in place (a memo that
 * ignored the game's bytes would answer for the game before). */
static size_t
tjs_memo_choose(void *arg, size_t count)
{
	return rng_below(arg, count);
}

static void
tjs_memo_judge(const struct js *g, int p, const struct order *o, size_t n,
    int *accepted)
{
	struct verdict v[2][80];
	int rc[2], ok[2];

	assert_true(n <= 80);
	for (int cold = 0; cold < 2; cold++) {
		if (cold)
			js_legal_forget();
		rc[cold] = japanese_swords_game.validate(g, p, o, n, v[cold]);
		ok[cold] = js_legal_valid(g, p, o, n);
	}
	assert_int_equal(rc[0], rc[1]);
	assert_int_equal(ok[0], ok[1]);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(v[0][i].accepted, v[1][i].accepted);
		assert_string_equal(v[0][i].reason, v[1][i].reason);
		*accepted += v[0][i].accepted;
	}
}

static void
tjs_memo_list(const struct js *g, int p, const struct order *o, size_t n)
{
	struct strlist l[2] = { { 0 }, { 0 } };

	for (int cold = 0; cold < 2; cold++) {
		if (cold)
			js_legal_forget();
		japanese_swords_game.legal(g, p, o, n, &l[cold]);
	}
	assert_int_equal(l[0].n, l[1].n);
	for (size_t i = 0; i < l[0].n; i++)
		assert_string_equal(l[0].v[i], l[1].v[i]);
	strlist_free(&l[0]);
	strlist_free(&l[1]);
}

static void
tjs_memo(void **ctx)
{
	int turns = 0, accepted = 0, orders = 0;

	(void)ctx;
	for (int n = 2; n <= 4; n++) {
		struct gb_err e = { 0 };
		struct js *g = tjs_new(n, NULL, &e);
		struct game_players pl = { n, tjs_names };
		uint8_t seed[RNG_SEED_BYTES] = { 13, (uint8_t)n };
		struct rng hr;

		assert_non_null(g);
		rng_init(&hr, seed, 0);
		for (int point = 0; point < 300 && g->phase != JS_P_OVER;
		    point++) {
			struct owed ow[GAME_MAX_PLAYERS];
			size_t k = japanese_swords_game.owed(g, ow);
			struct answer ans[GAME_MAX_PLAYERS];
			struct order o[GAME_MAX_PLAYERS][64];
			char text[GAME_MAX_PLAYERS][64][GAME_ORDER_MAX];
			struct events ev = { 0 };
			struct rng rng;

			for (size_t i = 0; i < k; i++) {
				int p = ow[i].player;
				size_t m = 0, c[2];
				char pick[2][GAME_ORDER_MAX];

				for (;;) {
					struct rng r2;

					for (int cold = 0; cold < 2; cold++) {
						if (cold)
							js_legal_forget();
						r2 = hr;
						c[cold] = japanese_swords_game.
						    legal_pick(g, p, o[i], m,
						    tjs_memo_choose, &r2,
						    pick[cold], GAME_ORDER_MAX);
					}
					hr = r2;
					assert_int_equal(c[0], c[1]);
					if (c[0] == 0)
						break;
					assert_string_equal(pick[0], pick[1]);
					assert_true(m < 64);
					memcpy(text[i][m], pick[0], GAME_ORDER_MAX);
					o[i][m] = (struct order){ text[i][m], 1,
					    1 };
					m++;
				}
				ans[i] = (struct answer){ p, o[i], m, 0 };
				if (g->phase != JS_P_TURN && g->phase != JS_P_MARCH)
					continue;
				turns++;
				orders += (int)m;
				tjs_memo_judge(g, p, o[i], m, &accepted);
				tjs_memo_judge(g, p, o[i], m - 1, &accepted);
				tjs_memo_list(g, p, o[i], m - 1);
				if (m >= 2) {
					/* An order changed: refused, or
					 * another. */
					size_t j = rng_below(&hr, m - 1);
					struct order x[64];
					const char *other[] = { "draw 1",
					    "honor 1", "raise army at A1",
					    "play prosperity", "done" };

					memcpy(x, o[i], m * sizeof x[0]);
					x[j].text = other[rng_below(&hr, 5)];
					/* Twice: the second finds what the
					 * first kept. */
					tjs_memo_judge(g, p, x, m, &accepted);
					tjs_memo_judge(g, p, x, m, &accepted);
					tjs_memo_list(g, p, x, j + 1);
					tjs_memo_judge(g, p, o[i], m, &accepted);
				}
				/* The game changed in place: the same orders
				 * judged and listed on it. */
				g->clans[p].gold += 7;
				tjs_memo_judge(g, p, o[i], m, &accepted);
				tjs_memo_list(g, p, o[i], m / 2);
				g->clans[p].gold -= 7;
				tjs_memo_list(g, p, o[i], m / 2);
			}
			rng_init(&rng, seed, (uint64_t)point + 1);
			assert_int_equal(japanese_swords_game.resolve(g, &pl, ans,
			    k, &rng, &ev, &e), 0);
			events_free(&ev);
		}
		free(g);
	}
	assert_true(turns > 50);
	assert_true(orders > 2 * turns);
	assert_true(accepted > orders);
}

/* js_army_sort (an insertion sort since core4, qsort before): armies in
 * order of square, free slots last, whatever the order before: the
 * armies of random games, shuffled wholly or with one or two slots
 * changed (as the game changes them), against the order made square by
 * square. */
static void
tjs_army_sort(void **state)
{
	static struct js g, want;
	uint32_t x = 12345;

	(void)state;
	for (int round = 0; round < 400; round++) {
		int n = 0, used[JS_SQUARES] = { 0 };

		memset(&g, 0, sizeof g);
		for (int i = 0; i < JS_ARMIES; i++)
			js_army_remove(&g.armies[i]);
		for (int i = 0; i < JS_ARMIES; i++) {
			x = x * 1103515245u + 12345u;
			if ((x >> 16) % 3 == 0)
				continue;
			int sq = (int)((x >> 8) % JS_SQUARES);
			if (used[sq])
				continue;
			used[sq] = 1;
			g.armies[i] = (struct js_army){ sq, (int)(x % 4),
				(int)((x >> 4) % 3), (int)((x >> 6) & 1), 0, 0 };
		}
		if (round % 2 == 1) {
			/* Sorted, then one or two slots changed. */
			js_army_sort(&g);
			for (int k = 0; k < 1 + round % 4 / 2; k++) {
				x = x * 1103515245u + 12345u;
				struct js_army *a = &g.armies[(x >> 8) % JS_ARMIES];
				int sq = (int)((x >> 12) % JS_SQUARES);
				if (a->sq != JS_NONE && (x & 1))
					js_army_remove(a);
				else if (!used[sq]) {
					if (a->sq != JS_NONE)
						used[a->sq] = 0;
					used[sq] = 1;
					a->sq = sq;
				}
			}
		}
		memset(&want, 0, sizeof want);
		for (int sq = 0; sq < JS_SQUARES; sq++)
			for (int i = 0; i < JS_ARMIES; i++)
				if (g.armies[i].sq == sq)
					want.armies[n++] = g.armies[i];
		for (; n < JS_ARMIES; n++)
			js_army_remove(&want.armies[n]);
		js_army_sort(&g);
		assert_memory_equal(g.armies, want.armies, sizeof g.armies);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tjs_tables),
		cmocka_unit_test(tjs_squares),
		cmocka_unit_test(tjs_builtin_maps),
		cmocka_unit_test(tjs_map_files),
		cmocka_unit_test(tjs_load_refuses),
		cmocka_unit_test(tjs_hidden),
		cmocka_unit_test(tjs_orders),
		cmocka_unit_test(tjs_view),
		cmocka_unit_test(tjs_plurals),
		cmocka_unit_test(tjs_order_out),
		cmocka_unit_test(tjs_view_cells),
		cmocka_unit_test(tjs_battle_template),
		cmocka_unit_test(tjs_offer_now),
		cmocka_unit_test(tjs_upkeep_template),
		cmocka_unit_test(tjs_man_maps),
		cmocka_unit_test(tjs_undo),
		cmocka_unit_test(tjs_memo),
		cmocka_unit_test(tjs_army_sort),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
