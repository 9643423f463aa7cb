/* test_sensoufuda.c - the Sensoufuda module beyond what case files show:
 * the card and combo tables against the rules and the man page, the
 * man page's order examples and rulings against the parser and the case
 * files, load refusals with positions, perturb, and random games checked
 * at every decision point (cards conserved, canonical saves, views of at
 * most 72 columns with the longest names). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/sensoufuda/sensoufuda.h"
#include "base/yaml.h"

#define SFT_MAN "man/gunbai-sensoufuda.6"
#define SFT_CASES "tests/cases/sensoufuda"

extern const struct game_entry sensoufuda_game;

static char *
sft_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct sbuf b;
	char buf[4096];
	size_t n;

	if (f == NULL)
		fail_msg("cannot open %s", path);
	sbuf_init(&b);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sbuf_add(&b, buf, n);
	fclose(f);
	return sbuf_take(&b);
}

/* The deck is the rules' table: 12 theatres of 4, two specials each. */
static void
sft_cards(void **ctx)
{
	int sym[SF_SYMBOLS] = { 0 }, kind[SF_KINDS] = { 0 };

	(void)ctx;
	for (int c = 0; c < SF_CARDS; c++) {
		const struct sf_card *k = &sf_cards[c];

		assert_int_equal(k->theatre, c / SF_PER_THEATRE);
		/* the specials come first in their theatre */
		assert_int_equal(k->symbol == SF_S_NONE,
		    c % SF_PER_THEATRE >= 2);
		sym[k->symbol]++;
		kind[sf_card_kind(c)]++;
		assert_int_equal(sf_card_find(k->name), c);
		for (int d = 0; d < c; d++)
			assert_string_not_equal(k->name, sf_cards[d].name);
	}
	assert_int_equal(sym[SF_S_STAR], 4);
	assert_int_equal(sym[SF_S_HALF_STAR], 1);
	assert_int_equal(sym[SF_S_AWARD], 3);
	assert_int_equal(sym[SF_S_WRENCH], 3);
	assert_int_equal(sym[SF_S_BIOHAZARD], 2);
	assert_int_equal(sym[SF_S_CUBES], 11);
	assert_int_equal(kind[SF_PLAIN], 24);
	assert_int_equal(kind[SF_HERO], 8);
	assert_int_equal(sf_card_find("AIR-1"), SF_C_AIR_MARSHAL);
	assert_int_equal(sf_card_find("land-2"), SF_C_TANK);
	assert_int_equal(sf_card_find("Death-Ray"), SF_C_DEATH_RAY);
	assert_int_equal(sf_card_find("cyberspace-4"), SF_C_CYBERSPACE_4);
	assert_int_equal(sf_card_find("air-5"), SF_NONE);
	assert_int_equal(sf_card_find("air-0"), SF_NONE);
	assert_int_equal(sf_card_find("air-"), SF_NONE);
	assert_int_equal(sf_card_find(""), SF_NONE);
	assert_int_equal(sf_card_find("a-name-too-long-to-be-any-card-at-all"),
	    SF_NONE);
}

/* The man page's card table names every special in its column. */
static void
sft_man_cards(void **ctx)
{
	char *man = sft_slurp(SFT_MAN);

	(void)ctx;
	for (int t = 0; t < SF_THEATRES; t++) {
		const char *col[3] = { "\\(em", "\\(em", "\\(em" };
		char row[160];

		for (int i = 0; i < 2; i++) {
			int c = t * SF_PER_THEATRE + i;

			col[sf_card_kind(c)] = sf_cards[c].name;
		}
		snprintf(row, sizeof row, ".It %s Ta %s Ta %s Ta %s\n",
		    sf_card_theatres[t].name, col[0], col[1], col[2]);
		if (strstr(man, row) == NULL)
			fail_msg("%s has no row %s", SFT_MAN, row);
	}
	free(man);
}

static uint64_t
sft_mask(const int *cards, int n)
{
	uint64_t m = 0;

	for (int i = 0; i < n; i++)
		m |= SF_BIT(cards[i]);
	return m;
}

#define SFT_MASK(...) sft_mask((const int[]){ __VA_ARGS__ }, \
	(int)(sizeof((const int[]){ __VA_ARGS__ }) / sizeof(int)))

static int
sft_total(uint64_t mask, unsigned in_play)
{
	struct sf_combo_set s;

	sf_combo_eval(mask, in_play, &s);
	return sf_combo_total(&s);
}

