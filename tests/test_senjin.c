/* test_senjin.c - the Senjin module through its game_entry: setup,
 * movement, tokens, turns, winning, validate and legal, load and save, the
 * view and the help.  The rules are in man/gunbai-senjin.6; the case files
 * under tests/cases/senjin/ cover each rule once more, end to end. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "base/yaml.h"
#include "turn/adjudicate.h"
#include "turn/registry.h"

extern const struct game_entry senjin_game;

static const char *const test_senjin_names[] = { "alice", "bob" };
static const struct game_players test_senjin_pl = { 2, test_senjin_names };
static const struct game_entry *const test_senjin_g = &senjin_game;

/* A new game with the given option values (NULL: the default). */
static void *
test_senjin_setup(const char *first, const char *limit, struct events *ev,
    struct gb_err *e)
{
	const char *optv[] = { first ? first : "random", limit ? limit : "0" };
	uint8_t seed[RNG_SEED_BYTES] = { 0 };
	struct rng rng;

	rng_init(&rng, seed, 0);
	return test_senjin_g->setup(&test_senjin_pl, optv, &rng, ev, e);
}

static void *
test_senjin_new(void)
{
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	void *g = test_senjin_setup("alice", NULL, &ev, &e);

	assert_non_null(g);
	events_free(&ev);
	return g;
}

/* Load a section from YAML text; NULL with e set if load refuses it. */
static void *
test_senjin_load_text(const char *text, struct gb_err *e)
{
	struct node *root;
	void *g;

	if (yaml_read(text, strlen(text), &root, e) < 0)
		fail_msg("bad test YAML: %d:%d: %s\n%s", e->line, e->col,
		    e->msg, text);
	g = test_senjin_g->load(root, &test_senjin_pl, e);
	node_free(root);
	return g;
}

/* A position: cells as "e4=G e5=b/" on an otherwise empty board (a1 B,
 * i1 G, a9 b and i9 g are there unless cells clears them with "a1=."), and
 * the rest of the section as YAML lines. */
static char *
test_senjin_text(const char *cells, const char *rest)
{
	char board[9][9][4], buf[256];
	struct sbuf b;
	const char *p = cells;

	for (int r = 0; r < 9; r++)
		for (int f = 0; f < 9; f++)
			snprintf(board[r][f], 4, "%s", (f == 2 || f == 6) &&
			    (r == 0 || r == 8) ? "*" : ".");
	snprintf(board[0][0], 4, "B");
	snprintf(board[0][8], 4, "G");
	snprintf(board[8][0], 4, "b");
	snprintf(board[8][8], 4, "g");
	while (sscanf(p, " %255s", buf) == 1) {
		int f = buf[0] - 'a', r = buf[1] - '1';

		assert_true(f >= 0 && f < 9 && r >= 0 && r < 9 && buf[2] == '=' &&
		    strlen(buf + 3) < 4);
		memcpy(board[r][f], buf + 3, strlen(buf + 3) + 1);
		p = strstr(p, buf) + strlen(buf);
	}
	sbuf_init(&b);
	sbuf_puts(&b, "board:\n");
	for (int r = 8; r >= 0; r--) {
		sbuf_puts(&b, "  - \"");
		for (int f = 0; f < 9; f++)
			sbuf_printf(&b, "%s%s", f ? " " : "", board[r][f]);
		sbuf_puts(&b, "\"\n");
	}
	sbuf_puts(&b, rest);
	return sbuf_take(&b);
}

#define TEST_SENJIN_SOUTH_T2 \
	"turn: 2\nto-move: south\nfirst: south\nturn-limit: 0\n"
#define TEST_SENJIN_OFF_FULL \
	"off-board:\n  south: [sword, shield]\n  north: [sword, shield]\n"

static void *
test_senjin_pos(const char *cells, const char *rest)
{
	struct gb_err e = { 0 };
	char *text = test_senjin_text(cells, rest);
	void *g = test_senjin_load_text(text, &e);

	if (g == NULL)
		fail_msg("load refused: %d:%d: %s\n%s", e.line, e.col, e.msg,
		    text);
	free(text);
	return g;
}

/* South to move in turn 3 (2 played); each side's tokens not on the
 * board are off it, one Sword and one Shield in all where possible. */
static void *
test_senjin_south(const char *cells)
{
	int sw[2] = { 0, 0 }, sh[2] = { 0, 0 };
	char rest[256];
	size_t len;
	void *g;

	for (const char *p = cells; *p != '\0'; p++) {
		/* A mark follows its piece's letter: lower case is North. */
		int side = p > cells && p[-1] >= 'a' && p[-1] <= 'z';

		sw[side] += *p == '/';
		sh[side] += *p == '#';
	}
	snprintf(rest, sizeof rest, "%soff-board:\n", TEST_SENJIN_SOUTH_T2);
	for (int p = 0; p < 2; p++) {
		int n = sw[p] + sh[p];

		len = strlen(rest);
		snprintf(rest + len, sizeof rest - len, "  %s: [%s%s%s]\n",
		    p ? "north" : "south", !sw[p] && n < 2 ? "sword" : "",
		    !sw[p] && !sh[p] ? ", " : "", !sh[p] && n < 2 ? "shield" :
		    "");
	}
	g = test_senjin_pos(cells, rest);
	return g;
}

/* Validate orders (a NULL-terminated list) of player into v; returns
 * whether they are complete. */
static int
test_senjin_validate(const void *g, int player, const char *const *texts,
    struct verdict *v, size_t *n)
{
	struct order o[16];

	for (*n = 0; texts[*n] != NULL; (*n)++)
		o[*n] = (struct order){ texts[*n], 1, 1 };
	return test_senjin_g->validate(g, player, o, *n, v);
}

/* The verdict of the last order of a list. */
static const char *
test_senjin_last(const void *g, int player, const char *const *texts)
{
	static struct verdict v[16];
	size_t n;

	test_senjin_validate(g, player, texts, v, &n);
	return v[n - 1].accepted ? "" : v[n - 1].reason;
}

