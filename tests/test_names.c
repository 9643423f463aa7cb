/* test_names.c - card names as players write them (names.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "base/names.h"

static const char *const tn_names[] = {
	"yari-ashigaru", "warrior-monks", "yari-cavalry", "heavy-cavalry",
	"shinobi-spies", "no-dachi-swordsmen", "ninja",
};
#define TN_N (sizeof tn_names / sizeof tn_names[0])

/* Printed names, in any spacing, become one hyphenated word; other
 * words stay as they are. */
static void
tn_join(void **ctx)
{
	struct util_words w;

	(void)ctx;
	assert_int_equal(util_words("battle cards  Warrior\tMonks ninja "
	    "No Dachi   Swordsmen heavy", &w), 0);
	assert_int_equal(names_join(&w, 1, tn_names, TN_N), 2);
	assert_int_equal(w.n, 6);
	assert_string_equal(w.w[0], "battle");
	assert_string_equal(w.w[1], "cards");
	assert_string_equal(w.w[2], "warrior-monks");
	assert_string_equal(w.w[3], "ninja");
	assert_string_equal(w.w[4], "no-dachi-swordsmen");
	assert_string_equal(w.w[5], "heavy");
	/* Words before from are left alone. */
	assert_int_equal(util_words("shinobi spies", &w), 0);
	assert_int_equal(names_join(&w, 1, tn_names, TN_N), 0);
	assert_int_equal(w.n, 2);
}

/* Commas between card names are white space (fresh readers wrote
 * "battle cards yari ashigaru, yari ashigaru" and "keep scientist,
 * cyberspace-4"); a comma alone is no word. */
static void
tn_commas(void **ctx)
{
	struct util_words w;

	(void)ctx;
	assert_int_equal(util_words("battle cards yari ashigaru, Yari "
	    "Ashigaru ,ninja,, shinobi-spies,", &w), 0);
	assert_int_equal(names_join(&w, 2, tn_names, TN_N), 2);
	assert_int_equal(w.n, 6);
	assert_string_equal(w.w[2], "yari-ashigaru");
	assert_string_equal(w.w[3], "yari-ashigaru");
	assert_string_equal(w.w[4], "ninja");
	assert_string_equal(w.w[5], "shinobi-spies");
	assert_int_equal(util_words(" , ,", &w), 0);
	assert_int_equal(w.n, 0);
}

static void
tn_find(void **ctx)
{
	(void)ctx;
	assert_int_equal(names_find("ninja", tn_names, TN_N), 6);
	assert_int_equal(names_find("spies", tn_names, TN_N), 4);
	assert_int_equal(names_find("monks", tn_names, TN_N), 1);
	assert_int_equal(names_find("dachi", tn_names, TN_N), 5);
	assert_int_equal(names_find("cavalry", tn_names, TN_N), -2);
	assert_int_equal(names_find("yari", tn_names, TN_N), -2);
	assert_int_equal(names_find("spie", tn_names, TN_N), -1);
	assert_int_equal(names_find("", tn_names, TN_N), -1);
}

/* Plurals and singulars, of whole names and of their parts; an
 * ambiguous one refused. */