static void
sft_combos(void **ctx)
{
	unsigned all = (1u << SF_NCOMBOS) - 1, base = 0;
	struct sf_combo_set a, b;

	(void)ctx;
	for (int k = 0; k < SF_NCOMBOS; k++) {
		assert_non_null(sf_combos[k].name);
		assert_int_equal(sf_combo_find(sf_combos[k].name), k);
		if (!sf_combos[k].optional)
			base |= 1u << k;
	}
	assert_int_equal(sft_total(SFT_MASK(SF_C_AIR_MARSHAL, SF_C_GENERAL),
	    base), 0);
	assert_int_equal(sft_total(SFT_MASK(SF_C_AIR_MARSHAL, SF_C_GENERAL,
	    SF_C_ADMIRAL), base), 5);
	assert_int_equal(sft_total(SFT_MASK(SF_C_AIR_MARSHAL, SF_C_GENERAL,
	    SF_C_SPY), base), 0);
	assert_int_equal(sft_total(SFT_MASK(SF_C_AIR_MARSHAL, SF_C_GENERAL,
	    SF_C_ADMIRAL, SF_C_SPY), base), 6);
	assert_int_equal(sft_total(SFT_MASK(SF_C_AIR_MARSHAL, SF_C_GENERAL,
	    SF_C_ADMIRAL, SF_C_AMBASSADOR), base), 8);
	assert_int_equal(sft_total(SFT_MASK(SF_C_AIR_MARSHAL, SF_C_GENERAL,
	    SF_C_ADMIRAL, SF_C_AMBASSADOR, SF_C_SPY), base), 10);
	/* all eight heroes: both threes, and 4 for five heroes plus three */
	assert_int_equal(sft_total(SFT_MASK(SF_C_ACE, SF_C_PARTISAN,
	    SF_C_ASTRONAUT, SF_C_ROSIE, SF_C_SCIENTIST, SF_C_HACKER,
	    SF_C_INFLUENCER, SF_C_MUTANT), base), 5 + 5 + 4);
	/* all eleven resources: 7 */
	assert_int_equal(sft_total(SFT_MASK(SF_C_TANK, SF_C_BATTLESHIP,
	    SF_C_FACTORY, SF_C_NEWSPAPER, SF_C_WIRETAP, SF_C_TREATY,
	    SF_C_DYNAMITE, SF_C_DEATH_RAY, SF_C_SATELLITE, SF_C_NUKE,
	    SF_C_VIRUS), base), 7);
	assert_int_equal(sft_total(SFT_MASK(SF_C_NEWSPAPER, SF_C_WIRETAP,
	    SF_C_VIRUS), base), 0);
	assert_int_equal(sft_total(SFT_MASK(SF_C_NEWSPAPER, SF_C_WIRETAP,
	    SF_C_VIRUS, SF_C_TANK, SF_C_BATTLESHIP, SF_C_DYNAMITE), all),
	    5 + 5 + 2);
	sf_combo_eval(SFT_MASK(SF_C_MUTANT, SF_C_NUKE, SF_C_ATOMIC_3,
	    SF_C_ATOMIC_4), base, &a);
	assert_true(sf_combo_ends(&a));
	assert_int_equal(sf_combo_total(&a), 0);
	/* improvement: a rung up the ladder, one more resource */
	sf_combo_eval(SFT_MASK(SF_C_AIR_MARSHAL, SF_C_GENERAL, SF_C_ADMIRAL),
	    base, &a);
	sf_combo_eval(SFT_MASK(SF_C_AIR_MARSHAL, SF_C_GENERAL, SF_C_ADMIRAL,
	    SF_C_SPY), base, &b);
	assert_int_equal(sf_combo_improved(&a, &b),
	    SF_K_THREE_STRATEGISTS_SPY);
	assert_int_equal(sf_combo_improved(&b, &b), SF_NONE);
	assert_int_equal(sf_combo_improved(&b, &a), SF_NONE);
}

/* Every order in the man page's example block parses. */
static void
sft_man_examples(void **ctx)
{
	char *man = sft_slurp(SFT_MAN), *p, *end, why[GAME_REASON_MAX];
	int n = 0;

	(void)ctx;
	p = strstr(man, "orders tests/test_sensoufuda.c reads");
	assert_non_null(p);
	p = strstr(p, ".Bd -literal");
	assert_non_null(p);
	p = strchr(p, '\n') + 1;
	end = strstr(p, ".Ed\n");
	assert_non_null(end);
	while (p < end) {
		char *nl = strchr(p, '\n');

		*nl = '\0';
		if (sf_order_syntax(p, why, sizeof why) < 0)
			fail_msg("man page example '%s': %s", p, why);
		n++;
		p = nl + 1;
	}
	assert_true(n >= 10);
	assert_int_equal(sf_order_syntax("fly away", why, sizeof why), -1);
	free(man);
}

/* Every ruling of the man page is played by a case file, which it names,
 * and every case file's ruling is in the man page. */
static void
sft_man_rulings(void **ctx)
{
	char *man = sft_slurp(SFT_MAN), *p;
	struct strlist titles = { 0 };
	int *used;
	DIR *d;
	struct dirent *de;

	(void)ctx;
	for (p = man; (p = strstr(p, ".Sy Ruling : Em ")) != NULL; p++) {
		char *t = p + strlen(".Sy Ruling : Em ");
		char *e = strstr(t, " .\n");

		assert_non_null(e);
		t = util_strndup(t, (size_t)(e - t));
		strlist_add(&titles, t);
		free(t);
	}
	assert_true(titles.n >= 20);
	used = calloc(titles.n, sizeof *used);
	assert_non_null(d = opendir(SFT_CASES));
	while ((de = readdir(d)) != NULL) {
		char path[512], *text;
		struct node *root;
		const struct node *rule;
		struct gb_err e = { 0 };
		size_t i;

		if (strstr(de->d_name, ".yaml") == NULL)
			continue;
		snprintf(path, sizeof path, "%s/%s", SFT_CASES, de->d_name);
		text = sft_slurp(path);
		assert_int_equal(yaml_read(text, strlen(text), &root, &e), 0);
		rule = node_get(root, "rule");
		assert_non_null(rule);
		if (strncmp(rule->str, "Ruling: ", 8) == 0) {
			for (i = 0; i < titles.n; i++)
				if (strcmp(rule->str + 8, titles.v[i]) == 0)
					break;
			if (i == titles.n)
				fail_msg("%s: no ruling '%s' in %s", path,
				    rule->str + 8, SFT_MAN);
			used[i]++;
			if (strstr(man, de->d_name) == NULL)
				fail_msg("%s does not name %s", SFT_MAN,
				    de->d_name);
		}
		node_free(root);
		free(text);
	}
	closedir(d);
	for (size_t i = 0; i < titles.n; i++)
		if (used[i] == 0)
			fail_msg("ruling '%s' has no case file", titles.v[i]);
	free(used);
	strlist_free(&titles);
	free(man);
}