/* Play a complete turn of the player to move (all orders accepted). */
static void
test_senjin_play(void *g, const char *const *texts, struct events *ev)
{
	struct owed ow[GAME_MAX_PLAYERS];
	struct verdict v[16];
	struct order o[16];
	struct gb_err e = { 0 };
	struct rng rng;
	uint8_t seed[RNG_SEED_BYTES] = { 0 };
	size_t n;

	assert_int_equal(test_senjin_g->owed(g, ow), 1);
	assert_true(test_senjin_validate(g, ow[0].player, texts, v, &n));
	for (size_t i = 0; i < n; i++) {
		if (!v[i].accepted)
			fail_msg("'%s' refused: %s", texts[i], v[i].reason);
		o[i] = (struct order){ texts[i], 1, 1 };
	}
	rng_init(&rng, seed, 1);
	struct answer a = { ow[0].player, o, n, 0 };
	if (test_senjin_g->resolve(g, &test_senjin_pl, &a, 1, &rng, ev,
	    &e) < 0)
		fail_msg("resolve: %s", e.msg);
}

#define TEST_SENJIN_ORDERS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static void
test_senjin_play1(void *g, const char *const *texts)
{
	struct events ev = { 0 };

	test_senjin_play(g, texts, &ev);
	events_free(&ev);
}

/* The saved section as YAML text (caller frees). */
static char *
test_senjin_save(const void *g)
{
	struct node *n = test_senjin_g->save(g);
	struct sbuf b;

	sbuf_init(&b);
	yaml_write(n, &b);
	node_free(n);
	return sbuf_take(&b);
}

static void
test_senjin_entry(void **state)
{
	(void)state;
	assert_string_equal(senjin_game.id, "senjin");
	assert_string_equal(senjin_game.title, "Senjin");
	assert_string_equal(senjin_game.ruleset, "1");
	assert_int_equal(senjin_game.min_players, 2);
	assert_int_equal(senjin_game.max_players, 2);
	assert_string_equal(senjin_game.options[0].name, "first");
	assert_string_equal(senjin_game.options[0].def, "random");
	assert_string_equal(senjin_game.options[1].name, "turn-limit");
	assert_string_equal(senjin_game.options[1].def, "0");
	assert_null(senjin_game.options[2].name);
	assert_null(senjin_game.perturb);
	assert_ptr_equal(game_find("senjin"), &senjin_game);
}

static void
test_senjin_setup_counts(void **state)
{
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	struct owed ow[GAME_MAX_PLAYERS];
	void *g = test_senjin_setup(NULL, NULL, &ev, &e);
	char *text = test_senjin_save(g);
	const char *rank1 = "B G * G . G * G B", *rank9 = "b g * g . g * g b";
	int big = 0, small = 0;

	(void)state;
	/* 4 Sho and 11 Shi a side, Bakufu empty, both tokens off. */
	for (const char *p = strstr(text, "board:") + 6,
	    *end = strstr(text, "off-board:"); p < end; p++) {
		big += *p == 'G' ? 100 : *p == 'B' ? 1 : 0;
		small += *p == 'g' ? 100 : *p == 'b' ? 1 : 0;
	}
	assert_int_equal(big, 411);
	assert_int_equal(small, 411);
	assert_non_null(strstr(text, rank1));
	assert_non_null(strstr(text, rank9));
	assert_non_null(strstr(text, "  - \"B B B B B B B B B\"\n"));
	assert_non_null(strstr(text, "off-board:\n  south:\n    - sword\n"
	    "    - shield\n  north:\n    - sword\n    - shield\n"));
	assert_non_null(strstr(text, "turn: 0\nto-move: north\nfirst: north\n"));
	/* The all-zero seed's coin toss gives 1: North. */
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.v[0].text, "Coin toss for the first move "
	    "(rng_below 2 = 1): bob (North) moves first.");
	assert_int_equal(test_senjin_g->owed(g, ow), 1);
	assert_int_equal(ow[0].player, 1);
	assert_string_equal(ow[0].decision, "turn");
	assert_false(test_senjin_g->outcome(g).finished);
	free(text);
	events_free(&ev);
	test_senjin_g->free(g);
}

static void
test_senjin_setup_options(void **state)
{
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	struct owed ow[GAME_MAX_PLAYERS];
	const char *bad[][3] = {
		{ "carol", "0", "option first: 'carol' is neither random" },
		{ "Alice", "0", "option first" },
		{ "alice", "-1", "option turn-limit" },
		{ "alice", "ten", "option turn-limit" },
		{ "alice", "1000001", "option turn-limit" },
	};
	void *g;

	(void)state;
	g = test_senjin_setup("alice", "40", &ev, &e);
	assert_non_null(g);
	assert_string_equal(ev.v[0].text, "alice (South) moves first, as the "
	    "option first says.");
	test_senjin_g->owed(g, ow);
	assert_int_equal(ow[0].player, 0);
	test_senjin_g->free(g);
	events_free(&ev);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&e, 0, sizeof e);
		assert_null(test_senjin_setup(bad[i][0], bad[i][1], &ev, &e));
		assert_non_null(strstr(e.msg, bad[i][2]));
		events_free(&ev);
	}
	{
		const char *three[] = { "a", "b", "c" };
		const struct game_players pl3 = { 3, three };
		const char *optv[] = { "random", "0" };
		struct rng rng;
		uint8_t seed[RNG_SEED_BYTES] = { 0 };

		rng_init(&rng, seed, 0);
		assert_null(test_senjin_g->setup(&pl3, optv, &rng, &ev, &e));
		events_free(&ev);
	}
}

/* One order judged as the first action of South's turn (or as the
 * second, after "move a1 a2" when second is set), in a position. */
struct test_senjin_judge {
	const char *cells;
	const char *order;
	const char *reason; /* "" for accepted */
};

static void
test_senjin_judge_all(const struct test_senjin_judge *t, size_t n,
    const char *first)
{
	for (size_t i = 0; i < n; i++) {
		void *g = test_senjin_south(t[i].cells);
		const char *got = first != NULL ?
		    test_senjin_last(g, 0, TEST_SENJIN_ORDERS(first,
		    t[i].order)) :
		    test_senjin_last(g, 0, TEST_SENJIN_ORDERS(t[i].order));

		if (strstr(got, t[i].reason) == NULL ||
		    (t[i].reason[0] == '\0' && got[0] != '\0'))
			fail_msg("'%s' in '%s': got '%s', want '%s'",
			    t[i].order, t[i].cells, got, t[i].reason);
		test_senjin_g->free(g);
	}
}