static void
tn_plural(void **ctx)
{
	static const char *const ss[] = {
		"plains", "gold-mine", "griffin-riders", "catapult",
		"militiamen", "war-elephants", "war-veterans", "fort",
		"forest", "lake", "shinobi-spies", "box",
	};
	struct util_words w;
	size_t n = sizeof ss / sizeof ss[0];

	(void)ctx;
	assert_true(names_same("catapults", "catapult"));
	assert_true(names_same("catapult", "catapult"));
	assert_true(names_same("militiaman", "militiamen"));
	assert_true(names_same("war-elephant", "war-elephants"));
	assert_true(names_same("boxes", "box"));
	assert_true(names_same("spy", "spies"));
	assert_false(names_same("spie", "spies"));
	assert_false(names_same("forts", "forest"));
	assert_false(names_same("catapultes", "catapult"));
	assert_int_equal(names_find("catapults", ss, n), 3);
	assert_int_equal(names_find("militiaman", ss, n), 4);
	assert_int_equal(names_find("lakes", ss, n), 9);
	assert_int_equal(names_find("rider", ss, n), 2);
	assert_int_equal(names_find("mines", ss, n), 1);
	assert_int_equal(names_find("spy", ss, n), 10);
	assert_int_equal(names_find("plain", ss, n), 0);
	assert_int_equal(names_find("forts", ss, n), 7);
	/* "war" is a part of two names; "towers" of none. */
	assert_int_equal(names_find("war", ss, n), -2);
	assert_int_equal(names_find("towers", ss, n), -1);
	/* Printed names in either number become the table's name. */
	assert_int_equal(util_words("2 Griffin Riders 3 gold mines 1 War "
	    "Elephant", &w), 0);
	assert_int_equal(names_join(&w, 1, ss, n), 3);
	assert_int_equal(w.n, 6);
	assert_string_equal(w.w[1], "griffin-riders");
	assert_string_equal(w.w[3], "gold-mine");
	assert_string_equal(w.w[5], "war-elephants");
	/* A name longer than the words it was written in: the words after
	 * it are kept whole. */
	assert_int_equal(util_words("recruit war elephant b2 x", &w), 0);
	assert_int_equal(names_join(&w, 1, ss, n), 1);
	assert_int_equal(w.n, 4);
	assert_string_equal(w.w[1], "war-elephants");
	assert_string_equal(w.w[2], "b2");
	assert_string_equal(w.w[3], "x");
}

static void
tn_nearest(void **ctx)
{
	char why[200] = "'x' is not a card";

	(void)ctx;
	assert_string_equal(names_nearest("warror-monks", tn_names, TN_N),
	    "warrior-monks");
	assert_string_equal(names_nearest("shinobi-spys", tn_names, TN_N),
	    "shinobi-spies");
	/* One letter left out. */
	assert_string_equal(names_nearest("yari-cavalr", tn_names, TN_N),
	    "yari-cavalry");
	assert_null(names_nearest("fortress", tn_names, TN_N));
	names_hint("ninjas", tn_names, TN_N, why, sizeof why);
	assert_string_equal(why, "'x' is not a card; did you mean ninja?");
	/* Right but for what stands between the words: how to write
	 * them. */
	strcpy(why, "'x' is not a card");
	names_hint("warrior_monks", tn_names, TN_N, why, sizeof why);
	assert_string_equal(why, "'x' is not a card; did you mean "
	    "warrior-monks? (names of more than one word are written with "
	    "hyphens, or as printed)");
	strcpy(why, "x");
	names_hint("warriormonks", tn_names, TN_N, why, sizeof why);
	assert_string_equal(why, "x; did you mean warrior-monks? (names of "
	    "more than one word are written with hyphens, or as printed)");
}

/* A name written with a slip in one of its words is one word as written,
 * with spaces, which names no card, and the hint names the card meant
 * (a fresh reader's "warior monks", "heavy cavlry", "samurai archrs");
 * words that are names or parts of names, and squares, are left
 * alone. */