/* A valid section (the case match-one), mutated to check refusals. */
static const char sft_base[] =
    "rules: {target: 20, battles: 10, strategy: rps, optional-combos: []}\n"
    "battle: 1\n"
    "starter: axis\n"
    "score: {axis: 0, paladins: 0}\n"
    "phase: turn\n"
    "active: axis\n"
    "victor: none\n"
    "press-ons: 0\n"
    "table: [ace, astronaut, sea-3, sea-4, rosie, factory, industry-3, "
    "industry-4, influencer, newspaper, propaganda-3, propaganda-4, spy, "
    "wiretap, intelligence-3, intelligence-4, ambassador, treaty, "
    "diplomacy-3, diplomacy-4, partisan, dynamite, guerrilla-3, "
    "guerrilla-4, scientist, death-ray, technology-3, technology-4, "
    "mutant, nuke, atomic-3, atomic-4, hacker, virus, cyberspace-3, "
    "cyberspace-4]\n"
    "pending: none\n"
    "hands: {axis: [air-4], paladins: [air-3]}\n"
    "allies: {axis: [space-3], paladins: [space-4]}\n"
    "out-of-play: [air-marshal, general, tank, land-3, land-4, admiral, "
    "battleship, satellite]\n"
    "tableaus: {axis: [], paladins: []}\n"
    "ally-instructions: {axis: [], paladins: []}\n";

static const char *const sft_names[] = { "alice", "bob" };
static const struct game_players sft_pl = { 2, sft_names };

/* Load base with the replacements (from, to, from, to, ..., NULL). */
static void *
sft_load(struct gb_err *e, ...)
{
	struct sbuf b;
	struct node *root;
	const char *from, *to;
	void *g;
	va_list ap;

	sbuf_init(&b);
	sbuf_puts(&b, sft_base);
	va_start(ap, e);
	while ((from = va_arg(ap, const char *)) != NULL) {
		char *at = strstr(b.p, from);
		struct sbuf n;

		to = va_arg(ap, const char *);
		if (at == NULL)
			fail_msg("no '%s' in the base state", from);
		sbuf_init(&n);
		sbuf_add(&n, b.p, (size_t)(at - b.p));
		sbuf_puts(&n, to);
		sbuf_puts(&n, at + strlen(from));
		sbuf_free(&b);
		b = n;
	}
	va_end(ap);
	if (yaml_read(b.p, b.len, &root, e) < 0)
		fail_msg("bad test YAML: %s\n%s", e->msg, b.p);
	g = sf_state_load(root, &sft_pl, e);
	node_free(root);
	sbuf_free(&b);
	return g;
}

#define SFT_REFUSED(want, ...) do { \
	struct gb_err e_ = { 0 }; \
	void *g_ = sft_load(&e_, __VA_ARGS__, NULL); \
	if (g_ != NULL) \
		fail_msg("loaded, expected: %s", want); \
	if (strstr(e_.msg, want) == NULL || e_.line < 1) \
		fail_msg("%d:%d: %s; expected: %s", e_.line, e_.col, e_.msg, \
		    want); \
} while (0)

static void
sft_load_refusals(void **ctx)
{
	struct gb_err e = { 0 };
	void *g;

	(void)ctx;
	g = sft_load(&e, NULL);
	if (g == NULL)
		fail_msg("the base does not load: %s", e.msg);
	free(g);
	SFT_REFUSED("air-4 is in two places", "[air-4]", "[air-4, air-4]");
	SFT_REFUSED("satellite is nowhere", ", satellite]", "]");
	SFT_REFUSED("in card order: air-marshal comes before general",
	    "[air-marshal, general,", "[general, air-marshal,");
	SFT_REFUSED("hold 1 and 0 cards", "axis: [space-3]", "axis: []",
	    "[ace,", "[space-3, ace,");
	SFT_REFUSED("'AIR-4' is not the name of a card", "[air-4]", "[AIR-4]");
	SFT_REFUSED("'air-1' is not the name of a card", "[air-marshal,",
	    "[air-1,");
	SFT_REFUSED("extra", "battle: 1\n", "battle: 1\nextra: 1\n");
	SFT_REFUSED("\"phase\" must be", "phase: turn", "phase: battle");
	SFT_REFUSED("pending in the collect phase, and only then",
	    "pending: none", "pending: sea-3", "sea-3, ", "");
	SFT_REFUSED("does not match two tactical options", "pending: none",
	    "pending: sea-3", "sea-3, ", "", "phase: turn", "phase: collect");
	SFT_REFUSED("\"race\" is there exactly", "press-ons: 0\n",
	    "press-ons: 0\nrace: {axis: 0, paladins: 0}\n");
	SFT_REFUSED("collections are of 2 or 4", "tableaus: {axis: []",
	    "tableaus: {axis: [ace]", "[ace, ", "[");
	SFT_REFUSED("axis has a combo but nobody is victorious",
	    "tableaus: {axis: []", "tableaus: {axis: [partisan, guerrilla-3, "
	    "hacker, cyberspace-3, mutant, atomic-3, rosie, industry-3, "
	    "influencer, propaganda-3]", "rosie, ", "", "industry-3, ", "",
	    "influencer, ", "",
	    "propaganda-3, ", "", "partisan, ", "", "guerrilla-3, ", "",
	    "mutant, ", "", "atomic-3, ", "", "hacker, ", "",
	    "cyberspace-3, ", "");
	SFT_REFUSED("the victor axis has no combo", "phase: turn",
	    "phase: victory", "active: axis", "active: none", "victor: none",
	    "victor: axis");
	SFT_REFUSED("\"outcome\" is there when the phase is over",
	    "battle: 1\n", "battle: 1\noutcome: {winner: axis, reason: x}\n");
	SFT_REFUSED("the game should be over", "score: {axis: 0",
	    "score: {axis: 20");
	SFT_REFUSED("a draw comes only with equal scores", "phase: turn",
	    "phase: over", "active: axis", "active: none", "battle: 1\n",
	    "battle: 1\noutcome: {winner: none, reason: x}\n",
	    "score: {axis: 0", "score: {axis: 3");
	SFT_REFUSED("'take zeppelin' is not an ally instruction",
	    "ally-instructions: {axis: []",
	    "ally-instructions: {axis: [\"take zeppelin\"]");
	SFT_REFUSED("write the instruction as \"take air-4\"",
	    "ally-instructions: {axis: []",
	    "ally-instructions: {axis: [\"take AIR-4\"]");
	SFT_REFUSED("is given twice", "ally-instructions: {axis: []",
	    "ally-instructions: {axis: [\"prefer hero\", \"prefer hero\"]");
	SFT_REFUSED("only the strategy phase of the first battle has no "
	    "starter", "starter: axis", "starter: none");
	SFT_REFUSED("past the limit", "battle: 1\n", "battle: 11\n");
	SFT_REFUSED("press ons without a victor", "press-ons: 0",
	    "press-ons: 2");
	SFT_REFUSED("'nukes' is not an optional combo", "optional-combos: []",
	    "optional-combos: [nukes]");
	SFT_REFUSED("lists each once, troll-farms first",
	    "optional-combos: []",
	    "optional-combos: [blitzkrieg, troll-farms]");
	SFT_REFUSED("\"strategy\" must be rps, alternate or axis", "strategy: rps",
	    "strategy: chess");
	SFT_REFUSED("\"active\" names a player", "active: axis",
	    "active: none");
	SFT_REFUSED("is to play but has no cards", "hands: {axis: [air-4]",
	    "hands: {axis: []", "allies: {axis: [space-3]", "allies: {axis: []",
	    "[ace,", "[air-4, space-3, ace,");
	SFT_REFUSED("in the strategy phase the cards are as dealt",
	    "phase: turn", "phase: strategy", "active: axis", "active: none");
}