static void
test_senjin_movement(void **state)
{
	static const struct test_senjin_judge t[] = {
		/* Shi: 1, 2 with a Sword, in 8 directions. */
		{ "e4=B", "move e4 e5", "" },
		{ "e4=B", "move e4 d3", "" },
		{ "e4=B", "move e4 f3", "" },
		{ "e4=B", "move e4 e6", "a Shi moves at most 1 square (2 "
		    "with a Sword)" },
		{ "e4=B/", "move e4 e6", "" },
		{ "e4=B/", "move e4 c2", "" },
		{ "e4=B/", "move e4 e7", "a Shi moves at most 1 square" },
		/* Sho: 2, 3 with a Sword. */
		{ "e4=G", "move e4 g6", "" },
		{ "e4=G", "move e4 e7", "a Sho moves at most 2 squares (3 "
		    "with a Sword)" },
		{ "e4=G/", "move e4 e7", "" },
		{ "e4=G/", "move e4 h1", "" },
		{ "e4=G/", "move e4 a8", "a Sho moves at most 2 squares" },
		/* Straight lines only. */
		{ "e4=G", "move e4 f6", "f6 is not in a straight line from e4" },
		{ "e4=G", "move e4 e4", "the piece is already at e4" },
		/* Own pieces block; Shields block; own Bakufu blocks. */
		{ "e4=G e5=B", "move e4 e6", "the path is blocked by your own "
		    "piece at e5" },
		{ "e4=G e5=B", "move e4 e5", "e5 holds a piece of yours" },
		{ "e4=G e5=b#", "move e4 e6", "e5 holds a piece with a Shield" },
		{ "e4=G e5=b#", "move e4 e5", "e5 holds a piece with a Shield" },
		{ "e4=G e5=B#", "move e4 e6", "the path is blocked by your own "
		    "piece at e5" },
		{ "e4=B#", "move e4 e5", "the piece at e4 has a Shield and "
		    "cannot move" },
		{ "d1=G", "move d1 c1", "c1 is your own Bakufu" },
		{ "d1=G", "move d1 b1", "c1 is your own Bakufu" },
		{ "e2=G/", "move e2 h2", "" },
		{ "f2=G", "move f2 g1", "g1 is your own Bakufu" },
		{ "d1=G c1=b", "move d1 c1", "c1 is your own Bakufu" },
		/* The opponent's Bakufu may be entered and passed. */
		{ "b9=G", "move b9 d9", "" },
		{ "c8=G", "move c8 c9", "" },
		/* Not your piece. */
		{ "", "move e4 e5", "e4 holds no piece of yours" },
		{ "", "move i9 i8", "i9 holds no piece of yours" },
		/* Enemy pieces on the way do not block. */
		{ "e4=G e5=b", "move e4 e6", "" },
	};

	(void)state;
	test_senjin_judge_all(t, sizeof t / sizeof t[0], NULL);
}

static void
test_senjin_second_action(void **state)
{
	static const struct test_senjin_judge t[] = {
		{ "", "place sword", "" },
		{ "", "place shield", "" },
		{ "", "place sword at a2", "'at' is for the first turn only" },
		{ "e4=B/", "place shield", "" },
		{ "e4=B/", "flip e4", "" },
		{ "e4=B/", "flip a2", "the piece at a2 carries no token; flip e4 "
		    "would be accepted" },
		{ "e4=B/", "flip e5", "e5 holds no piece of yours" },
		{ "e4=B/", "flip sword", "a token off the board is flipped "
		    "only as the first turn of the game" },
		{ "e4=B/", "flip shield", "a token off the board is flipped "
		    "only as the first turn of the game" },
		{ "e4=B", "move e4 e5", "" },
		{ "", "move a2 a3", "the second action cannot move the piece "
		    "moved by the first" },
		{ "", "move i1 h1", "" },
		{ "", "move a2 a1", "the second action cannot move" },
	};
	static const struct test_senjin_judge one_token[] = {
		{ "a1=B/", "place shield", "the piece just moved already "
		    "carries a token" },
		{ "a1=B#", "move a1 a2", "the piece at a1 has a Shield" },
	};

	(void)state;
	test_senjin_judge_all(t, sizeof t / sizeof t[0], "move a1 a2");
	test_senjin_judge_all(one_token, 1, "move a1 a2");
	test_senjin_judge_all(one_token + 1, 1, NULL);
}