static void
tn_join_near(void **ctx)
{
	static const char *const js[] = {
		"yari-ashigaru", "warrior-monks", "yari-cavalry",
		"heavy-cavalry", "samurai-archers", "yari-samurai",
		"no-dachi-swordsmen", "ninja", "war-elephants",
		"cavalry-archers",
	};
	size_t n = sizeof js / sizeof js[0];
	struct util_words w;
	char why[300];

	(void)ctx;
	assert_int_equal(util_words("battle cards Warior Monks heavy cavlry "
	    "ninja samurai archrs", &w), 0);
	assert_int_equal(names_join(&w, 1, js, n), 0);
	names_join_slips(&w, 1, js, n);
	assert_int_equal(w.n, 6);
	assert_string_equal(w.w[2], "warior monks");
	assert_string_equal(w.w[3], "heavy cavlry");
	assert_string_equal(w.w[4], "ninja");
	assert_string_equal(w.w[5], "samurai archrs");
	assert_int_equal(names_find(w.w[2], js, n), -1);
	strcpy(why, "'warior monks' is not a card");
	names_hint(w.w[2], js, n, why, sizeof why);
	assert_string_equal(why, "'warior monks' is not a card; did you mean "
	    "warrior-monks?");
	/* Written as printed, with a slip: no word on how names are
	 * written (a fresh reader took it for the mistake). */
	strcpy(why, "'samurai archrs' is not a card");
	names_hint(w.w[5], js, n, why, sizeof why);
	assert_string_equal(why, "'samurai archrs' is not a card; did you "
	    "mean samurai-archers?");
	assert_string_equal(names_nearest(w.w[3], js, n), "heavy-cavalry");
	assert_string_equal(names_nearest(w.w[5], js, n), "samurai-archers");
	/* A slip in a name of three words; a name without a slip is joined
	 * as before and counted. */
	assert_int_equal(util_words("cards no dachi swordsmn yari samurai",
	    &w), 0);
	assert_int_equal(names_join(&w, 1, js, n), 1);
	names_join_slips(&w, 1, js, n);
	assert_int_equal(w.n, 3);
	assert_string_equal(w.w[1], "no dachi swordsmn");
	assert_string_equal(w.w[2], "yari-samurai");
	/* Not slips: names and parts of names side by side, a square, a
	 * number, a name followed by a square. */
	assert_int_equal(util_words("cards yari ninja samurai heavy b2 war "
	    "elephants b2 cavalry 10", &w), 0);
	assert_int_equal(names_join(&w, 1, js, n), 1);
	names_join_slips(&w, 1, js, n);
	assert_int_equal(w.n, 10);
	assert_string_equal(w.w[2], "ninja");
	assert_string_equal(w.w[6], "war-elephants");
	assert_string_equal(w.w[7], "b2");
	assert_string_equal(w.w[9], "10");
	/* A word that begins a name is taken for it by games ("caval" for
	 * cavalry-archers), so it is no slip: "heavy caval" stays two
	 * words. */
	assert_int_equal(util_words("cards heavy caval", &w), 0);
	names_join_slips(&w, 1, js, n);
	assert_int_equal(w.n, 3);
	assert_string_equal(w.w[2], "caval");
}

/* One word with a slip, or the beginning of a word of names, is hinted
 * with the names that have that word; a word several names have gets
 * them listed. */
static void
tn_hint_part(void **ctx)
{
	static const char *const sf[] = {
		"air-marshal", "air-3", "air-4", "intelligence-3",
		"intelligence-4", "warrior-monks", "yari-cavalry",
		"heavy-cavalry",
	};
	size_t n = sizeof sf / sizeof sf[0];
	char why[300];

	(void)ctx;
	strcpy(why, "'warior' is not a card");
	names_hint("warior", sf, n, why, sizeof why);
	assert_string_equal(why, "'warior' is not a card; did you mean "
	    "warrior-monks?");
	strcpy(why, "x");
	names_hint("cavlry", sf, n, why, sizeof why);
	assert_string_equal(why, "x; did you mean yari-cavalry or "
	    "heavy-cavalry?");
	strcpy(why, "x");
	names_hint("intel", sf, n, why, sizeof why);
	assert_string_equal(why, "x; did you mean intelligence-3 or "
	    "intelligence-4?");
	strcpy(why, "x");
	names_hint("marsh", sf, n, why, sizeof why);
	assert_string_equal(why, "x; did you mean air-marshal?");
	strcpy(why, "x");
	names_hint("foo", sf, n, why, sizeof why);
	assert_string_equal(why, "x (names of more than one word are "
	    "written with hyphens, or as printed)");
	strcpy(why, "'air' is part of several");
	names_several("air", sf, n, why, sizeof why);
	assert_string_equal(why, "'air' is part of several (air-marshal, "
	    "air-3 or air-4)");
	/* A short buffer is cut, never overrun. */
	strcpy(why, "x");
	names_several("air", sf, n, why, 8);
	assert_string_equal(why, "x (air-");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tn_join),
		cmocka_unit_test(tn_commas),
		cmocka_unit_test(tn_find),
		cmocka_unit_test(tn_plural),
		cmocka_unit_test(tn_nearest),
		cmocka_unit_test(tn_join_near),
		cmocka_unit_test(tn_hint_part),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