static void *
sft_setup(const char *const *opts, uint64_t seed, struct events *ev,
    struct gb_err *e)
{
	const char *optv[8];
	uint8_t s[RNG_SEED_BYTES] = { 0 };
	struct rng rng;
	size_t n = 0;

	for (; sensoufuda_game.options[n].name != NULL; n++)
		optv[n] = sensoufuda_game.options[n].def;
	for (; opts != NULL && *opts != NULL; opts += 2)
		for (size_t i = 0; i < n; i++)
			if (strcmp(sensoufuda_game.options[i].name,
			    opts[0]) == 0)
				optv[i] = opts[1];
	for (int i = 0; i < 8; i++)
		s[i] = (uint8_t)(seed >> (8 * i));
	rng_init(&rng, s, 0);
	return sensoufuda_game.setup(&sft_pl, optv, &rng, ev, e);
}

static void
sft_options(void **ctx)
{
	static const char *const bad[][3] = {
		{ "target", "0", "option target" },
		{ "target", "many", "option target" },
		{ "battles", "-1", "option battles" },
		{ "strategy", "coin", "option strategy" },
		{ "troll-farms", "yes", "option troll-farms" },
		{ "blitzkrieg", "", "option blitzkrieg" },
	};
	const char *const three[] = { "a", "b", "c" };
	const struct game_players pl3 = { 3, three };
	const char *optv[8];
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	struct rng rng = { { 1, 2, 3, 4 }, 0 };

	(void)ctx;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *o[] = { bad[i][0], bad[i][1], NULL };

		memset(&e, 0, sizeof e);
		assert_null(sft_setup(o, 1, &ev, &e));
		assert_non_null(strstr(e.msg, bad[i][2]));
	}
	for (size_t i = 0; sensoufuda_game.options[i].name != NULL; i++)
		optv[i] = sensoufuda_game.options[i].def;
	assert_null(sensoufuda_game.setup(&pl3, optv, &rng, &ev, &e));
	assert_non_null(strstr(e.msg, "2 players"));
	events_free(&ev);
}

/* Each card is in exactly one place, and hands match ally decks. */
static void
sft_conserved(const struct sensoufuda *g)
{
	uint64_t seen = 0, m;
	int n = 0;

#define SFT_ADD(mask) do { m = (mask); assert_int_equal(seen & m, 0); \
	seen |= m; n += sf_card_count(m); } while (0)
	for (int p = 0; p < 2; p++) {
		SFT_ADD(g->hand[p]);
		SFT_ADD(sf_pile_mask(&g->ally[p]));
		SFT_ADD(sf_pile_mask(&g->tableau[p]));
		assert_int_equal(sf_card_count(g->hand[p]), g->ally[p].n);
	}
	SFT_ADD(sf_pile_mask(&g->table));
	SFT_ADD(g->out);
	if (g->pending != SF_NONE)
		SFT_ADD(SF_BIT(g->pending));
#undef SFT_ADD
	assert_int_equal(n, SF_CARDS);
}

static char *
sft_save(const void *g)
{
	struct node *n = sensoufuda_game.save(g);
	struct sbuf b;

	sbuf_init(&b);
	yaml_write(n, &b);
	node_free(n);
	return sbuf_take(&b);
}

static void
sft_roundtrip(const void *g)
{
	char *a = sft_save(g), *b;
	struct node *root;
	struct gb_err e = { 0 };
	void *g2;

	assert_int_equal(yaml_read(a, strlen(a), &root, &e), 0);
	if ((g2 = sensoufuda_game.load(root, &sft_pl, &e)) == NULL)
		fail_msg("does not load back: %d:%d: %s\n%s", e.line, e.col,
		    e.msg, a);
	b = sft_save(g2);
	assert_string_equal(a, b);
	sensoufuda_game.free(g2);
	node_free(root);
	free(a);
	free(b);
}