static void
test_senjin_validate_reasons(void **state)
{
	static const struct test_senjin_judge t[] = {
		{ "", "jump b2 b3", "unknown order 'jump': orders are move, "
		    "place and flip" },
		{ "", "move z9 b3", "'z9' is not a square (a1 to i9)" },
		{ "", "move a1 a10", "'a10' is not a square (a1 to i9)" },
		{ "", "move a1", "a move names two squares" },
		{ "", "move a1 a2 a3", "a move names two squares" },
		{ "", "place", "write place sword or place shield" },
		{ "", "place spear", "'spear' is not a token side" },
		{ "", "flip", "write flip and a square" },
		{ "", "flip x", "'x' is neither a square" },
		{ "", "", "empty order" },
		{ "", "   ", "empty order" },
		{ "", "flip sword", "the first action of a turn must be a move" },
		{ "", "place sword", "the first action of a turn must be a move" },
		{ "", "MOVE A1 A2", "" },
		{ "", "\tmove  a1\t\ta2 ", "" },
	};
	char longer[300];

	(void)state;
	test_senjin_judge_all(t, sizeof t / sizeof t[0], NULL);
	memset(longer, ' ', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	{
		void *g = test_senjin_south("");

		assert_non_null(strstr(test_senjin_last(g, 0,
		    TEST_SENJIN_ORDERS(longer)), "at most 200 characters"));
		test_senjin_g->free(g);
	}
}

static void
test_senjin_turn_structure(void **state)
{
	struct verdict v[16];
	size_t n;
	void *g = test_senjin_new();

	(void)state;
	/* First turn: one action of each kind completes it. */
	assert_true(test_senjin_validate(g, 0, TEST_SENJIN_ORDERS(
	    "move e2 e3"), v, &n));
	assert_true(test_senjin_validate(g, 0, TEST_SENJIN_ORDERS(
	    "place shield at b1"), v, &n));
	assert_true(test_senjin_validate(g, 0, TEST_SENJIN_ORDERS(
	    "flip shield"), v, &n));
	assert_false(test_senjin_validate(g, 0, TEST_SENJIN_ORDERS(
	    "place sword"), v, &n));
	assert_true(test_senjin_validate(g, 0, TEST_SENJIN_ORDERS("move e2 e3",
	    "move d2 d3"), v, &n));
	assert_false(v[1].accepted);
	assert_string_equal(v[1].reason,
	    "the first turn of the game is one action");
	/* The player not owed: every order refused, never complete. */
	assert_false(test_senjin_validate(g, 1, TEST_SENJIN_ORDERS(
	    "move e8 e7"), v, &n));
	assert_string_equal(v[0].reason, "it is not your turn");
	test_senjin_play1(g, TEST_SENJIN_ORDERS("move e2 e3"));
	/* Later turns: two actions; one is not enough, three too many. */
	assert_false(test_senjin_validate(g, 1, TEST_SENJIN_ORDERS(
	    "move e8 e7"), v, &n));
	assert_false(test_senjin_validate(g, 1, (const char *const[]){ NULL },
	    v, &n));
	assert_true(test_senjin_validate(g, 1, TEST_SENJIN_ORDERS("move e8 e7",
	    "jump", "move d8 d7", "move c8 c7"), v, &n));
	assert_true(v[0].accepted && !v[1].accepted && v[2].accepted);
	assert_string_equal(v[3].reason,
	    "a turn is two actions; this order is one too many");
	test_senjin_g->free(g);
}

static void
test_senjin_multi_capture(void **state)
{
	struct events ev = { 0 };
	void *g = test_senjin_pos("e2=G/ e3=b e4=g/ e5=b f5=b", TEST_SENJIN_SOUTH_T2
	    "off-board:\n  south: [shield]\n  north: [shield]\n");
	char *text;

	(void)state;
	test_senjin_play(g, TEST_SENJIN_ORDERS("move e2 e5", "move a1 a2"),
	    &ev);
	assert_string_equal(ev.v[0].text, "alice (South) moves Sho e2-e5, "
	    "capturing North Shi at e3, North Sho at e4 and North Shi at e5. "
	    "The Sword on the Sho at e4 goes back off the board to bob "
	    "(North), who cannot place it during the next turn.");
	text = test_senjin_save(g);
	assert_non_null(strstr(text, "  - \". . . . G/ b . . .\"\n"));
	assert_non_null(strstr(text, "north:\n    - \"sword waiting\"\n"
	    "    - shield\n"));
	assert_false(test_senjin_g->outcome(g).finished);
	free(text);
	events_free(&ev);
	test_senjin_g->free(g);
}

static void
test_senjin_sword_wait(void **state)
{
	void *g = test_senjin_pos("e4=G e5=b/", TEST_SENJIN_SOUTH_T2
	    "off-board:\n  south: [sword, shield]\n  north: [shield]\n");
	char *text;

	(void)state;
	test_senjin_play1(g, TEST_SENJIN_ORDERS("move e4 e5", "move a1 a2"));
	/* North's next turn: the Sword waits, the Shield does not. */
	assert_string_equal(test_senjin_last(g, 1, TEST_SENJIN_ORDERS(
	    "move a9 a8", "place sword")),
	    "your Sword token was captured last turn and must wait a turn; "
	    "place shield would be accepted");
	assert_string_equal(test_senjin_last(g, 1, TEST_SENJIN_ORDERS(
	    "move a9 a8", "flip sword")), "a token off the board is flipped "
	    "only as the first turn of the game; the second action now may "
	    "be place shield or a move of another piece");
	test_senjin_play1(g, TEST_SENJIN_ORDERS("move a9 a8", "place shield"));
	text = test_senjin_save(g);
	assert_non_null(strstr(text, "north:\n    - sword\n"));
	free(text);
	test_senjin_play1(g, TEST_SENJIN_ORDERS("move e5 e6", "move a2 a3"));
	/* The turn after: it may be placed again. */
	test_senjin_play1(g, TEST_SENJIN_ORDERS("move i9 h8", "place sword"));
	text = test_senjin_save(g);
	assert_non_null(strstr(text, "  - \"b# . . . . . . g/ .\"\n"));
	assert_non_null(strstr(text, "  north: []\n"));
	free(text);
	test_senjin_g->free(g);
}

static void
test_senjin_expect_win(void *g, const char *const *orders, unsigned winners,
    const char *reason)
{
	struct owed ow[GAME_MAX_PLAYERS];
	struct outcome o;
	struct verdict v[16];
	size_t n;

	test_senjin_play1(g, orders);
	o = test_senjin_g->outcome(g);
	assert_true(o.finished);
	assert_int_equal(o.winners, winners);
	assert_string_equal(o.reason, reason);
	assert_int_equal(test_senjin_g->owed(g, ow), 0);
	assert_false(test_senjin_validate(g, 0, TEST_SENJIN_ORDERS("move a1 a2"),
	    v, &n));
	assert_string_equal(v[0].reason, "the game is over");
	test_senjin_g->free(g);
}

static void
test_senjin_wins(void **state)
{
	struct verdict v[16];
	size_t n;
	void *g;

	(void)state;
	g = test_senjin_south("c8=G g9=B");
	/* The winning first action completes the turn. */
	assert_true(test_senjin_validate(g, 0, TEST_SENJIN_ORDERS("move c8 c9",
	    "flip sword"), v, &n));
	assert_string_equal(v[1].reason, "the game is over");
	test_senjin_expect_win(g, TEST_SENJIN_ORDERS("move c8 c9"), 1,
	    "South occupies both North Bakufu");
	test_senjin_expect_win(test_senjin_south("e4=G e5=g i9=."),
	    TEST_SENJIN_ORDERS("move e4 e5"), 1,
	    "South has captured all 4 North Sho");
	test_senjin_expect_win(test_senjin_south("e4=G e5=b a9=. i8=g"),
	    TEST_SENJIN_ORDERS("move e4 e5"), 1,
	    "South has captured all 11 North Shi");
	test_senjin_expect_win(test_senjin_pos("e4=G e5=b a9=g# b9=b# i9=.",
	    TEST_SENJIN_SOUTH_T2 "off-board:\n  south: [sword, shield]\n"
	    "  north: []\n"), TEST_SENJIN_ORDERS("move e4 e5", "place sword"),
	    1, "North cannot move a piece");
	/* North wins too: bit 1. */
	test_senjin_expect_win(test_senjin_pos("e6=g a1=. b1=G e4=B",
	    "turn: 3\nto-move: north\nfirst: south\nturn-limit: 0\n"
	    TEST_SENJIN_OFF_FULL), TEST_SENJIN_ORDERS("move e6 e4"), 2,
	    "North has captured all 11 South Shi");
}

static void
test_senjin_turn_limit(void **state)
{
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	void *g = test_senjin_setup("bob", "3", &ev, &e);
	struct outcome o;

	(void)state;
	events_free(&ev);
	test_senjin_play1(g, TEST_SENJIN_ORDERS("flip sword"));
	test_senjin_play1(g, TEST_SENJIN_ORDERS("move a2 a3", "move b2 b3"));
	assert_false(test_senjin_g->outcome(g).finished);
	test_senjin_play(g, TEST_SENJIN_ORDERS("move a8 a7", "move b8 b7"),
	    &ev);
	o = test_senjin_g->outcome(g);
	assert_true(o.finished);
	assert_int_equal(o.winners, 0);
	assert_string_equal(o.reason, "the turn limit of 3 turns is reached");
	assert_string_equal(ev.v[ev.n - 1].text,
	    "The game is a draw: the turn limit of 3 turns is reached.");
	events_free(&ev);
	test_senjin_g->free(g);
}

static int
test_senjin_in(const struct strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return 1;
	return 0;
}

/* legal() and validate agree: every legal order is accepted after the
 * prefix, and every move order not listed is refused. */
static void
test_senjin_legal_agrees(const void *g, int player, const char *prefix)
{
	struct order o[2] = { { prefix, 1, 1 }, { NULL, 1, 1 } };
	size_t np = prefix != NULL;
	struct strlist l = { 0 };
	struct verdict v[2];
	char buf[32];

	test_senjin_g->legal(g, player, o, np, &l);
	assert_true(l.n > 0);
	for (size_t i = 0; i < l.n; i++) {
		o[np].text = l.v[i];
		test_senjin_g->validate(g, player, o, np + 1, v);
		if (!v[np].accepted)
			fail_msg("legal '%s' refused: %s", l.v[i], v[np].reason);
	}
	for (int a = 0; a < 81; a++)
		for (int b = 0; b < 81; b++) {
			snprintf(buf, sizeof buf, "move %c%d %c%d", 'a' + a % 9,
			    a / 9 + 1, 'a' + b % 9, b / 9 + 1);
			o[np].text = buf;
			test_senjin_g->validate(g, player, o, np + 1, v);
			assert_int_equal(v[np].accepted,
			    test_senjin_in(&l, buf));
		}
	strlist_free(&l);
}

static void
test_senjin_legal(void **state)
{
	struct strlist l = { 0 };
	struct order o = { "move a2 a3", 1, 1 };
	void *g = test_senjin_new();

	(void)state;
	test_senjin_legal_agrees(g, 0, NULL);
	/* The documented order: moves by from- then to-square, places
	 * Sword first, flips off the board Sword then Shield. */
	test_senjin_g->legal(g, 0, NULL, 0, &l);
	assert_string_equal(l.v[0], "move d1 e1");
	assert_string_equal(l.v[1], "move f1 e1");
	assert_string_equal(l.v[2], "move a2 a3");
	assert_true(test_senjin_in(&l, "place sword at a1"));
	assert_string_equal(l.v[l.n - 2], "flip sword");
	assert_string_equal(l.v[l.n - 1], "flip shield");
	strlist_free(&l);
	/* Nothing for the player not owed, nor after a complete prefix. */
	test_senjin_g->legal(g, 1, NULL, 0, &l);
	assert_int_equal(l.n, 0);
	test_senjin_g->legal(g, 0, &o, 1, &l);
	assert_int_equal(l.n, 0);
	test_senjin_play1(g, TEST_SENJIN_ORDERS("move a2 a3"));
	test_senjin_legal_agrees(g, 1, NULL);
	test_senjin_legal_agrees(g, 1, "move e8 e7");
	test_senjin_g->free(g);
	g = test_senjin_south("e4=G/ c3=B#");
	test_senjin_legal_agrees(g, 0, NULL);
	test_senjin_legal_agrees(g, 0, "move e4 e6");
	test_senjin_legal_agrees(g, 0, "move a1 a2");
	/* After a move: moves, then places, then flips in square order. */
	o.text = "move a1 a2";
	test_senjin_g->legal(g, 0, &o, 1, &l);
	assert_true(test_senjin_in(&l, "place sword") == 0);
	assert_false(test_senjin_in(&l, "flip sword"));
	assert_string_equal(l.v[l.n - 2], "flip c3");
	assert_string_equal(l.v[l.n - 1], "flip e4");
	strlist_free(&l);
	test_senjin_g->free(g);
}

/* Load refuses what a game could not reach, naming the line. */
static void
test_senjin_load_refuses(void **state)
{
	static const char *const t[][3] = {
		{ "", "turn: 2\nto-move: north\nfirst: south\nturn-limit: 0\n"
		    TEST_SENJIN_OFF_FULL, "\"to-move\" must be south" },
		{ "", "turn: 2\nto-move: south\nfirst: east\nturn-limit: 0\n"
		    TEST_SENJIN_OFF_FULL, "\"first\" must be south or north" },
		{ "", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL "colour: red\n",
		    "unknown key 'colour'" },
		{ "", TEST_SENJIN_SOUTH_T2, "missing key 'off-board'" },
		{ "e4=X", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL,
		    "e4: 'X' is not a cell" },
		{ "e4=G/#", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL,
		    "not a cell" },
		{ "c1=.", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL,
		    "c1 is a Bakufu: write it '*' when empty" },
		{ "e4=*", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL,
		    "e4 is not a Bakufu" },
		{ "c1=G", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL,
		    "c1: a South piece cannot stand on its own Bakufu" },
		{ "g9=b", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL,
		    "g9: a North piece cannot stand on its own Bakufu" },
		{ "a2=G a3=G a4=G a5=G", TEST_SENJIN_SOUTH_T2
		    TEST_SENJIN_OFF_FULL, "South has 5 Sho, more than 4" },
		{ "e4=G/", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL,
		    "South has more than 2 tokens" },
		{ "e4=G/ e5=G/ e6=G#", TEST_SENJIN_SOUTH_T2
		    "off-board:\n  south: []\n  north: [sword, shield]\n",
		    "e4: South has more than 2 tokens" },
		{ "", TEST_SENJIN_SOUTH_T2 "off-board:\n  south: [sword]\n"
		    "  north: [sword, shield]\n", "fewer than 2 tokens" },
		{ "", TEST_SENJIN_SOUTH_T2 "off-board:\n  south: [spear, "
		    "shield]\n  north: [sword, shield]\n",
		    "an off-board token is sword or shield" },
		{ "", TEST_SENJIN_SOUTH_T2 "off-board:\n  south: [sword, "
		    "shield]\n  north: [sword waiting, shield]\n",
		    "a token of North cannot be waiting" },
		{ "", "turn: 0\nto-move: south\nfirst: south\nturn-limit: 0\n"
		    "off-board:\n  south: [sword waiting, shield]\n  north: "
		    "[sword, shield]\n", "a token of South cannot be waiting" },
		{ "", TEST_SENJIN_SOUTH_T2 "off-board:\n  south: [sword, "
		    "shield]\n  north: [sword, shield]\n  east: []\n",
		    "unknown key 'east'" },
		{ "i9=.", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL,
		    "the game should be over: South has captured all 4 North "
		    "Sho" },
		{ "c9=B g9=B", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL,
		    "the game should be over: South occupies both North "
		    "Bakufu" },
		{ "a1=B# b1=G# i1=.", TEST_SENJIN_SOUTH_T2
		    "off-board:\n  south: []\n  north: [sword, shield]\n",
		    "the game should be over: South cannot move a piece" },
		{ "", "turn: 2\nto-move: south\nfirst: south\nturn-limit: 2\n"
		    TEST_SENJIN_OFF_FULL, "the turn limit of 2 turns is reached" },
		{ "", "turn: 3\nto-move: north\nfirst: south\nturn-limit: 2\n"
		    TEST_SENJIN_OFF_FULL, "more than the turn limit" },
		{ "", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL
		    "outcome:\n  winner: none\n  reason: tired\n",
		    "a draw comes only when the turn limit is reached" },
		{ "", "turn: 0\nto-move: south\nfirst: south\nturn-limit: 0\n"
		    TEST_SENJIN_OFF_FULL "outcome:\n  winner: south\n  reason: "
		    "x\n", "cannot be over before the first turn" },
		{ "", TEST_SENJIN_SOUTH_T2 TEST_SENJIN_OFF_FULL
		    "outcome:\n  winner: west\n  reason: x\n",
		    "\"winner\" must be south, north or none" },
		{ "", "turn: -1\nto-move: south\nfirst: south\nturn-limit: 0\n"
		    TEST_SENJIN_OFF_FULL, "\"turn\" must be an integer" },
	};
	static const char *const rows[][2] = {
		{ "board:\n  - a\n", "\"board\" must have 9 rows" },
		{ "board: x\n", "\"board\" must be a sequence" },
	};
	struct gb_err e;

	(void)state;
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char *text = test_senjin_text(t[i][0], t[i][1]);

		memset(&e, 0, sizeof e);
		if (test_senjin_load_text(text, &e) != NULL)
			fail_msg("load accepted:\n%s", text);
		if (strstr(e.msg, t[i][2]) == NULL || e.line == 0)
			fail_msg("load said %d:%d: '%s', not '%s'\n%s", e.line,
			    e.col, e.msg, t[i][2], text);
		free(text);
	}
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char text[512];

		snprintf(text, sizeof text, "%s%s%s", TEST_SENJIN_SOUTH_T2,
		    rows[i][0], TEST_SENJIN_OFF_FULL);
		memset(&e, 0, sizeof e);
		assert_null(test_senjin_load_text(text, &e));
		assert_non_null(strstr(e.msg, rows[i][1]));
	}
}