static void
sft_width(const char *text, const char *what)
{
	for (const char *l = text; *l != '\0';) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);

		if (n > 72)
			fail_msg("%s: a line of %zu columns: %.*s", what, n,
			    (int)n, l);
		l += n + (nl != NULL);
	}
}

/* The help's examples of p, in help: each order listed as legal now is
 * accepted as p's first order, and the orders shown in sequence (a play
 * and the collect it needs) are accepted together, in that order. */
static void
sft_examples(const struct sensoufuda *g, int p, const char *help)
{
	static const char *const heads[] = { "Legal now, for example:\n",
	    "needs collect after it:\n" };

	for (int h = 0; h < 2; h++) {
		const char *l = strstr(help, heads[h]);
		struct order o[8];
		struct verdict v[8];
		char text[8][GAME_ORDER_MAX];
		size_t n = 0;

		for (l = l ? l + strlen(heads[h]) : ""; strncmp(l, "#   ",
		    4) == 0 && n < 8; n++) {
			size_t len = strcspn(l + 4, "\n");

			assert_true(len < GAME_ORDER_MAX);
			memcpy(text[n], l + 4, len);
			text[n][len] = '\0';
			o[n] = (struct order){ text[n], 0, 0 };
			l += 4 + len + (l[4 + len] == '\n');
			/* Legal now: each alone; in sequence: all. */
			sensoufuda_game.validate(g, p, h ? o : o + n,
			    h ? n + 1 : 1, v);
			if (!v[h ? n : 0].accepted)
				fail_msg("help example '%s' of %s is refused: "
				    "%s", text[n], g->phase == SF_P_TURN ?
				    "a turn" : "a decision",
				    v[h ? n : 0].reason);
		}
	}
}

/* Views and help fit in 72 columns even with 32-character names, and
 * a player's view does not change when perturb changes what that player
 * cannot see. */
static void
sft_views(const struct sensoufuda *g, struct rng *hr)
{
	static const char *const longnames[] = {
		"abcdefghijklmnopqrstuvwxyz012345",
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ012345" };
	const struct game_players pl = { 2, longnames };

	for (int p = -1; p < 2; p++) {
		struct sbuf v, w;

		sbuf_init(&v);
		sensoufuda_game.view(g, &pl, p, &v);
		sft_width(v.p, "view");
		if (p >= 0) {
			struct sensoufuda copy = *g;
			struct rng before = *hr;

			sensoufuda_game.help(g, p, &v);
			sft_width(v.p, "help");
			sft_examples(g, p, v.p);
			sensoufuda_game.perturb(&copy, p, hr);
			assert_memory_equal(&before, hr, sizeof before);
			sft_conserved(&copy);
			assert_int_equal(copy.hand[p], g->hand[p]);
			sbuf_init(&w);
			sensoufuda_game.view(&copy, &pl, p, &w);
			sensoufuda_game.help(&copy, p, &w);
			assert_string_equal(v.p, w.p);
			sbuf_free(&w);
		}
		sbuf_free(&v);
	}
}

static size_t
sft_choose(void *arg, size_t count)
{
	size_t k = *(const size_t *)arg;

	assert_true(k < count);
	return k;
}

/* legal_pick (through game_legal_pick) counts the orders legal lists in
 * l and picks each of them as legal lists it. */
static void
sft_picks(const struct sensoufuda *g, int p, const struct order *orders,
    size_t n, const struct strlist *l)
{
	char buf[GAME_ORDER_MAX];

	for (size_t k = 0; k < l->n || k == 0; k++) {
		size_t got;

		buf[0] = '\0';
		got = game_legal_pick(&sensoufuda_game, g, p, orders, n,
		    sft_choose, &k, buf, sizeof buf);
		if (got != l->n)
			fail_msg("legal_pick counts %zu orders, legal lists "
			    "%zu", got, l->n);
		if (l->n > 0 && strcmp(buf, l->v[k]) != 0)
			fail_msg("legal_pick %zu is '%s', legal's is '%s'", k,
			    buf, l->v[k]);
	}
}

/* Play one game with random legal orders; returns the points played. */
static int
sft_play(const char *const *opts, uint64_t seed, int checks)
{
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	uint8_t s[RNG_SEED_BYTES] = { 7 };
	struct sensoufuda *g = sft_setup(opts, seed, &ev, &e);
	struct rng hr;
	int points = 0;

	assert_non_null(g);
	rng_init(&hr, s, seed);
	while (!sensoufuda_game.outcome(g).finished) {
		struct owed ow[GAME_MAX_PLAYERS];
		size_t nowed = sensoufuda_game.owed(g, ow);
		struct answer ans[2];
		struct strlist texts[2] = { { 0 }, { 0 } };
		struct order orders[2][80];
		struct verdict v[80];
		struct rng rng;

		assert_true(nowed > 0 && nowed <= 2);
		if (++points > 3000)
			fail_msg("seed %llu: no end", (unsigned long long)seed);
		sft_conserved(g);
		if (checks) {
			sft_roundtrip(g);
			sft_views(g, &hr);
		}
		for (size_t k = 0; k < nowed; k++) {
			int p = ow[k].player;
			size_t n = 0;

			while (!sensoufuda_game.validate(g, p, orders[k], n,
			    v)) {
				struct strlist l = { 0 };

				sensoufuda_game.legal(g, p, orders[k], n, &l);
				assert_true(l.n > 0 && n < 80);
				sft_picks(g, p, orders[k], n, &l);
				strlist_add(&texts[k],
				    l.v[rng_below(&hr, l.n)]);
				strlist_free(&l);
				orders[k][n] = (struct order){ texts[k].v[n],
					1, 1 };
				n++;
			}
			ans[k] = (struct answer){ p, orders[k], n, 0 };
		}
		rng_init(&rng, s, (uint64_t)points);
		ev.point = points;
		assert_int_equal(sensoufuda_game.resolve(g, &sft_pl, ans, nowed,
		    &rng, &ev, &e), 0);
		for (int k = 0; k < 2; k++)
			strlist_free(&texts[k]);
	}
	sft_conserved(g);
	sft_roundtrip(g);
	assert_int_equal(sensoufuda_game.owed(g, (struct owed[2]){ 0 }), 0);
	events_free(&ev);
	sensoufuda_game.free(g);
	return points;
}

static void
sft_random_games(void **ctx)
{
	static const char *const variants[][11] = {
		{ NULL },
		{ "strategy", "alternate", "troll-farms", "on", "blitzkrieg",
		    "on", NULL },
		{ "target", "1000", "battles", "3", NULL },
		{ "target", "5", "battles", "0", NULL },
	};

	(void)ctx;
	for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
		for (uint64_t seed = 1; seed <= 6; seed++)
			sft_play(variants[v], seed, seed <= 2);
}

/* After a press on: the start of the state. */
#define SFT_ANSWER \
    "rules: {target: 20, battles: 10, strategy: rps, optional-combos: []}\n" \
    "battle: 1\n" \
    "starter: axis\n" \
    "score: {axis: 0, paladins: 0}\n" \
    "phase: answer\n" \
    "active: none\n" \
    "victor: axis\n" \
    "press-ons: 0\n"

/* After a press on: bob holds 4 cards and may keep 2. */
static const char sft_answer[] = SFT_ANSWER
    "table: [sea-3, sea-4, industry-3, industry-4, influencer, newspaper, "
    "propaganda-3, propaganda-4, spy, wiretap, intelligence-3, "
    "intelligence-4, ambassador, treaty, diplomacy-3, diplomacy-4, "
    "dynamite, guerrilla-4, scientist, death-ray, technology-3, "
    "technology-4, mutant, nuke, atomic-3, atomic-4, hacker, virus, "
    "cyberspace-3, cyberspace-4]\n"
    "pending: none\n"
    "hands: {axis: [], paladins: [air-3, air-4, land-3, land-4]}\n"
    "allies: {axis: [], paladins: [space-3, space-4, rosie, factory]}\n"
    "out-of-play: [general, tank, admiral, battleship]\n"
    "tableaus: {axis: [ace, air-marshal, partisan, guerrilla-3, astronaut, "
    "satellite], paladins: []}\n"
    "ally-instructions: {axis: [], paladins: []}\n";

/* The state section yaml, loaded. */
static struct sensoufuda *
sft_read(const char *yaml)
{
	struct gb_err e = { 0 };
	struct sensoufuda *g;
	struct node *root;

	assert_int_equal(yaml_read(yaml, strlen(yaml), &root, &e), 0);
	g = sf_state_load(root, &sft_pl, &e);
	node_free(root);
	if (g == NULL)
		fail_msg("%d:%d: %s", e.line, e.col, e.msg);
	return g;
}

/* legal(): the default first, and every keep choice. */
static void
sft_legal(void **ctx)
{
	struct sensoufuda *g = sft_read(sft_answer);
	struct strlist l = { 0 };

	(void)ctx;
	sensoufuda_game.legal(g, 1, NULL, 0, &l);
	/* retreat, counterattack, keep none, 4 of one card, 6 of two */
	assert_int_equal(l.n, 3 + 4 + 6);
	assert_string_equal(l.v[0], "retreat");
	assert_string_equal(l.v[3], "keep air-3");
	assert_string_equal(l.v[7], "keep air-3 air-4");
	sft_picks(g, 1, NULL, 0, &l);
	strlist_free(&l);
	sensoufuda_game.legal(g, 0, NULL, 0, &l);
	assert_int_equal(l.n, 0);
	sft_picks(g, 0, NULL, 0, &l);
	free(g);
}

/* As sft_answer, but bob holds 8 cards and may keep 4. */
static const char sft_answer8[] = SFT_ANSWER
    "table: [spy, wiretap, intelligence-3, intelligence-4, ambassador, "
    "treaty, diplomacy-3, diplomacy-4, dynamite, guerrilla-4, scientist, "
    "death-ray, technology-3, technology-4, mutant, nuke, atomic-3, "
    "atomic-4, hacker, virus, cyberspace-3, cyberspace-4]\n"
    "pending: none\n"
    "hands: {axis: [], paladins: [air-3, air-4, land-3, land-4, sea-3, "
    "sea-4, industry-3, industry-4]}\n"
    "allies: {axis: [], paladins: [space-3, space-4, rosie, factory, "
    "influencer, newspaper, propaganda-3, propaganda-4]}\n"
    "out-of-play: [general, tank, admiral, battleship]\n"
    "tableaus: {axis: [ace, air-marshal, partisan, guerrilla-3, astronaut, "
    "satellite], paladins: []}\n"
    "ally-instructions: {axis: [], paladins: []}\n";

/* legal_pick agrees with legal on a hand of 8, which keeps up to 4
 * cards, after each kind of first order. */
static void
sft_legal_pick(void **ctx)
{
	/* A keep comes first; after it only retreat; a decision ends the
	 * answer. */
	static const char *const first[] = { NULL, "keep air-3 land-4",
	    "keep none", "retreat", "counterattack" };
	static const size_t want[] = { 3 + 8 + 28 + 56 + 70, 1, 1, 0, 0 };
	struct sensoufuda *g = sft_read(sft_answer8);

	(void)ctx;
	for (size_t i = 0; i < sizeof first / sizeof first[0]; i++) {
		struct order o = { first[i], 1, 1 };
		struct strlist l = { 0 };
		size_t n = first[i] != NULL;

		sensoufuda_game.legal(g, 1, &o, n, &l);
		assert_int_equal(l.n, want[i]);
		sft_picks(g, 1, &o, n, &l);
		strlist_free(&l);
	}
	free(g);
}

/* sf_card_brief, sf_card_tagged and sf_faction_who write what snprintf
 * wrote before them, cut the same way in any buffer. */
static void
sft_put(void **ctx)
{
	static const char *const names[] = { "alice", "a-long-name-of-"
	    "forty-bytes-or-so-here" };
	const struct game_players pl = { 2, names };
	char got[48], want[48];
	size_t at = 5;

	(void)ctx;
	for (int c = 0; c < SF_CARDS; c++)
		for (size_t size = 1; size <= sizeof got; size++) {
			const struct sf_card *k = &sf_cards[c];
			int plain = k->symbol == SF_S_NONE;

			snprintf(want, size, plain ? "%s" : "%s (%s)", k->name,
			    sf_card_theatres[k->theatre].name);
			assert_string_equal(sf_card_brief(c, got, size), want);
			snprintf(want, size, plain ? "%s" : "%s [%s]", k->name,
			    sf_card_symbols[k->symbol].word);
			assert_string_equal(sf_card_tagged(c, got, size), want);
			snprintf(want, size, "%s (%s)", names[c % 2],
			    sf_factions[c % 2].name);
			assert_string_equal(sf_faction_who(&pl, c % 2, got,
			    size), want);
		}
	/* Nothing written past size, and the count goes on. */
	memset(got, 'x', sizeof got);
	sf_text_put(got, 0, &at, "abc");
	assert_int_equal(at, 8);
	assert_int_equal(got[0], 'x');
}

/* Is s valid UTF-8 (well enough: no cut or stray sequence)? */
static int
sft_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p != 0) {
		int n = *p < 0x80 ? 0 : *p >= 0xf0 ? 3 : *p >= 0xe0 ? 2 :
		    *p >= 0xc0 ? 1 : -1;

		if (n < 0)
			return 0;
		for (p++; n > 0; n--, p++)
			if ((*p & 0xc0) != 0x80)
				return 0;
	}
	return 1;
}