/* A row with too few or too many cells. */
static void
test_senjin_load_rows(void **state)
{
	const char *bad[] = { ". . .", ". . . . . . . . . .", "" };
	struct gb_err e;

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *base = test_senjin_text("", TEST_SENJIN_SOUTH_T2
		    TEST_SENJIN_OFF_FULL), *p = strstr(base, ". . . . . . . "
		    ". .\"\n"), text[2048];

		*p = '\0';
		snprintf(text, sizeof text, "%s%s%s", base, bad[i], p + 17);
		memset(&e, 0, sizeof e);
		assert_null(test_senjin_load_text(text, &e));
		assert_non_null(strstr(e.msg, "cells"));
		free(base);
	}
}

static void
test_senjin_resolve_refuses(void **state)
{
	struct order o = { "move e2 e3", 1, 1 };
	struct answer a = { 0, &o, 0, 0 };
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	struct rng rng;
	uint8_t seed[RNG_SEED_BYTES] = { 0 };
	void *g = test_senjin_new();
	char *before = test_senjin_save(g), *after;

	(void)state;
	rng_init(&rng, seed, 1);
	/* An empty answer, the wrong player, and an illegal order. */
	assert_int_equal(test_senjin_g->resolve(g, &test_senjin_pl, &a, 1,
	    &rng, &ev, &e), -1);
	a.player = 1;
	a.n = 1;
	assert_int_equal(test_senjin_g->resolve(g, &test_senjin_pl, &a, 1,
	    &rng, &ev, &e), -1);
	a.player = 0;
	o.text = "move e2 e5";
	assert_int_equal(test_senjin_g->resolve(g, &test_senjin_pl, &a, 1,
	    &rng, &ev, &e), -1);
	assert_non_null(strstr(e.msg, "a Shi moves at most 1 square"));
	assert_int_equal(ev.n, 0);
	after = test_senjin_save(g);
	assert_string_equal(before, after);
	free(before);
	free(after);
	test_senjin_g->free(g);
}