/* Refusals quote what was written cut between characters: the log that
 * holds them must stay valid UTF-8. */
static void
sft_quotes(void **ctx)
{
	static const char *const orders[] = {
		"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
		"play x\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
		"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
		"ally prefer \xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac"
		"\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac",
	};
	struct gb_err e = { 0 };
	void *g = sft_load(&e, NULL);

	(void)ctx;
	assert_non_null(g);
	for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i++) {
		struct order o = { orders[i], 1, 1 };
		struct verdict v;

		sensoufuda_game.validate(g, 0, &o, 1, &v);
		assert_false(v.accepted);
		if (!sft_utf8(v.reason))
			fail_msg("not UTF-8: %s", v.reason);
	}
	free(g);
}

/* Counts of one read in the singular: one card out of play. */
static void
sft_plurals(void **ctx)
{
	struct gb_err e = { 0 };
	void *g = sft_load(&e, "table: [ace, ", "table: [air-marshal, ace, "
	    "general, tank, land-3, land-4, admiral, battleship, ",
	    "out-of-play: [air-marshal, general, tank, land-3, land-4, "
	    "admiral, battleship, satellite]", "out-of-play: [satellite]",
	    NULL);
	struct sbuf v;

	(void)ctx;
	if (g == NULL)
		fail_msg("%d:%d: %s", e.line, e.col, e.msg);
	sbuf_init(&v);
	sensoufuda_game.view(g, &sft_pl, -1, &v);
	if (strstr(v.p, "Out of play: 1 card, face down.") == NULL)
		fail_msg("no singular tableau count in:\n%s", v.p);
	assert_null(strstr(v.p, " 1 cards"));
	sbuf_free(&v);
	free(g);
}

/* The words of text on one line, in a string to free. */
static char *
sft_flat(const char *text)
{
	char *flat = util_strdup(text);

	for (char *r = flat, *w = flat; ; r++) {
		if (*r == '\n')
			*r = ' ';
		if (*r == ' ' && w > flat && w[-1] == ' ')
			continue;
		if ((*w++ = *r) == '\0')
			break;
	}
	return flat;
}

/* The public view of a press on decided with no cards, or one card,
 * left (its words on one line), contains want; NULL: says nothing of
 * it. */
static void
sft_futile_view(const char *phase, const char *hands, const char *allies,
    const char *table, const char *want)
{
	struct gb_err e = { 0 };
	void *g = sft_load(&e, "phase: turn\nactive: axis\nvictor: none",
	    phase, "hands: {axis: [air-4], paladins: [air-3]}", hands,
	    "allies: {axis: [space-3], paladins: [space-4]}", allies,
	    "table: [ace, astronaut, ", table, "partisan, dynamite, "
	    "guerrilla-3, ", "dynamite, ", "tableaus: {axis: []",
	    "tableaus: {axis: [ace, air-3, partisan, guerrilla-3, astronaut, "
	    "space-3]", NULL);
	struct sbuf v;
	char *flat;

	if (g == NULL)
		fail_msg("%d:%d: %s", e.line, e.col, e.msg);
	sbuf_init(&v);
	sensoufuda_game.view(g, &sft_pl, -1, &v);
	flat = sft_flat(v.p);
	if (want != NULL && strstr(flat, want) == NULL)
		fail_msg("no '%s' in:\n%s", want, v.p);
	if (want == NULL && strstr(flat, "cannot succeed") != NULL)
		fail_msg("a press on said futile with cards left:\n%s", v.p);
	free(flat);
	sbuf_free(&v);
	free(g);
}