static void
test_senjin_view(void **state)
{
	static const char grid[] =
	    "    a  b  c  d  e  f  g  h  i\n"
	    " 9  b  g  *  g  .  g  *  g  b  9\n"
	    " 8  b  b  b  b  b  b  b  b  b  8\n"
	    " 7  .  .  .  .  .  .  .  .  .  7\n"
	    " 6  .  .  .  .  .  .  .  .  .  6\n"
	    " 5  .  .  .  .  .  .  .  .  .  5\n"
	    " 4  .  .  .  .  .  .  .  .  .  4\n"
	    " 3  .  .  .  .  .  .  .  .  .  3\n"
	    " 2  B  B  B  B  B  B  B  B  B  2\n"
	    " 1  B  G  *  G  .  G  *  G  B  1\n"
	    "    a  b  c  d  e  f  g  h  i\n";
	struct sbuf pub, mine;
	struct node *data;
	const struct node *off;
	void *g = test_senjin_new();

	(void)state;
	sbuf_init(&pub);
	sbuf_init(&mine);
	test_senjin_g->view(g, &test_senjin_pl, -1, &pub);
	assert_memory_equal(pub.p, grid, sizeof grid - 1);
	assert_non_null(strstr(pub.p, "G Sho (Shogun)  B Shi (Bushi)  "
	    "/ Sword  # Shield  * empty Bakufu\n"));
	assert_non_null(strstr(pub.p, "  South: Sword, Shield; lost 0 Sho, "
	    "0 Shi\n"));
	assert_non_null(strstr(pub.p, "Turn 1: alice (South) to play.\n"));
	assert_null(strstr(pub.p, "is held by"));
	/* Perfect information: every player sees the same. */
	test_senjin_g->view(g, &test_senjin_pl, 1, &mine);
	assert_string_equal(pub.p, mine.p);
	sbuf_free(&pub);
	sbuf_free(&mine);
	test_senjin_g->free(g);

	/* An occupied Bakufu shows its occupier's letter, not '*': the
	 * line under the legend says which squares are Bakufu. */
	g = test_senjin_pos("e4=G/ e5=b# h8=g g9=G", "turn: 3\n"
	    "to-move: north\n"
	    "first: south\nturn-limit: 0\n"
	    "off-board:\n  south: [shield]\n  north: [sword waiting]\n");
	sbuf_init(&pub);
	test_senjin_g->view(g, &test_senjin_pl, 0, &pub);
	assert_non_null(strstr(pub.p, " 5  .  .  .  .  b# .  .  .  .  5\n"
	    " 4  .  .  .  .  G/ .  .  .  .  4\n"));
	assert_non_null(strstr(pub.p, "  North: Sword (waiting); lost 2 Sho, "
	    "9 Shi\n"));
	assert_non_null(strstr(pub.p, "  South: Shield; lost 1 Sho, 10 Shi\n"));
	assert_non_null(strstr(pub.p, "* empty Bakufu\nNorth's Bakufu g9 is "
	    "held by South's Sho.\n"));
	/* The picture too shows the tokens off the board, the waiting one
	 * marked (fresh reader: the text and JSON had them, not the SVG). */
	sbuf_clear(&pub);
	test_senjin_g->picture(g, &test_senjin_pl, 0, &pub);
	assert_non_null(strstr(pub.p, ">Off the board: South: Shield; North: "
	    "Sword (waiting).</text>"));
	sbuf_free(&pub);
	test_senjin_g->free(g);

	/* A capture that ends the game sends the Sword back off the board,
	 * but no turn follows for it to wait: no "waiting" (the recheck's
	 * finding 5), in the text, the picture or the JSON. */
	g = test_senjin_pos("e4=G e5=g/ i9=.", TEST_SENJIN_SOUTH_T2
	    "off-board:\n  south: [sword, shield]\n  north: [shield]\n");
	test_senjin_play1(g, TEST_SENJIN_ORDERS("move e4 e5"));
	sbuf_init(&pub);
	test_senjin_g->view(g, &test_senjin_pl, 1, &pub);
	assert_non_null(strstr(pub.p, "  North: Sword, Shield; lost 4 Sho"));
	assert_null(strstr(pub.p, "waiting"));
	sbuf_clear(&pub);
	test_senjin_g->picture(g, &test_senjin_pl, 1, &pub);
	assert_non_null(strstr(pub.p, "North: Sword, Shield.</text>"));
	sbuf_free(&pub);
	data = test_senjin_g->view_data(g, &test_senjin_pl, 1);
	off = node_get(node_get(data, "armies")->items[1], "off_board");
	assert_int_equal(off->n, 2);
	for (size_t i = 0; i < off->n; i++)
		assert_string_equal(node_get(off->items[i], "waiting")->str,
		    "false");
	node_free(data);
	test_senjin_g->free(g);
}

/* The examples in the help are legal orders, taken in turn. */
static void
test_senjin_help_examples(const void *g, int player)
{
	struct sbuf b;
	struct order o[4];
	struct verdict v[4];
	size_t n = 0;
	char *p, *ex;

	sbuf_init(&b);
	test_senjin_g->help(g, player, &b);
	ex = strstr(b.p, "for example:\n");
	assert_non_null(ex);
	for (p = strtok(ex, "\n"); p != NULL; p = strtok(NULL, "\n"))
		if (strncmp(p, "#   ", 4) == 0 && n < 4)
			o[n++] = (struct order){ p + 4, 1, 1 };
	assert_true(n >= 2);
	for (size_t i = 0; i < n; i++) {
		/* On the first turn each example is a turn of its own. */
		int first = strstr(b.p, "first turn") != NULL;

		test_senjin_g->validate(g, player, first ? &o[i] : o,
		    first ? 1 : i + 1, v);
		if (!v[first ? 0 : i].accepted)
			fail_msg("help example '%s' refused", o[i].text);
	}
	sbuf_free(&b);
}

/* What the man page says of the examples is what help shows: a few
 * legal orders, not all, the first of a later turn being the default for
 * a missed deadline (the first legal order). */
static void
test_senjin_help_claim(const void *g, int player)
{
	FILE *f = fopen("man/gunbai-senjin.6", "r");
	char line[256], *ex;
	int claims = 0;
	struct sbuf b;
	struct strlist legal = { 0 };

	if (f == NULL)
		fail_msg("cannot read man/gunbai-senjin.6");
	while (fgets(line, sizeof line, f) != NULL) {
		if (strstr(line, "Reports list the legal orders") != NULL)
			fail_msg("the man page says reports list every legal "
			    "order; they show examples");
		claims += strstr(line, "Reports show a few legal orders as "
		    "examples") != NULL;
	}
	fclose(f);
	assert_int_equal(claims, 1);
	sbuf_init(&b);
	test_senjin_g->help(g, player, &b);
	test_senjin_g->legal(g, player, NULL, 0, &legal);
	ex = strstr(b.p, "for example:\n#   ");
	assert_non_null(ex);
	ex += strlen("for example:\n#   ");
	assert_true(legal.n > 2);
	assert_memory_equal(ex, legal.v[0], strlen(legal.v[0]));
	assert_int_equal(ex[strlen(legal.v[0])], '\n');
	strlist_free(&legal);
	/* The line naming the default names the orders a missed deadline
	 * plays (fresh reader: the example's second action was not it). */
	{
		struct order o[ADJUDICATE_NMR_MAX];
		struct strlist keep = { 0 };
		struct sbuf want;
		size_t n = 0;

		assert_int_equal(adjudicate_defaults(test_senjin_g, g, player,
		    o, &n, &keep), 0);
		sbuf_init(&want);
		sbuf_puts(&want, "# Default at a missed deadline: ");
		for (size_t i = 0; i < n; i++)
			sbuf_printf(&want, "%s%s", i ? ", " : "", o[i].text);
		sbuf_puts(&want, ".\n");
		if (strstr(b.p, want.p) == NULL)
			fail_msg("no line '%s' in:\n%s", want.p, b.p);
		strlist_free(&keep);
		sbuf_free(&want);
	}
	sbuf_free(&b);
}