/* A press on that cannot succeed is said where it is decided (a fresh
 * reader was offered "x2 on success" with no cards left). */
static void
sft_futile(void **ctx)
{
	static const char victory[] = "phase: victory\nactive: none\n"
	    "victor: axis", answer[] = "phase: answer\nactive: none\n"
	    "victor: axis", none[] = "hands: {axis: [], paladins: []}",
	    noally[] = "allies: {axis: [], paladins: []}";

	(void)ctx;
	sft_futile_view(victory, none, noally, "table: [air-4, space-4, ",
	    "No cards are left to play: a press on cannot succeed, and a "
	    "counterattack makes the battle a stalemate at once, in which "
	    "nobody scores.");
	sft_futile_view(answer, none, noally, "table: [air-4, space-4, ",
	    "No cards are left to play");
	sft_futile_view(answer, "hands: {axis: [], paladins: [air-4]}",
	    "allies: {axis: [], paladins: [space-4]}", "table: [",
	    "alice has no cards left, so a press on cannot succeed: a "
	    "counterattack gives bob one more turn to turn the tables, and "
	    "then the battle is a stalemate, in which nobody scores.");
	sft_futile_view(victory, "hands: {axis: [air-4], paladins: []}",
	    "allies: {axis: [space-4], paladins: []}", "table: [", NULL);
}

/* At the victory decision (phase) of battle, alice (the Axis) victorious
 * with Three Awards (5 VP) and score VP before it: the public view and
 * the template's help hold view and help, or, NULL, say nothing of an
 * end. */
static void
sft_ending_view(const char *phase, const char *battle, const char *score,
    const char *view, const char *help)
{
	struct gb_err e = { 0 };
	void *g = sft_load(&e, "phase: turn\nactive: axis\nvictor: none",
	    phase, "battle: 1", battle, "score: {axis: 0", score,
	    "paladins: [air-3]}", "paladins: [land-3]}",
	    "allies: {axis: [space-3], paladins: [space-4]}",
	    "allies: {axis: [space-4], paladins: [satellite]}",
	    "table: [ace, astronaut, ", "table: [", "partisan, dynamite, "
	    "guerrilla-3, ", "dynamite, ", "land-3, land-4", "land-4",
	    "battleship, satellite]", "battleship]", "tableaus: {axis: []",
	    "tableaus: {axis: [ace, air-3, partisan, guerrilla-3, astronaut, "
	    "space-3]", NULL);
	struct sbuf v, h;
	char *fv, *fh;

	if (g == NULL)
		fail_msg("%d:%d: %s", e.line, e.col, e.msg);
	sbuf_init(&v);
	sbuf_init(&h);
	sensoufuda_game.view(g, &sft_pl, -1, &v);
	sensoufuda_game.help(g, strncmp(phase, "phase: victory", 14) == 0 ?
	    0 : 1, &h);
	fv = sft_flat(v.p);
	fh = sft_flat(h.p);
	if (view != NULL ? strstr(fv, view) == NULL :
	    strstr(fv, "ends the game") != NULL)
		fail_msg("view: not '%s' in:\n%s", view ? view : "", v.p);
	if (help != NULL ? strstr(fh, help) == NULL :
	    strstr(fh, "ends the game") != NULL)
		fail_msg("help: not '%s' in:\n%s", help ? help : "", h.p);
	free(fv);
	free(fh);
	sbuf_free(&v);
	sbuf_free(&h);
	free(g);
}

/* Where taking the victor's score ends the game, the report and the
 * template say so (a fresh reader declared victory unwarned). */
static void
sft_ending(void **ctx)
{
	static const char victory[] = "phase: victory\nactive: none\n"
	    "victor: axis", answer[] = "phase: answer\nactive: none\n"
	    "victor: axis";

	(void)ctx;
	sft_ending_view(victory, "battle: 3", "score: {axis: 17",
	    "Declaring victory ends the game: alice has 22 VP, and 20 VP "
	    "win the game.", "# Declaring victory ends the game: you have "
	    "22 VP, and 20 VP win the");
	sft_ending_view(answer, "battle: 3", "score: {axis: 17",
	    "A retreat ends the game: alice has 22 VP, and 20 VP win the "
	    "game.", "# A retreat ends the game: the victor has 22 VP, and "
	    "20 VP win");
	sft_ending_view(victory, "battle: 10", "score: {axis: 3",
	    "Declaring victory ends the game: battle 10 is the last, and "
	    "the player with more VP wins (alice has 8 VP then).",
	    "# Declaring victory ends the game: battle 10 is the last");
	sft_ending_view(victory, "battle: 3", "score: {axis: 14", NULL, NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sft_cards),
		cmocka_unit_test(sft_man_cards),
		cmocka_unit_test(sft_combos),
		cmocka_unit_test(sft_man_examples),
		cmocka_unit_test(sft_man_rulings),
		cmocka_unit_test(sft_load_refusals),
		cmocka_unit_test(sft_options),
		cmocka_unit_test(sft_legal),
		cmocka_unit_test(sft_legal_pick),
		cmocka_unit_test(sft_put),
		cmocka_unit_test(sft_quotes),
		cmocka_unit_test(sft_plurals),
		cmocka_unit_test(sft_futile),
		cmocka_unit_test(sft_ending),
		cmocka_unit_test(sft_random_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