static void
test_senjin_help(void **state)
{
	struct sbuf b;
	void *g = test_senjin_new();

	(void)state;
	test_senjin_help_examples(g, 0);
	/* The first turn's template names its default too (a fresh
	 * reader's first turn was played by a default no line named). */
	test_senjin_help_claim(g, 0);
	sbuf_init(&b);
	test_senjin_g->help(g, 1, &b);
	assert_string_equal(b.p, "# It is not your turn: South is to play.\n");
	sbuf_free(&b);
	test_senjin_play1(g, TEST_SENJIN_ORDERS("move e2 e3"));
	test_senjin_help_examples(g, 1);
	test_senjin_help_claim(g, 1);
	test_senjin_g->free(g);
}

/* Every line of text is at most 72 columns (all ASCII here). */
static void
test_senjin_width(const char *text)
{
	for (const char *p = text; *p != '\0';) {
		size_t len = strcspn(p, "\n");

		if (len > 72)
			fail_msg("line over 72 columns: %.*s", (int)len, p);
		p += len + (p[len] == '\n');
	}
}

/* Random legal games to the end: save, load, save is stable (load
 * refuses a running game that should be over); view and help fit in 72
 * columns; legal agrees with validate in the positions met; every game
 * ends. */
static void
test_senjin_playouts(void **state)
{
	static const char *const longest[] = { "abcdefghijklmnopqrstuvwxyz"
	    "012345", "ABCDEFGHIJKLMNOPQRSTUVWXYZ-_0123" };
	static const struct game_players pl = { 2, longest };

	(void)state;
	for (uint64_t s = 0; s < 24; s++) {
		uint8_t seed[RNG_SEED_BYTES] = { (uint8_t)s };
		const char *optv[] = { "random", s % 3 ? "0" : "300" };
		struct events ev = { 0 };
		struct rng rng;
		void *g;
		int turns = 0;

		rng_init(&rng, seed, 0);
		g = test_senjin_g->setup(&pl, optv, &rng, &ev, NULL);
		while (!test_senjin_g->outcome(g).finished) {
			struct owed ow[GAME_MAX_PLAYERS];
			struct strlist texts = { 0 };
			struct order o[4];
			struct verdict v[4];
			struct sbuf b;
			char *x, *y;
			void *g2;
			size_t n = 0;

			assert_true(++turns < 3000);
			assert_int_equal(test_senjin_g->owed(g, ow), 1);
			x = test_senjin_save(g);
			{
				struct node *sec = test_senjin_g->save(g);

				g2 = test_senjin_g->load(sec, &pl, NULL);
				node_free(sec);
			}
			assert_non_null(g2);
			y = test_senjin_save(g2);
			assert_string_equal(x, y);
			free(x);
			free(y);
			test_senjin_g->free(g2);
			sbuf_init(&b);
			test_senjin_g->view(g, &pl, -1, &b);
			test_senjin_g->help(g, ow[0].player, &b);
			test_senjin_width(b.p);
			sbuf_free(&b);
			for (;;) {
				struct strlist l = { 0 };

				test_senjin_g->legal(g, ow[0].player, o, n, &l);
				if (l.n == 0) {
					strlist_free(&l);
					break;
				}
				/* Now and then, legal (legal_pick's line walks)
				 * against validate for every move, before the
				 * first action and after it. */
				if (s < 8 && turns % 24 == 1 && n < 2)
					test_senjin_legal_agrees(g, ow[0].player,
					    n ? o[0].text : NULL);
				strlist_add(&texts, l.v[rng_below(&rng, l.n)]);
				o[n] = (struct order){ texts.v[n], 1, 1 };
				n++;
				strlist_free(&l);
			}
			assert_true(test_senjin_g->validate(g, ow[0].player, o,
			    n, v));
			assert_int_equal(test_senjin_g->resolve(g, &pl,
			    &(struct answer){ ow[0].player, o, n, 0 }, 1, &rng,
			    &ev, NULL), 0);
			strlist_free(&texts);
		}
		for (size_t i = 0; i < ev.n; i++)
			assert_true(strlen(ev.v[i].text) > 0);
		events_free(&ev);
		test_senjin_g->free(g);
	}
}

/* The man page's literal displays, in order, each as one string. */
static void
test_senjin_displays(struct strlist *out)
{
	FILE *f = fopen("man/gunbai-senjin.6", "r");
	char line[256];
	struct sbuf b;
	int in = 0;

	if (f == NULL)
		fail_msg("cannot read man/gunbai-senjin.6");
	sbuf_init(&b);
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, ".Bd -literal", 12) == 0) {
			in = 1;
		} else if (in && strcmp(line, ".Ed\n") == 0) {
			strlist_add(out, b.p);
			sbuf_free(&b);
			in = 0;
		} else if (in) {
			sbuf_puts(&b, line);
		}
	}
	fclose(f);
	sbuf_free(&b);
}

/* The man page's examples are true: the starting board and the starting
 * state section (its orders examples are played by the case files it
 * names, test_cases.c). */
static void
test_senjin_manual(void **state)
{
	struct strlist d = { 0 };
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	struct sbuf b;
	struct node *root = node_map();
	void *g = test_senjin_setup("bob", NULL, &ev, &e);

	(void)state;
	test_senjin_displays(&d);
	assert_int_equal(d.n, 4);
	sbuf_init(&b);
	test_senjin_g->view(g, &test_senjin_pl, -1, &b);
	assert_memory_equal(b.p, d.v[0], strlen(d.v[0]));
	sbuf_free(&b);
	node_set(root, "senjin", test_senjin_g->save(g));
	yaml_write(root, &b);
	assert_string_equal(b.p, d.v[3]);
	sbuf_free(&b);
	node_free(root);
	test_senjin_g->free(g);
	events_free(&ev);
	strlist_free(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_senjin_entry),
		cmocka_unit_test(test_senjin_setup_counts),
		cmocka_unit_test(test_senjin_setup_options),
		cmocka_unit_test(test_senjin_movement),
		cmocka_unit_test(test_senjin_second_action),
		cmocka_unit_test(test_senjin_validate_reasons),
		cmocka_unit_test(test_senjin_turn_structure),
		cmocka_unit_test(test_senjin_multi_capture),
		cmocka_unit_test(test_senjin_sword_wait),
		cmocka_unit_test(test_senjin_wins),
		cmocka_unit_test(test_senjin_turn_limit),
		cmocka_unit_test(test_senjin_legal),
		cmocka_unit_test(test_senjin_load_refuses),
		cmocka_unit_test(test_senjin_load_rows),
		cmocka_unit_test(test_senjin_resolve_refuses),
		cmocka_unit_test(test_senjin_view),
		cmocka_unit_test(test_senjin_help),
		cmocka_unit_test(test_senjin_playouts),
		cmocka_unit_test(test_senjin_manual),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
