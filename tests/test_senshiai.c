/* test_senshiai.c - the leaf files of the Senshiai module (not yet
 * registered, issue 15): the Basic Collection table, deck lists, power
 * modifiers with the Rule of Singularity on the rule text's own examples,
 * battle arithmetic and the board geometry.  The rulings tested are in
 * games/senshiai/RULINGS. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/senshiai/senshiai.h"
#include "base/yaml.h"

/* The modifier a card gives, as its table row says. */
static struct ss_mod
test_ss_card_mod(int card)
{
	struct ss_mod m;

	assert_int_equal(ss_power_mod_parse(ss_cards[card].mod,
	    ss_cards[card].type, &m), 0);
	return m;
}

/* A modifier written out, from a card of type ty. */
static struct ss_mod
test_ss_mod(const char *s, int ty)
{
	struct ss_mod m;

	assert_int_equal(ss_power_mod_parse(s, ty, &m), 0);
	return m;
}

/* The power of card under mods, as printed. */
static void
test_ss_power(int card, const struct ss_mod *mods, size_t n, char *buf,
    size_t size)
{
	int base[SS_TRAITS], out[SS_TRAITS];

	for (int t = 0; t < 3; t++)
		base[t] = ss_cards[card].power[t];
	base[SS_SPEED] = ss_cards[card].speed;
	ss_power_apply(base, mods, n, ss_cards[card].type == SS_CAPITAL, out);
	ss_power_format(out, 0, buf, size);
}

/* The net bonus and penalty of mods, as "+a/b/c -d/e/f". */
static void
test_ss_net(const struct ss_mod *mods, size_t n, char *buf, size_t size)
{
	int b[SS_TRAITS], p[SS_TRAITS];

	ss_power_net(mods, n, b, p);
	snprintf(buf, size, "+%d/%d/%d -%d/%d/%d", b[0], b[1], b[2], p[0],
	    p[1], p[2]);
}

/* The text: Warriors 3/0/6 with +1/1/1 from War Veterans and -0/0/2
 * from Rotten Provisions is 4/1/5; Militiamen 1/n/4 becomes 2/n/3. */
static void
test_ss_power_modifiers_example(void **state)
{
	struct ss_mod mods[2];
	char buf[32];

	(void)state;
	mods[0] = test_ss_card_mod(SS_CARD_WAR_VETERANS);
	mods[1] = test_ss_card_mod(SS_CARD_ROTTEN_PROVISIONS);
	test_ss_power(SS_CARD_WARRIORS, mods, 2, buf, sizeof buf);
	assert_string_equal(buf, "4/1/5");
	test_ss_power(SS_CARD_MILITIAMEN, mods, 2, buf, sizeof buf);
	assert_string_equal(buf, "2/n/3");
}

/* The text: +1/0/1 and +1/2/0 (both Events) stack up to +1/2/1, each
 * trait treated separately. */
static void
test_ss_singularity_per_trait(void **state)
{
	struct ss_mod mods[2];
	char buf[32];

	(void)state;
	mods[0] = test_ss_mod("+1/0/1", SS_EVENT);
	mods[1] = test_ss_mod("+1/2/0", SS_EVENT);
	test_ss_net(mods, 2, buf, sizeof buf);
	assert_string_equal(buf, "+1/2/1 -0/0/0");
}

/* The text's first penalty example: +2/1/1 with -1/1/2 leaves a
 * +1/0/0 bonus and a -0/0/1 penalty. */
static void
test_ss_singularity_penalty_first(void **state)
{
	struct ss_mod mods[2];
	char buf[32];

	(void)state;
	mods[0] = test_ss_mod("+2/1/1", SS_EVENT);
	mods[1] = test_ss_mod("-1/1/2", SS_EVENT);
	test_ss_net(mods, 2, buf, sizeof buf);
	assert_string_equal(buf, "+1/0/0 -0/0/1");
}

/* The text's second penalty example: +1/0/1, +1/2/0, -1/1/1, -2/0/0
 * give bonuses +1/2/1 and penalties -2/1/1, netting to +0/1/0 and
 * -1/0/0.  The ruling (greatest per trait, not per card) makes both
 * examples hold; reading "the greater penalty" per card would pick
 * -1/1/1 (the larger card) and give +0/1/0 with no penalty at all. */
static void
test_ss_singularity_penalty_second(void **state)
{
	struct ss_mod mods[4];
	char buf[32];

	(void)state;
	mods[0] = test_ss_mod("+1/0/1", SS_EVENT);
	mods[1] = test_ss_mod("+1/2/0", SS_EVENT);
	mods[2] = test_ss_mod("-1/1/1", SS_EVENT);
	mods[3] = test_ss_mod("-2/0/0", SS_EVENT);
	test_ss_net(mods, 4, buf, sizeof buf);
	assert_string_equal(buf, "+0/1/0 -1/0/0");
}

/* The text: Resistance 3 on a Terrain giving +1, with an Event giving
 * +2, is 6; another Event +1 leaves 6; another +3 makes 7. */
static void
test_ss_singularity_resistance_story(void **state)
{
	int base[SS_TRAITS] = { 1, 1, 3, 1 }, out[SS_TRAITS];
	struct ss_mod mods[4];

	(void)state;
	mods[0] = test_ss_mod("+0/0/1", SS_TERRAIN);
	mods[1] = test_ss_mod("+0/0/2", SS_EVENT);
	ss_power_apply(base, mods, 2, 0, out);
	assert_int_equal(out[SS_RESIST], 6);
	mods[2] = test_ss_mod("+0/0/1", SS_EVENT);
	ss_power_apply(base, mods, 3, 0, out);
	assert_int_equal(out[SS_RESIST], 6);
	mods[3] = test_ss_mod("+0/0/3", SS_EVENT);
	ss_power_apply(base, mods, 4, 0, out);
	assert_int_equal(out[SS_RESIST], 7);
}

/* Penalties of different types add, like bonuses; a Capital's bonuses
 * count as a Terrain's; resistance may fall to 0, attacks stop at 0;
 * a Capital's speed stays 0. */
static void
test_ss_singularity_types(void **state)
{
	int base[SS_TRAITS] = { 1, 0, 3, 1 }, out[SS_TRAITS];
	struct ss_mod mods[4];

	(void)state;
	mods[0] = test_ss_mod("-2/0/2", SS_EVENT);
	mods[1] = test_ss_mod("-1/0/1", SS_TROOP);
	ss_power_apply(base, mods, 2, 0, out);
	assert_int_equal(out[SS_MELEE], 0);
	assert_int_equal(out[SS_RESIST], 0);
	mods[0] = test_ss_mod("+0/0/2", SS_CAPITAL);
	mods[1] = test_ss_mod("+0/0/1", SS_TERRAIN);
	ss_power_apply(base, mods, 2, 0, out);
	assert_int_equal(out[SS_RESIST], 5);
	mods[2] = test_ss_mod("+speed 1", SS_EVENT);
	ss_power_apply(base, mods, 3, 0, out);
	assert_int_equal(out[SS_SPEED], 2);
	ss_power_apply(base, mods, 3, 1, out);
	assert_int_equal(out[SS_SPEED], 0);
}

static void
test_ss_mod_parse_refuses(void **state)
{
	struct ss_mod m;

	(void)state;
	assert_int_equal(ss_power_mod_parse("1/1/1", SS_EVENT, &m), -1);
	assert_int_equal(ss_power_mod_parse("+1/1", SS_EVENT, &m), -1);
	assert_int_equal(ss_power_mod_parse("+1/1/1/", SS_EVENT, &m), -1);
	assert_int_equal(ss_power_mod_parse("+speed", SS_EVENT, &m), -1);
	assert_int_equal(ss_power_mod_parse("", SS_EVENT, &m), -1);
}

/* Every ability of the text's list is on at least one card; every card
 * is consistent with its type. */
static void
test_ss_collection(void **state)
{
	unsigned used = 0;
	struct ss_mod m;

	(void)state;
	for (int c = 0; c < SS_NCARDS; c++) {
		const struct ss_card *k = &ss_cards[c];

		used |= k->abilities;
		assert_true(k->cost >= 0 && k->cost <= 5);
		assert_int_equal(ss_cards_find(k->word, NULL, 0), c);
		if (k->mod[0] != '\0')
			assert_int_equal(ss_power_mod_parse(k->mod, k->type,
			    &m), 0);
		assert_int_equal(k->mod[0] != '\0',
		    (k->abilities & SS_AB(POWER_MOD)) != 0);
		if (k->type == SS_CAPITAL) {
			assert_int_equal(k->cost, 0);
			assert_int_equal(k->speed, 0);
			assert_true(k->abilities & SS_AB(RECRUIT));
			assert_true(k->abilities & SS_AB(MAINTENANCE));
			assert_true(k->abilities & SS_AB(ACTS_AS_UNIT));
		}
		if (k->type == SS_TERRAIN || k->type == SS_CAPITAL)
			assert_true(k->limit >= 1 && k->paths != 0);
		if (k->type == SS_TROOP)
			assert_true(k->speed >= 1 && k->paths != 0 &&
			    k->power[SS_RESIST] >= 1);
		if (k->type == SS_EVENT)
			assert_true(k->target != SS_TG_NONE &&
			    k->duration != SS_DUR_NONE);
	}
	for (int a = 0; a < SS_ABILITIES; a++)
		if ((used & (1u << a)) == 0)
			fail_msg("no card has %s", ss_cards_ability_names[a]);
}

/* The cards the text names keep its numbers. */
static void
test_ss_named_cards(void **state)
{
	char buf[32];

	(void)state;
	test_ss_power(SS_CARD_WARRIORS, NULL, 0, buf, sizeof buf);
	assert_string_equal(buf, "3/0/6");
	test_ss_power(SS_CARD_MILITIAMEN, NULL, 0, buf, sizeof buf);
	assert_string_equal(buf, "1/n/4");
	assert_string_equal(ss_cards[SS_CARD_WAR_VETERANS].mod, "+1/1/1");
	assert_string_equal(ss_cards[SS_CARD_ROTTEN_PROVISIONS].mod,
	    "-0/0/2");
	assert_string_equal(ss_cards[SS_CARD_OPEN_THE_VAULTS].text,
	    "The target draws 2 cards.");
	assert_int_equal(ss_cards[SS_CARD_NATIVE_BARBARIAN].type, SS_EVENT);
	assert_true(ss_cards_is_unit(SS_CARD_NATIVE_BARBARIAN));
	assert_false(ss_cards_is_unit(SS_CARD_DISPEL));
}

static void
test_ss_find(void **state)
{
	char why[GAME_REASON_MAX];

	(void)state;
	assert_int_equal(ss_cards_find("war-v", why, sizeof why),
	    SS_CARD_WAR_VETERANS);
	assert_int_equal(ss_cards_find("war", why, sizeof why), -1);
	/* An ambiguous word names the cards it may mean (issue 30, second
	 * reading): by their beginning, or else by a part. */
	assert_string_equal(why, "ambiguous card 'war': one of warriors, "
	    "war-veterans, war-elephants");
	assert_int_equal(ss_cards_find("wars", why, sizeof why), -1);
	assert_string_equal(why, "ambiguous card 'wars': one of war-veterans, "
	    "war-elephants, drums-of-war");
	assert_int_equal(ss_cards_find("dragon", why, sizeof why), -1);
	assert_string_equal(why, "unknown card 'dragon' (names of more than "
	    "one word are written with hyphens, or as printed)");
	/* Plurals, singulars and a part of one name only (names.h). */
	assert_int_equal(ss_cards_find("catapults", why, sizeof why),
	    SS_CARD_CATAPULT);
	assert_int_equal(ss_cards_find("war-elephant", why, sizeof why),
	    SS_CARD_WAR_ELEPHANTS);
	assert_int_equal(ss_cards_find("militiaman", why, sizeof why),
	    SS_CARD_MILITIAMEN);
	assert_int_equal(ss_cards_find("riders", why, sizeof why),
	    SS_CARD_GRIFFIN_RIDERS);
	assert_int_equal(ss_cards_find("forts", why, sizeof why),
	    SS_CARD_FORT);
	assert_int_equal(ss_cards_find("catapulte", why, sizeof why), -1);
	assert_string_equal(why, "unknown card 'catapulte'; did you mean "
	    "catapult?");
}

/* A deck list's error, formatted. */
static const char *
test_ss_deck_err(const char *text)
{
	static char buf[600];
	struct ss_deck d;
	struct gb_err e;

	memset(&e, 0, sizeof e);
	if (ss_deck_parse(text, &d, &e) == 0)
		return "ok";
	err_format(&e, buf, sizeof buf);
	return buf;
}

static void
test_ss_deck_lists(void **state)
{
	struct ss_deck d;
	struct gb_err e;
	char why[GAME_REASON_MAX];

	(void)state;
	memset(&e, 0, sizeof e);
	assert_int_equal(ss_deck_parse("# mine\ncastle-town\n3 warriors\n\n"
	    "2 WARRIORS\n1 open-the\n", &d, &e), 0);
	assert_int_equal(d.count[SS_CARD_WARRIORS], 5);
	assert_int_equal(ss_deck_total(&d), 7);
	assert_string_equal(test_ss_deck_err("3 warriors\n"),
	    "a deck must hold exactly one Capital, this one holds 0");
	assert_string_equal(test_ss_deck_err("port-city\ncastle-town\n"
	    "warriors\n"),
	    "a deck must hold exactly one Capital, this one holds 2");
	assert_string_equal(test_ss_deck_err("castle-town\n200 plains\n"),
	    "2:5: a deck holds at most 200 cards");
	assert_string_equal(test_ss_deck_err("castle-town\n"),
	    "a deck needs cards besides its Capital");
	assert_string_equal(test_ss_deck_err("castle-town\n  2 dragons\n"),
	    "2:5: unknown card 'dragons' (names of more than one word are "
	    "written with hyphens, or as printed)");
	/* Names as printed, and plurals (issue 30). */
	assert_string_equal(test_ss_deck_err("Castle Town\n2 Griffin Riders"
	    "\n3 catapults\nGold Mine\n"), "ok");
	assert_string_equal(test_ss_deck_err("castle-town\nx warriors\n"),
	    "2:1: expected a count from 0 to 200 before the card");
	assert_string_equal(test_ss_deck_err("castle-town\n2 war vets\n"),
	    "2:7: expected 'N card' or 'card', found more words");
	assert_string_equal(test_ss_deck_err("castle-town\n150 plains\n"
	    "100 plains\n"), "3:5: more than 200 copies of Plains");
	ss_deck_standard(&d);
	assert_int_equal(ss_deck_total(&d), 50);
	assert_int_equal(ss_deck_check(&d, why, sizeof why), 0);
}

/* A fighter of card as printed, with damage taken. */
static struct ss_fighter
test_ss_fighter(int card, int damage)
{
	struct ss_fighter f;

	memset(&f, 0, sizeof f);
	f.card = card;
	for (int t = 0; t < 3; t++)
		f.power[t] = ss_cards[card].power[t];
	f.power[SS_SPEED] = ss_cards[card].speed;
	f.paths = ss_cards[card].paths;
	f.damage = damage;
	return f;
}

/* Pooling: melee or ranged, nulla as 0; Artillery against a
 * Construction. */
static void
test_ss_battle_pool(void **state)
{
	struct ss_fighter f[3];

	(void)state;
	f[0] = test_ss_fighter(SS_CARD_WARRIORS, 0);
	f[1] = test_ss_fighter(SS_CARD_MILITIAMEN, 0);
	f[2] = test_ss_fighter(SS_CARD_CATAPULT, 0);
	assert_int_equal(ss_battle_pool(f, 3, 0), 4);
	assert_int_equal(ss_battle_pool(f, 3, 1), 2);
	assert_int_equal(ss_battle_attack(&f[2], 1, 1), 5);
	assert_int_equal(ss_battle_attack(&f[2], 0, 1), 0);
	assert_int_equal(ss_battle_attack(&f[0], 1, 1), 0);
}

/* Paths in close combat: Earth cannot reach Air, Dive Attack reaches
 * anything, Boarding reaches Earth from Water; ranged reaches all. */
static void
test_ss_battle_paths(void **state)
{
	struct ss_fighter w = test_ss_fighter(SS_CARD_WARRIORS, 0);
	struct ss_fighter g = test_ss_fighter(SS_CARD_GRIFFIN_RIDERS, 0);
	struct ss_fighter p = test_ss_fighter(SS_CARD_PIRATES, 0);
	struct ss_fighter both[2];

	(void)state;
	assert_false(ss_battle_can_hit(&w, 1, &g, 0));
	assert_true(ss_battle_can_hit(&w, 1, &g, 1));
	assert_true(ss_battle_can_hit(&g, 1, &w, 0));
	assert_true(ss_battle_can_hit(&g, 1, &p, 0));
	assert_true(ss_battle_can_hit(&p, 1, &w, 0));
	assert_false(ss_battle_can_hit(&w, 1, &p, 0));
	assert_false(ss_battle_can_hit(&p, 1, &g, 0));
	both[0] = w;
	both[1] = p;
	assert_true(ss_battle_can_hit(both, 2, &p, 0));
}

/* Distributions: all damage, hittable targets only, Take Away first;
 * the default kills the most, Take Away first. */
static void
test_ss_battle_distribution(void **state)
{
	struct ss_fighter t[3];
	int hit[3] = { 1, 1, 1 }, a[3];
	char why[GAME_REASON_MAX];

	(void)state;
	t[0] = test_ss_fighter(SS_CARD_WARRIORS, 0);
	t[1] = test_ss_fighter(SS_CARD_SHIELD_BEARERS, 0);
	t[2] = test_ss_fighter(SS_CARD_ARCHERS, 0);
	a[0] = 3; a[1] = 0; a[2] = 3;
	assert_int_equal(ss_battle_check(t, hit, 3, a, 6, why, sizeof why),
	    -1);
	assert_string_equal(why, "Shield Bearers takes away attacks: it "
	    "must be destroyed before Warriors takes damage");
	a[0] = 0; a[1] = 5; a[2] = 1;
	assert_int_equal(ss_battle_check(t, hit, 3, a, 6, why, sizeof why),
	    0);
	a[2] = 0;
	assert_int_equal(ss_battle_check(t, hit, 3, a, 6, why, sizeof why),
	    -1);
	assert_string_equal(why, "5 damage assigned, 6 to assign");
	hit[1] = 0;
	a[0] = 3; a[1] = 0; a[2] = 3;
	assert_int_equal(ss_battle_check(t, hit, 3, a, 6, why, sizeof why),
	    0);
	a[0] = 0; a[1] = 3;
	assert_int_equal(ss_battle_check(t, hit, 3, a, 6, why, sizeof why),
	    -1);
	assert_string_equal(why, "Shield Bearers cannot be hit: no "
	    "attacker shares a path with it");
	hit[0] = hit[1] = hit[2] = 0;
	a[0] = a[1] = a[2] = 0;
	assert_int_equal(ss_battle_check(t, hit, 3, a, 6, why, sizeof why),
	    0);

	hit[0] = hit[1] = hit[2] = 1;
	ss_battle_default(t, hit, 3, 9, a);
	assert_int_equal(a[0], 1);
	assert_int_equal(a[1], 5);
	assert_int_equal(a[2], 3);
	assert_int_equal(ss_battle_check(t, hit, 3, a, 9, why, sizeof why),
	    0);
	ss_battle_default(t, hit, 3, 4, a);
	assert_int_equal(a[1], 4);
	ss_battle_default(t, hit, 3, 20, a);
	assert_int_equal(a[0], 6 + 6);
	assert_int_equal(a[1], 5);
	assert_int_equal(a[2], 3);
	t[2].damage = 1;
	ss_battle_default(t, hit, 3, 7, a);
	assert_int_equal(a[2], 2);
}

/* A distribution instruction ("target warriors"): Take Away still
 * first, then the named cards in order, the rest as by default; damage
 * past them all to the first named; a legal distribution in each case. */
static void
test_ss_battle_ordered(void **state)
{
	struct ss_fighter t[3];
	int hit[3] = { 1, 1, 1 }, a[3], prio[2] = { SS_CARD_WARRIORS,
	    SS_CARD_ARCHERS };
	char why[GAME_REASON_MAX];

	(void)state;
	t[0] = test_ss_fighter(SS_CARD_ARCHERS, 0);
	t[1] = test_ss_fighter(SS_CARD_WARRIORS, 0);
	t[2] = test_ss_fighter(SS_CARD_SHIELD_BEARERS, 0);
	ss_battle_ordered(t, hit, 3, 12, prio, 1, a);
	assert_int_equal(a[2], 5);
	assert_int_equal(a[1], 6);
	assert_int_equal(a[0], 1);
	assert_int_equal(ss_battle_check(t, hit, 3, a, 12, why, sizeof why),
	    0);
	ss_battle_default(t, hit, 3, 12, a);
	assert_int_equal(a[0], 3);
	assert_int_equal(a[1], 4);
	hit[2] = 0;
	ss_battle_ordered(t, hit, 2, 7, prio, 1, a);
	assert_int_equal(a[1], 6);
	assert_int_equal(a[0], 1);
	ss_battle_ordered(t, hit, 2, 20, prio, 2, a);
	assert_int_equal(a[1], 6 + 11);
	assert_int_equal(a[0], 3);
	assert_int_equal(ss_battle_check(t, hit, 2, a, 20, why, sizeof why),
	    0);
}

/* Maintenance, the aftermath of close combat, Bushido. */
static void
test_ss_battle_aftermath(void **state)
{
	struct ss_fighter c = test_ss_fighter(SS_CARD_CASTLE_TOWN, 8);
	int cost[2] = { 1, 2 }, alive[2] = { 0, 1 };

	(void)state;
	assert_int_equal(ss_battle_maintenance(&c), 0);
	c.damage = 11;
	assert_int_equal(ss_battle_maintenance(&c), 3);
	assert_int_equal(ss_battle_claim(0, 0), SS_CLAIM_NONE);
	assert_int_equal(ss_battle_claim(0, 2), SS_CLAIM_NONE);
	assert_int_equal(ss_battle_claim(1, 0), SS_CLAIM_TAKE);
	assert_int_equal(ss_battle_claim(1, 1), SS_CLAIM_FLEE);
	assert_false(ss_battle_bushido(1, cost, alive, 2));
	assert_true(ss_battle_bushido(2, cost, alive, 2));
}

/* A 3-player state in the middle of a game. */
static const char test_ss_state_text[] =
    "turn: 4\n"
    "turn-limit: 0\n"
    "active: 1\n"
    "stage: main\n"
    "players:\n"
    "  - {out: 0, forced-by: none, reserve: [plains, warriors], "
    "hand: [archers], discard: [], standing: []}\n"
    "  - {out: 0, forced-by: 2, reserve: [forest], hand: [blessing, "
    "dispel], discard: [militiamen], standing: [\"on roll cast "
    "divine-wind\"]}\n"
    "  - {out: 0, forced-by: none, reserve: [lake], hand: [], "
    "discard: [ambush], standing: []}\n"
    "board:\n"
    "  - at: b2\n"
    "    terrain: castle-town\n"
    "    master: 0\n"
    "    activated: 0\n"
    "    units: [{card: warriors, owner: 0, moves: 1, flees: 0, acted: 0}, "
    "{card: archers, owner: 0, moves: 0, flees: 1, acted: 1}]\n"
    "  - {at: h8, terrain: port-city, master: 1, activated: 0, units: []}\n"
    "  - {at: h2, terrain: castle-town, master: 2, activated: 0, units: "
    "[{card: native-barbarian, owner: 2, moves: 0, flees: 0, acted: 0}]}\n"
    "effects:\n"
    "  - {card: blessing, caster: 1, at: b2, unit: 1, duration: round}\n"
    "  - {card: rotten-provisions, caster: 1, at: b2, unit: none, "
    "duration: round}\n";

/* Load text as a state of n players: NULL and the error in err. */
static struct ss_game *
test_ss_load(const char *text, int n, char *err, size_t size)
{
	struct node *root = NULL;
	struct ss_game *g = NULL;
	struct gb_err e;

	memset(&e, 0, sizeof e);
	err[0] = '\0';
	if (yaml_read(text, strlen(text), &root, &e) == 0)
		g = ss_state_load(root, n, &e);
	if (g == NULL)
		err_format(&e, err, size);
	node_free(root);
	return g;
}

/* save(load(x)) is canonical, and load(save(g)) gives g back. */
static void
test_ss_state_round_trip(void **state)
{
	struct ss_game *g, *h;
	struct node *a, *b;
	struct sbuf x, y;
	char err[600];

	(void)state;
	g = test_ss_load(test_ss_state_text, 3, err, sizeof err);
	assert_non_null(g);
	assert_int_equal(g->sq[ss_board_parse("b2")].nunits, 2);
	assert_int_equal(g->effect[0].unit, 1);
	assert_int_equal(g->p[1].forced_by, 2);
	a = ss_state_save(g);
	sbuf_init(&x);
	yaml_write(a, &x);
	h = test_ss_load(x.p, 3, err, sizeof err);
	assert_non_null(h);
	assert_memory_equal(g, h, sizeof *g);
	b = ss_state_save(h);
	sbuf_init(&y);
	yaml_write(b, &y);
	assert_string_equal(x.p, y.p);
	node_free(a);
	node_free(b);
	sbuf_free(&x);
	sbuf_free(&y);
	free(g);
	free(h);
}

/* What no game reaches is refused, with its position. */
static void
test_ss_state_refused(void **state)
{
	static const struct {
		const char *from, *to, *err;
	} bad[] = {
		{ "reserve: [plains", "reserve: [dragon",
		    "6:41: reserve: unknown card" },
		{ "{card: archers, owner: 0", "{card: archers, owner: 1",
		    "14:71: units: two players' Units on one square" },
		{ "{card: native-barbarian", "{card: plains",
		    "16:69: units: Plains is not a Unit" },
		{ "at: b2, unit: 1", "at: b2, unit: 2",
		    "18:47: \"unit\" must be an integer from 0 to 1" },
		{ "at: h8", "at: b2", "15:5: board: square given twice" },
		{ "stage: main", "stage: lunch", "4:8: \"stage\" must be" },
		{ "duration: round}\n  - {card: rot",
		    "duration: instant}\n  - {card: rot",
		    "18:5: effects: an Effect in play lasts longer" },
	};
	char text[sizeof test_ss_state_text + 16], err[600];

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *at = strstr(test_ss_state_text, bad[i].from);
		size_t pre;

		assert_non_null(at);
		pre = (size_t)(at - test_ss_state_text);
		memcpy(text, test_ss_state_text, pre);
		snprintf(text + pre, sizeof text - pre, "%s%s", bad[i].to,
		    at + strlen(bad[i].from));
		assert_null(test_ss_load(text, 3, err, sizeof err));
		if (strncmp(err, bad[i].err, strlen(bad[i].err)) != 0)
			fail_msg("case %zu: got \"%s\"", i, err);
	}
	assert_null(test_ss_load(test_ss_state_text, 2, err, sizeof err));
}

/* The text's Power Modifiers example played on the board: Warriors and
 * Militiamen in a company with War Veterans under Rotten Provisions. */
static void
test_ss_mods_in_play(void **state)
{
	static const char text[] =
	    "turn: 1\nturn-limit: 0\nactive: 0\nstage: main\nplayers:\n"
	    "  - {out: 0, forced-by: none, reserve: [], hand: [], "
	    "discard: [], standing: []}\n"
	    "  - {out: 0, forced-by: none, reserve: [], hand: [], "
	    "discard: [], standing: []}\n"
	    "board:\n"
	    "  - {at: c3, terrain: plains, master: 0, activated: 0, units: ["
	    "{card: warriors, owner: 0, moves: 0, flees: 0, acted: 0}, "
	    "{card: militiamen, owner: 0, moves: 0, flees: 0, acted: 0}, "
	    "{card: war-veterans, owner: 0, moves: 0, flees: 0, acted: 0}]}\n"
	    "  - {at: d4, terrain: forest, master: 0, activated: 0, units: ["
	    "{card: archers, owner: 0, moves: 0, flees: 0, acted: 0}]}\n"
	    "effects:\n"
	    "  - {card: rotten-provisions, caster: 1, at: c3, unit: none, "
	    "duration: round}\n"
	    "  - {card: blessing, caster: 0, at: d4, unit: 0, "
	    "duration: round}\n"
	    "  - {card: forced-march, caster: 0, at: d4, unit: none, "
	    "duration: turn}\n";
	struct ss_game *g;
	int v[SS_TRAITS];
	char err[600], buf[40];

	(void)state;
	g = test_ss_load(text, 2, err, sizeof err);
	if (g == NULL)
		fail_msg("%s", err);
	ss_mods_traits(g, ss_board_parse("c3"), 0, v);
	ss_power_format(v, 0, buf, sizeof buf);
	assert_string_equal(buf, "4/1/5");
	ss_mods_traits(g, ss_board_parse("c3"), 1, v);
	ss_power_format(v, 0, buf, sizeof buf);
	assert_string_equal(buf, "2/n/3");
	/* War Veterans does not lift itself: 2/1/4 less 2 resistance. */
	ss_mods_traits(g, ss_board_parse("c3"), 2, v);
	ss_power_format(v, 0, buf, sizeof buf);
	assert_string_equal(buf, "2/1/2");
	/* A Terrain's +0/0/1 and an Event's +0/0/2 are of two Types: both
	 * count; Forced March adds a point of Speed. */
	ss_mods_traits(g, ss_board_parse("d4"), 0, v);
	ss_power_format(v, 1, buf, sizeof buf);
	assert_string_equal(buf, "0/2/6 speed 2");
	free(g);
}

/* The canonical text of any standing order fits a player's standing
 * slot (SS_STANDING_CHARS): every trigger, with the longest card word
 * everywhere a card is named and the longest square or player. */
static void
test_ss_standing_fits(void **state)
{
	char buf[4 * UTIL_WORDS_CHARS];
	size_t most = 0;
	int longest = 0;

	(void)state;
	for (int c = 0; c < SS_NCARDS; c++)
		if (strlen(ss_cards[c].word) > strlen(ss_cards[longest].word))
			longest = c;
	for (int t = 0; t < SS_ON_TRIGGERS; t++)
		for (int at = SS_NONE; at < SS_SQUARES; at++) {
			struct ss_standing s = { .trigger = t, .at = at,
			    .card = longest, .nprio = SS_PRIO_MAX };

			if (t == SS_ON_CAST)
				s.at = longest;
			for (int i = 0; i < SS_PRIO_MAX; i++)
				s.prio[i] = longest;
			/* "pay": as many cards as the costliest Event, the
			 * only cards a standing order casts. */
			if (t != SS_ON_STRIKE)
				for (int c = 0; c < SS_NCARDS; c++)
					if (ss_cards[c].type == SS_EVENT &&
					    ss_cards[c].cost > s.npay)
						s.npay = ss_cards[c].cost;
			for (int i = 0; i < s.npay; i++)
				s.pay[i] = longest;
			ss_react_format(&s, buf, sizeof buf);
			if (strlen(buf) > most)
				most = strlen(buf);
		}
	assert_true(most >= strlen("on strike target") + SS_PRIO_MAX *
	    (1 + strlen(ss_cards[longest].word)));
	assert_true(most <= SS_STANDING_CHARS);
}

/* Standing orders: parsed to their canonical text (full card words),
 * refused when the card does not answer the trigger, "on strike"
 * replaced rather than added, at most SS_STANDING kept. */
static void
test_ss_react_orders(void **state)
{
	struct ss_game *g = util_calloc(1, sizeof *g);
	struct ss_standing st;
	char why[GAME_REASON_MAX];

	(void)state;
	g->n = 2;
	assert_int_equal(ss_react_order(g, 0, "on ATTACKED e5 cast amb", why,
	    sizeof why), 0);
	assert_string_equal(g->p[0].standing[0], "on attacked e5 cast ambush");
	assert_int_equal(ss_react_order(g, 0, "on strike target war-v", why,
	    sizeof why), 0);
	assert_int_equal(ss_react_order(g, 0, "on strike target warriors "
	    "capital", why, sizeof why), -1);
	assert_string_equal(why, "unknown card 'capital' (names of more than "
	    "one word are written with hyphens, or as printed)");
	assert_int_equal(ss_react_order(g, 0, "on strike target warriors "
	    "castle-town", why, sizeof why), 0);
	assert_int_equal(g->p[0].nstanding, 2);
	assert_string_equal(g->p[0].standing[1], "on strike target warriors "
	    "castle-town");
	assert_int_equal(ss_react_order(g, 0, "on roll cast dispel", why,
	    sizeof why), -1);
	assert_string_equal(why, "Dispel does not answer 'on roll' (see the "
	    "man page)");
	assert_int_equal(ss_react_order(g, 0, "on cast plains cast dispel",
	    why, sizeof why), -1);
	assert_string_equal(why, "Plains is not an Event");
	assert_int_equal(ss_react_order(g, 0, "on strike target lake", why,
	    sizeof why), -1);
	assert_string_equal(why, "Lake is no Unit");
	assert_int_equal(ss_react_parse("on attacked any cast rotten", &st,
	    why, sizeof why), 0);
	assert_int_equal(st.at, SS_NONE);
	assert_int_equal(st.card, SS_CARD_ROTTEN_PROVISIONS);
	/* Open the Vaults answers "on draw" (a player's number, shown
	 * 1-based, or any), Earthquake "on move", Native Barbarian "on
	 * attacked" only. */
	assert_int_equal(ss_react_parse("on draw 2 cast open", &st, why,
	    sizeof why), 0);
	assert_int_equal(st.trigger, SS_ON_DRAW);
	assert_int_equal(st.at, 1);
	ss_react_format(&st, why, sizeof why);
	assert_string_equal(why, "on draw 2 cast open-the-vaults");
	assert_int_equal(ss_react_parse("on draw 5 cast open-the-vaults", &st,
	    why, sizeof why), -1);
	assert_string_equal(why, "'5' is neither a player's number nor "
	    "'any'");
	assert_int_equal(ss_react_order(g, 0, "on draw 1 cast open", why,
	    sizeof why), -1);
	assert_string_equal(why, "'on draw' waits for an opponent's number "
	    "(1 to 2, not yours, 1) or 'any'");
	assert_int_equal(ss_react_order(g, 0, "on draw 3 cast open", why,
	    sizeof why), -1);
	assert_int_equal(ss_react_parse("on draw any cast earthquake", &st,
	    why, sizeof why), -1);
	assert_int_equal(ss_react_parse("on move e5 cast earth", &st, why,
	    sizeof why), 0);
	ss_react_format(&st, why, sizeof why);
	assert_string_equal(why, "on move e5 cast earthquake");
	assert_int_equal(ss_react_parse("on move any cast dispel", &st, why,
	    sizeof why), -1);
	assert_int_equal(ss_react_parse("on attacked any cast native", &st,
	    why, sizeof why), 0);
	assert_int_equal(ss_react_parse("on attack any cast native-barbarian",
	    &st, why, sizeof why), -1);
	assert_string_equal(why, "Native Barbarian does not answer 'on "
	    "attack' (see the man page)");
	while (g->p[0].nstanding < SS_STANDING)
		assert_int_equal(ss_react_order(g, 0, "on roll cast "
		    "divine-wind", why, sizeof why), 0);
	assert_int_equal(ss_react_order(g, 0, "on roll cast divine-wind", why,
	    sizeof why), -1);
	/* Nothing in the hand: nothing fires, the orders wait. */
	assert_int_equal(ss_react_fire(g, 0, SS_ON_ROLL, SS_NONE,
	    SS_AB(INTERRUPTS_ROLL), NULL, NULL), -1);
	assert_int_equal(g->p[0].nstanding, SS_STANDING);
	/* Divine Wind in hand, but its cost (2) not payable: it waits. */
	ss_pile_push(&g->p[0].hand, SS_CARD_DIVINE_WIND);
	ss_pile_push(&g->p[0].hand, SS_CARD_LAKE);
	assert_int_equal(ss_react_fire(g, 0, SS_ON_ROLL, SS_NONE,
	    SS_AB(INTERRUPTS_ROLL), NULL, NULL), -1);
	ss_pile_append(&g->p[0].hand, SS_CARD_LAKE);
	assert_int_equal(ss_react_fire(g, 0, SS_ON_ROLL, SS_NONE,
	    SS_AB(INTERRUPTS_ROLL), NULL, NULL), SS_CARD_DIVINE_WIND);
	assert_int_equal(g->p[0].hand.n, 0);
	assert_int_equal(g->p[0].discard.n, 2);
	assert_int_equal(g->p[0].nstanding, SS_STANDING - 1);
	free(g);
}

/* The view says who holds a Terrain another player played (the text's
 * master of a Terrain is the one controlling the company over it), and
 * what holds a Unit this turn: Move Restriction, a failed Tardy roll
 * (issue 30). */
/* The first line of g's public view, in a (to free). */
static const char *
test_ss_view_heading(const struct ss_game *g, const char *const *names,
    struct sbuf *a)
{
	char *nl;

	sbuf_init(a);
	ss_view(g, names, -1, a);
	nl = strchr(a->p, '\n');
	assert_non_null(nl);
	nl[1] = '\0';
	return a->p;
}

static void
test_ss_view_holders(void **state)
{
	static const char *const names[] = { "alice", "bob", "carol" };
	struct ss_game *g;
	struct sbuf a;
	char err[600];
	int b2 = ss_board_parse("b2");

	(void)state;
	g = test_ss_load(test_ss_state_text, 3, err, sizeof err);
	assert_non_null(g);
	g->sq[b2].master = 1;
	g->sq[b2].unit[0].held = 1;
	g->sq[b2].unit[1].acted |= SS_ACT_STAYED;
	sbuf_init(&a);
	ss_view(g, names, -1, &a);
	assert_non_null(strstr(a.p, "b2 Castle Town (played by bob, held by "
	    "alice)"));
	assert_non_null(strstr(a.p, "moved 1 (Move Restriction: at most 1 "
	    "this turn)"));
	assert_non_null(strstr(a.p, "moved 0 (failed its Tardy roll:"));
	sbuf_free(&a);
	/* A game over is no one's stage (issue 30, second reading). */
	assert_non_null(strstr(test_ss_view_heading(g, names, &a),
	    "'s Main Stage.\n"));
	sbuf_free(&a);
	g->stage = SS_STAGE_OVER;
	assert_string_equal(test_ss_view_heading(g, names, &a),
	    "Turn 4: the game is over.\n");
	sbuf_free(&a);
	free(g);
}

/* The view shows a player's own hand and standing orders only, and
 * never a Reserve's cards: changing them changes no other view. */
static void
test_ss_view_hidden(void **state)
{
	static const char *const names[] = { "alice", "bob", "carol" };
	struct ss_game *g, *h;
	struct sbuf a, b;
	char err[600];

	(void)state;
	g = test_ss_load(test_ss_state_text, 3, err, sizeof err);
	h = test_ss_load(test_ss_state_text, 3, err, sizeof err);
	assert_non_null(g);
	assert_non_null(h);
	h->p[1].hand.card[0] = SS_CARD_EARTHQUAKE;
	h->p[1].nstanding = 0;
	h->p[0].reserve.card[0] = SS_CARD_LAKE;
	h->p[2].reserve.n = 1;
	for (int viewer = -1; viewer < 3; viewer++) {
		sbuf_init(&a);
		sbuf_init(&b);
		ss_view(g, names, viewer, &a);
		ss_view(h, names, viewer, &b);
		if (viewer == 1)
			assert_string_not_equal(a.p, b.p);
		else
			assert_string_equal(a.p, b.p);
		if (viewer == 1) {
			assert_non_null(strstr(a.p, "Hand (2): Blessing, "
			    "Dispel"));
			assert_non_null(strstr(a.p, "Standing: on roll "
			    "cast divine-wind"));
		} else {
			assert_null(strstr(a.p, "Blessing, Dispel"));
			assert_null(strstr(a.p, "Standing"));
		}
		/* The Capital acts as a Unit of the company, but it is
		 * immune to bob's Rotten Provisions, which lowers the
		 * Warriors only. */
		assert_non_null(strstr(a.p, "b2 Castle Town (alice) 2/1/8: "
		    "Warriors of alice 3/0/4 speed 1, moved 1;\n    Archers of "
		    "alice 0/2/3 speed 1, moved 0; Blessing on Archers;"));
		assert_non_null(strstr(a.p, "\n2   .   C1:2  .    .    .    "
		    ".    .   C3:1  .\n"));
		sbuf_free(&a);
		sbuf_free(&b);
	}
	free(g);
	free(h);
}

/* A player's own standing orders in his view say when one would not do
 * what he may expect now: its card or its payment is not in the hand, or
 * a standing draw would empty the Reserve (issue 30, fourth reading). */
static void
test_ss_view_standing(void **state)
{
	static const char *const names[] = { "alice", "bob", "carol" };
	struct ss_game *g;
	struct sbuf a;
	char err[600];

	(void)state;
	g = test_ss_load(test_ss_state_text, 3, err, sizeof err);
	assert_non_null(g);
	snprintf(g->p[1].standing[g->p[1].nstanding++],
	    sizeof g->p[1].standing[0], "standing draw 2");
	sbuf_init(&a);
	ss_view(g, names, 1, &a);
	assert_non_null(strstr(a.p, "  Standing: on roll cast divine-wind "
	    "(waits: no Divine Wind in your\n    hand)\n"));
	assert_non_null(strstr(a.p, "  Standing: standing draw 2 (would draw "
	    "2 from a Reserve of 1 and empty\n    it: an empty Reserve puts "
	    "you out)\n"));
	sbuf_free(&a);
	ss_pile_append(&g->p[1].hand, SS_CARD_DIVINE_WIND);
	ss_pile_append(&g->p[1].reserve, SS_CARD_LAKE);
	ss_pile_append(&g->p[1].reserve, SS_CARD_LAKE);
	sbuf_init(&a);
	ss_view(g, names, 1, &a);
	assert_non_null(strstr(a.p, "  Standing: on roll cast divine-wind\n"));
	assert_non_null(strstr(a.p, "  Standing: standing draw 2\n"));
	sbuf_free(&a);
	free(g);
}

extern const struct game_entry senshiai_game;

/* The default answer of bob to the deck list after the accepted orders
 * sent (as adjudicate_run gives it at a missed deadline: the first legal
 * order, repeatedly, until complete), each legal order checked to be
 * accepted; the Reserve it deals bob, or -1 when there is no default.
 * want is the first default order. */
static int
test_ss_deck_default(const char *const *sent, size_t nsent, const char *want)
{
	static const char *const names[] = { "alice", "bob" };
	const struct game_entry *ge = &senshiai_game;
	struct game_players pl = { 2, names };
	const char *optv[] = { "alice", "200" };
	const struct order std = { "standard", 0, 0 };
	uint8_t key[RNG_SEED_BYTES] = { 3 };
	struct order ord[16];
	struct verdict v[16];
	struct answer ans[2];
	struct strlist keep = { 0 };
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	struct rng rng;
	struct ss_game *g;
	size_t n;
	int reserve = -1;

	rng_init(&rng, key, 0);
	g = ge->setup(&pl, optv, &rng, &ev, &e);
	assert_non_null(g);
	for (n = 0; n < nsent; n++)
		ord[n] = (struct order){ sent[n], 0, 0 };
	assert_false(ge->validate(g, 1, ord, n, v));
	for (size_t i = 0; i < n; i++)
		assert_true(v[i].accepted);
	while (n < 16 && !ge->validate(g, 1, ord, n, v)) {
		struct strlist l = { 0 };

		ge->legal(g, 1, ord, n, &l);
		for (size_t i = 0; i < l.n; i++) {
			ord[n] = (struct order){ l.v[i], 0, 0 };
			ge->validate(g, 1, ord, n + 1, v);
			if (!v[n].accepted)
				fail_msg("legal '%s' refused: %s", l.v[i],
				    v[n].reason);
		}
		if (l.n == 0) {
			strlist_free(&l);
			break;
		}
		if (n == nsent)
			assert_string_equal(l.v[0], want);
		strlist_add(&keep, l.v[0]);
		strlist_free(&l);
		ord[n] = (struct order){ keep.v[keep.n - 1], 0, 0 };
		n++;
	}
	if (ge->validate(g, 1, ord, n, v)) {
		ans[0] = (struct answer){ 0, &std, 1, 0 };
		ans[1] = (struct answer){ 1, ord, n, 1 };
		if (ge->resolve(g, &pl, ans, 2, &rng, &ev, &e) < 0)
			fail_msg("resolve: %s", e.msg);
		reserve = g->p[1].reserve.n;
	}
	strlist_free(&keep);
	events_free(&ev);
	ge->free(g);
	return reserve;
}

/* A deck list cut short at the deadline: a good list is closed with
 * "done", any other (no Capital, two, nothing but comments or the
 * Capital) gives the standard deck; never no default at all (the
 * Ruling of Missed deadlines, gunbai-senshiai(6)). */
static void
test_ss_deck_missed(void **state)
{
	static const char *const good[] = { "castle-town", "3 warriors" };
	static const char *const none[] = { "5 warriors" };
	static const char *const two[] = { "castle-town", "port-city",
	    "warriors" };
	static const char *const blank[] = { "# my deck" };
	static const char *const lone[] = { "castle-town" };

	(void)state;
	assert_int_equal(test_ss_deck_default(good, 2, "done"), 3);
	assert_int_equal(test_ss_deck_default(none, 1, "standard"), 49);
	assert_int_equal(test_ss_deck_default(two, 3, "standard"), 49);
	assert_int_equal(test_ss_deck_default(blank, 1, "standard"), 49);
	assert_int_equal(test_ss_deck_default(lone, 1, "standard"), 49);
	assert_int_equal(test_ss_deck_default(NULL, 0, "standard"), 49);
}

/* Every card of player p, wherever it is: Reserve, hand, Discard Pile,
 * his Units, the Terrains he played and the Effects he cast.  No rule
 * moves a card from one player's cards to another's, nor out of all of
 * them. */
static int
test_ss_cards_of(const struct ss_game *g, int p)
{
	int n = g->p[p].reserve.n + g->p[p].hand.n + g->p[p].discard.n;

	for (int s = 0; s < SS_SQUARES; s++) {
		n += g->sq[s].terrain != SS_NONE && g->sq[s].master == p;
		for (int k = 0; k < g->sq[s].nunits; k++)
			n += g->sq[s].unit[k].owner == p;
	}
	for (int i = 0; i < g->neffects; i++)
		n += g->effect[i].caster == p;
	return n;
}

/* Random legal playouts through the game_entry, for 2, 3 and 4 players,
 * to the end, with save, load, save giving the same bytes at every
 * decision point (the generic harness does more once the game is
 * registered). */
static void
test_ss_playouts(void **state)
{
	static const char *const names[] = { "alice", "bob", "carol", "dave" };
	const struct game_entry *ge = &senshiai_game;

	(void)state;
	for (int np = 2; np <= 4; np++)
		for (uint64_t seed = 0; seed < 3; seed++) {
			struct game_players pl = { np, names };
			const char *optv[] = { "random", "60" };
			uint8_t key[RNG_SEED_BYTES] = { 7 };
			struct rng rng, hr;
			struct events ev = { 0 };
			struct gb_err e = { 0 };
			void *g;
			int points = 0, cards[GAME_MAX_PLAYERS] = { 0 };

			rng_init(&rng, key, seed);
			rng_init(&hr, key, seed + 100);
			g = ge->setup(&pl, optv, &rng, &ev, &e);
			assert_non_null(g);
			while (!ge->outcome(g).finished) {
				struct owed ow[GAME_MAX_PLAYERS];
				size_t no = ge->owed(g, ow);
				struct answer ans[GAME_MAX_PLAYERS];
				struct order ord[GAME_MAX_PLAYERS][64];
				struct verdict v[64];
				struct strlist texts = { 0 };
				struct node *a, *b;
				struct sbuf x, y;
				void *h;

				assert_true(no > 0);
				assert_true(++points < 3000);
				for (size_t k = 0; k < no; k++) {
					size_t n = 0;
					int pl_k = ow[k].player;

					while (!ge->validate(g, pl_k, ord[k], n,
					    v)) {
						struct strlist legal = { 0 };

						assert_true(n < 64);
						ge->legal(g, pl_k, ord[k], n,
						    &legal);
						if (legal.n == 0)
							fail_msg("no legal order");
						strlist_add(&texts, legal.v[
						    rng_below(&hr, legal.n)]);
						strlist_free(&legal);
						ord[k][n].text =
						    texts.v[texts.n - 1];
						ord[k][n].line = 0;
						ord[k][n].col = 0;
						n++;
						ge->validate(g, pl_k, ord[k], n,
						    v);
						for (size_t i = 0; i < n; i++)
							if (!v[i].accepted)
								fail_msg("'%s' "
								    "refused: %s",
								    ord[k][i].text,
								    v[i].reason);
					}
					ans[k].player = pl_k;
					ans[k].orders = ord[k];
					ans[k].n = n;
					ans[k].nmr = 0;
				}
				if (ge->resolve(g, &pl, ans, no, &rng, &ev,
				    &e) < 0)
					fail_msg("resolve: %s", e.msg);
				strlist_free(&texts);
				/* No card is lost or changes hands (issue
				 * 30: an Effect on a destroyed Unit was). */
				for (int p = 0; p < np; p++) {
					int c = test_ss_cards_of(g, p);

					if (cards[p] == 0)
						cards[p] = c;
					else if (c != cards[p])
						fail_msg("%d players, seed %d, "
						    "point %d: %s has %d cards, "
						    "had %d", np, (int)seed,
						    points, names[p], c,
						    cards[p]);
				}
				a = ge->save(g);
				h = ge->load(a, &pl, &e);
				if (h == NULL)
					fail_msg("load: %d:%d: %s", e.line,
					    e.col, e.msg);
				b = ge->save(h);
				sbuf_init(&x);
				sbuf_init(&y);
				yaml_write(a, &x);
				yaml_write(b, &y);
				assert_string_equal(x.p, y.p);
				sbuf_free(&x);
				sbuf_free(&y);
				node_free(a);
				node_free(b);
				ge->free(h);
			}
			if (getenv("SS_DEBUG") != NULL) {
				for (size_t i = 0; i < ev.n; i++)
					fprintf(stderr, "%s\n", ev.v[i].text);
				fprintf(stderr, "%d players, seed %d: %s "
				    "(%d points)\n", np, (int)seed,
				    ge->outcome(g).reason, points);
			}
			events_free(&ev);
			ge->free(g);
		}
}

/* legal_sample draws what legal lists, each order as likely as any
 * other: 30 draws per legal order (the test's rng as choose) draw only
 * listed orders and every one of them.  A draw that meets a refused
 * candidate takes it out and draws again: the choose calls show it.
 * test_ss_memo asks it at the picks of its games' first 60 points. */
struct test_ss_draws {
	struct rng *r;
	size_t calls;
	size_t lists, draws, redrawn; /* over the calls of test_ss_sample */
};

static size_t
test_ss_sample_choose(void *arg, size_t count)
{
	struct test_ss_draws *d = arg;

	d->calls++;
	return rng_below(d->r, count);
}

static void
test_ss_sample(const struct ss_game *g, int p, const struct order *o,
    size_t m, struct test_ss_draws *d)
{
	struct strlist l = { 0 };
	size_t seen[256] = { 0 };
	char got[GAME_ORDER_MAX];

	senshiai_game.legal(g, p, o, m, &l);
	assert_int_equal(senshiai_game.legal_sample(g, p, o, m,
	    test_ss_sample_choose, d, got, sizeof got), l.n > 0);
	assert_true(l.n <= 256);
	for (size_t i = 0; i < 30 * l.n; i++) {
		size_t j = 0;

		d->calls = 0;
		assert_int_equal(senshiai_game.legal_sample(g, p, o, m,
		    test_ss_sample_choose, d, got, sizeof got), 1);
		while (j < l.n && strcmp(got, l.v[j]) != 0)
			j++;
		if (j == l.n)
			fail_msg("legal_sample draws '%s', not listed", got);
		seen[j]++;
		d->draws++;
		d->redrawn += d->calls > 1;
	}
	for (size_t j = 0; j < l.n; j++)
		if (seen[j] == 0)
			fail_msg("'%s' never drawn in %zu draws", l.v[j],
			    30 * l.n);
	d->lists += l.n > 0;
	strlist_free(&l);
}

/* A new random game of np players (the random board, a turn limit of
 * 60) for the tests that play one: rng is its own, hr the test's, both
 * from tag and np. */
static struct ss_game *
test_ss_random_game(int np, uint8_t tag, struct game_players *pl,
    struct rng *rng, struct rng *hr, struct events *ev)
{
	static const char *const names[] = { "alice", "bob", "carol", "dave" };
	const char *optv[] = { "random", "60" };
	uint8_t key[RNG_SEED_BYTES] = { tag, (uint8_t)np };
	struct gb_err e = { 0 };
	struct ss_game *g;

	pl->n = np;
	pl->names = names;
	rng_init(rng, key, 0);
	rng_init(hr, key, 1);
	g = senshiai_game.setup(pl, optv, rng, ev, &e);
	if (g == NULL)
		fail_msg("setup: %s", e.msg);
	return g;
}

/* The position ss_check.c keeps between calls (its memo) gives what
 * playing afresh gives: on every point of random games, each call is
 * made with the memo as the calls before left it, then again after
 * ss_check_forget, and the two must agree: each pick of an answer built
 * order by order (the memo goes on by one order, and a walk must start
 * from the position after exactly the prefix), validate of the whole
 * answer and of its start, legal's list after the start, the answer with
 * an order changed (a refused one, or another: the memo's orders no
 * longer match), and the answer on the game changed in place (a memo that
 * ignored the game would answer for the game before).  At the picks of
 * the first 60 points, legal_sample too (test_ss_sample). */
static size_t
test_ss_memo_choose(void *arg, size_t count)
{
	return rng_below(arg, count);
}

static int
test_ss_memo_judge(const struct ss_game *g, int p, const struct order *o,
    size_t n)
{
	static struct verdict v[2][64];
	int rc[2], accepted = 0;

	assert_true(n <= 64);
	for (int cold = 0; cold < 2; cold++) {
		if (cold)
			ss_check_forget();
		rc[cold] = senshiai_game.validate(g, p, o, n, v[cold]);
	}
	assert_int_equal(rc[0], rc[1]);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(v[0][i].accepted, v[1][i].accepted);
		assert_string_equal(v[0][i].reason, v[1][i].reason);
		accepted += v[0][i].accepted;
	}
	return accepted;
}

static size_t
test_ss_memo_list(const struct ss_game *g, int p, const struct order *o,
    size_t n)
{
	struct strlist l[2] = { { 0 }, { 0 } };
	size_t count;

	for (int cold = 0; cold < 2; cold++) {
		if (cold)
			ss_check_forget();
		senshiai_game.legal(g, p, o, n, &l[cold]);
	}
	assert_int_equal(l[0].n, l[1].n);
	for (size_t i = 0; i < l[0].n; i++)
		assert_string_equal(l[0].v[i], l[1].v[i]);
	count = l[0].n;
	strlist_free(&l[0]);
	strlist_free(&l[1]);
	return count;
}

/* Field i of u (card, owner, moves, flees, acted) changed by by. */
static void
test_ss_unit_bump(struct ss_unit *u, int i, int by)
{
	switch (i) {
	case 0: u->card = (short)(u->card + by); break;
	case 1: u->owner = (short)(u->owner + by); break;
	case 2: u->moves = (short)(u->moves + by); break;
	case 3: u->flees = (signed char)(u->flees + by); break;
	default: u->acted = (signed char)(u->acted + by); break;
	}
}

/* The memo's key: ss_state_equal holds for a copy of g and fails once
 * any field of a square or of a Unit on it differs.  Returns the Units
 * tried. */
static int
test_ss_memo_equal(struct ss_game *g)
{
	static struct ss_game c;
	int units = 0;

	ss_state_copy(&c, g);
	assert_true(ss_state_equal(&c, g));
	for (int s = 0; s < SS_SQUARES; s++) {
		struct ss_square *q = &c.sq[s];
		int *f[] = { &q->terrain, &q->master, &q->activated,
		    &q->nunits };

		for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
			(*f[i])++;
			assert_false(ss_state_equal(&c, g));
			(*f[i])--;
		}
		for (int k = 0; k < q->nunits; k++, units++)
			for (int i = 0; i < 5; i++) {
				test_ss_unit_bump(&q->unit[k], i, 1);
				assert_false(ss_state_equal(&c, g));
				test_ss_unit_bump(&q->unit[k], i, -1);
			}
	}
	assert_true(ss_state_equal(&c, g));
	return units;
}

static void
test_ss_memo(void **state)
{
	static char text[GAME_MAX_PLAYERS][64][GAME_ORDER_MAX];
	const struct game_entry *ge = &senshiai_game;
	int answers = 0, accepted = 0, refused = 0, changed = 0, units = 0;
	struct rng sr;
	struct test_ss_draws d = { &sr, 0, 0, 0, 0 };

	(void)state;
	rng_init(&sr, (uint8_t[RNG_SEED_BYTES]){ 12 }, 0);
	for (int np = 2; np <= 4; np++) {
		struct game_players pl;
		struct rng rng, hr;
		struct events ev = { 0 };
		struct gb_err e = { 0 };
		struct ss_game *g = test_ss_random_game(np, 11, &pl, &rng, &hr,
		    &ev);
		for (int point = 0; point < 200 && !ge->outcome(g).finished;
		    point++) {
			struct owed ow[GAME_MAX_PLAYERS];
			size_t no = ge->owed(g, ow);
			struct answer ans[GAME_MAX_PLAYERS];
			struct order o[GAME_MAX_PLAYERS][64];

			for (size_t k = 0; k < no; k++) {
				int p = ow[k].player;
				size_t m = 0, c[2];
				char pick[2][GAME_ORDER_MAX];

				for (;;) {
					struct rng r2 = hr;

					if (point < 60)
						test_ss_sample(g, p, o[k], m,
						    &d);
					for (int cold = 0; cold < 2; cold++) {
						if (cold)
							ss_check_forget();
						r2 = hr;
						c[cold] = ge->legal_pick(g, p,
						    o[k], m,
						    test_ss_memo_choose, &r2,
						    pick[cold], GAME_ORDER_MAX);
					}
					hr = r2;
					assert_int_equal(c[0], c[1]);
					if (c[0] == 0)
						break;
					assert_string_equal(pick[0], pick[1]);
					assert_true(m < 64);
					memcpy(text[k][m], pick[0],
					    GAME_ORDER_MAX);
					o[k][m] = (struct order){ text[k][m], 1,
					    1 };
					m++;
				}
				ans[k] = (struct answer){ p, o[k], m, 0 };
				answers++;
				accepted += test_ss_memo_judge(g, p, o[k], m);
				if (m == 0)
					continue;
				test_ss_memo_judge(g, p, o[k], m - 1);
				test_ss_memo_list(g, p, o[k], m - 1);
				if (m >= 2) {
					/* An order changed: refused, or
					 * another. */
					size_t j = rng_below(&hr, m - 1);
					struct order x[64];
					const char *other[] = { "end", "draw",
					    "discard warriors", "move a1 a2",
					    "standing clear" };

					memcpy(x, o[k], m * sizeof x[0]);
					x[j].text = other[rng_below(&hr, 5)];
					/* Twice: the second finds what the
					 * first kept. */
					refused += (int)m -
					    test_ss_memo_judge(g, p, x, m);
					test_ss_memo_judge(g, p, x, m);
					test_ss_memo_list(g, p, x, j + 1);
					test_ss_memo_judge(g, p, o[k], m);
				}
				/* The game changed in place: a card of the
				 * hand and one of the Reserve swapped. */
				if (g->p[p].hand.n > 0 && g->p[p].reserve.n > 0 &&
				    g->p[p].hand.card[0] !=
				    g->p[p].reserve.card[0]) {
					struct ss_pile *h = &g->p[p].hand;
					struct ss_pile *r = &g->p[p].reserve;
					signed char t = h->card[0];
					size_t before = test_ss_memo_list(g, p,
					    o[k], m / 2);

					test_ss_memo_judge(g, p, o[k], m);
					h->card[0] = r->card[0];
					r->card[0] = t;
					changed += test_ss_memo_list(g, p,
					    o[k], m / 2) != before;
					test_ss_memo_judge(g, p, o[k], m);
					r->card[0] = h->card[0];
					h->card[0] = t;
				}
			}
			if (ge->resolve(g, &pl, ans, no, &rng, &ev, &e) < 0)
				fail_msg("resolve: %s", e.msg);
			units += test_ss_memo_equal(g);
		}
		events_free(&ev);
		ge->free(g);
	}
	/* The checks above saw answers, refusals and changed lists. */
	assert_true(units > 100);
	assert_true(answers > 150);
	assert_true(accepted > 300);
	assert_true(refused > 20);
	assert_true(changed > 10);
	/* legal_sample: 528 lists, 214,080 draws, 70,901 drawn again. */
	assert_true(d.lists > 300);
	assert_true(d.draws > 100000);
	assert_true(d.redrawn > 10000);
}

/* Any 2, 3 or 4 Capitals are equidistant; near is a king's move. */
static void
test_ss_board(void **state)
{
	int nb[SS_NEAR_MAX];
	char name[3];

	(void)state;
	for (int n = 2; n <= 4; n++)
		for (int a = 0; a < n; a++)
			for (int b = a + 1; b < n; b++)
				assert_int_equal(ss_board_dist(
				    ss_board_capital(n, a),
				    ss_board_capital(n, b)), SS_CAPITAL_DIST);
	assert_int_equal(ss_board_neighbours(0, nb), 3);
	assert_int_equal(ss_board_neighbours(4, nb), 5);
	assert_int_equal(ss_board_neighbours(40, nb), 8);
	for (int i = 0; i < 8; i++)
		assert_true(ss_board_near(40, nb[i]));
	assert_false(ss_board_near(40, 40));
	assert_false(ss_board_near(0, 2));
	for (int sq = 0; sq < SS_SQUARES; sq++) {
		ss_board_name(sq, name);
		assert_int_equal(ss_board_parse(name), sq);
	}
	assert_int_equal(ss_board_parse("j1"), -1);
	assert_int_equal(ss_board_parse("a0"), -1);
	assert_int_equal(ss_board_parse("a10"), -1);
	ss_board_name(ss_board_capital(2, 0), name);
	assert_string_equal(name, "b2");
}

/* The man page's card table shows what a player needs of every card
 * (issue 30): each card's row, ".It NAME Ta ...", names its paths, a
 * Terrain's or Capital's Limit, a Unit's speed, a Terrain's Recruit
 * ability, and Mountain Pass its Move Restriction with its path. */
static void
test_ss_man_table(void **ctx)
{
	static const struct { unsigned path; const char *name; } paths[] = {
		{ SS_EARTH, "Earth" }, { SS_WATER, "Water" }, { SS_AIR, "Air" },
	};
	FILE *f = fopen("man/gunbai-senshiai.6", "r");
	char line[256], want[64];
	int rows = 0;

	(void)ctx;
	assert_non_null(f);
	while (fgets(line, sizeof line, f) != NULL) {
		for (int c = 0; c < SS_NCARDS; c++) {
			const struct ss_card *k = &ss_cards[c];
			int terrain = k->type == SS_TERRAIN ||
			    k->type == SS_CAPITAL;

			snprintf(want, sizeof want, ".It %s Ta ", k->name);
			if (strncmp(line, want, strlen(want)) != 0)
				continue;
			rows++;
			for (size_t i = 0; i < 3; i++)
				if ((k->paths & paths[i].path) &&
				    strstr(line, paths[i].name) == NULL)
					fail_msg("%s: no %s in %s", k->name,
					    paths[i].name, line);
			if (terrain)
				snprintf(want, sizeof want, "Limit %d",
				    k->limit);
			else if (ss_cards_is_unit(c))
				snprintf(want, sizeof want, "speed %d",
				    k->speed);
			else
				want[0] = '\0';
			if (strstr(line, want) == NULL)
				fail_msg("%s: no '%s' in %s", k->name, want,
				    line);
			if ((k->abilities & SS_AB(RECRUIT)) && terrain &&
			    k->type != SS_CAPITAL &&
			    strstr(line, "Recruit") == NULL)
				fail_msg("%s: no Recruit in %s", k->name,
				    line);
			if ((k->abilities & SS_AB(MOVE_RESTRICTION)) &&
			    strstr(line, "Move Restriction: Earth 1") == NULL)
				fail_msg("%s: no restriction in %s", k->name,
				    line);
		}
	}
	fclose(f);
	assert_int_equal(rows, SS_NCARDS);
}

/* The man page lists the Events that "on attack" and "on attacked ...
 * cast CARD" take with Power Modifiers (issue 30: it named four of
 * ten): the line after "The Events these orders take" names exactly the
 * cards "on attack any cast CARD" accepts, and "on attacked" accepts
 * those and Ambush and Native Barbarian, which have entries of their
 * own. */
static void
test_ss_man_reactions(void **ctx)
{
	FILE *f = fopen("man/gunbai-senshiai.6", "r");
	char line[512], text[64], why[256], listed[SS_NCARDS] = { 0 };
	int seen = 0;
	struct ss_standing st;

	(void)ctx;
	assert_non_null(f);
	while (!seen && fgets(line, sizeof line, f) != NULL)
		seen = strncmp(line, "The Events these orders take",
		    strlen("The Events these orders take")) == 0;
	assert_true(seen);
	assert_non_null(fgets(line, sizeof line, f));
	line[0] = '\0';
	/* The list: the lines up to the one ending in a full stop. */
	while (strchr(line, '.') == NULL) {
		size_t len = strlen(line);

		if (len > 0)
			line[len - 1] = ',';
		assert_non_null(fgets(line + len, (int)(sizeof line - len),
		    f));
	}
	fclose(f);
	line[strcspn(line, ".\n")] = '\0';
	for (char *name = strtok(line, ","); name != NULL;
	    name = strtok(NULL, ",")) {
		int c;

		while (*name == ' ')
			name++;
		for (c = 0; c < SS_NCARDS; c++)
			if (strcmp(ss_cards[c].name, name) == 0)
				break;
		if (c == SS_NCARDS)
			fail_msg("no card '%s'", name);
		listed[c] = 1;
	}
	for (int c = 0; c < SS_NCARDS; c++) {
		int attack, attacked;

		snprintf(text, sizeof text, "on attack any cast %s",
		    ss_cards[c].word);
		attack = ss_react_parse(text, &st, why, sizeof why) == 0;
		snprintf(text, sizeof text, "on attacked e5 cast %s",
		    ss_cards[c].word);
		attacked = ss_react_parse(text, &st, why, sizeof why) == 0;
		if (attack != listed[c])
			fail_msg("%s: 'on attack' %s it, the page %s",
			    ss_cards[c].name, attack ? "takes" : "refuses",
			    listed[c] ? "lists it" : "does not");
		if (attacked != (listed[c] || c == SS_CARD_AMBUSH ||
		    c == SS_CARD_NATIVE_BARBARIAN))
			fail_msg("%s: 'on attacked' %s it", ss_cards[c].name,
			    attacked ? "takes" : "refuses");
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ss_power_modifiers_example),
		cmocka_unit_test(test_ss_man_reactions),
		cmocka_unit_test(test_ss_singularity_per_trait),
		cmocka_unit_test(test_ss_singularity_penalty_first),
		cmocka_unit_test(test_ss_singularity_penalty_second),
		cmocka_unit_test(test_ss_singularity_resistance_story),
		cmocka_unit_test(test_ss_singularity_types),
		cmocka_unit_test(test_ss_mod_parse_refuses),
		cmocka_unit_test(test_ss_collection),
		cmocka_unit_test(test_ss_named_cards),
		cmocka_unit_test(test_ss_find),
		cmocka_unit_test(test_ss_deck_lists),
		cmocka_unit_test(test_ss_deck_missed),
		cmocka_unit_test(test_ss_battle_pool),
		cmocka_unit_test(test_ss_battle_paths),
		cmocka_unit_test(test_ss_battle_distribution),
		cmocka_unit_test(test_ss_battle_ordered),
		cmocka_unit_test(test_ss_react_orders),
		cmocka_unit_test(test_ss_battle_aftermath),
		cmocka_unit_test(test_ss_state_round_trip),
		cmocka_unit_test(test_ss_state_refused),
		cmocka_unit_test(test_ss_mods_in_play),
		cmocka_unit_test(test_ss_view_hidden),
		cmocka_unit_test(test_ss_view_holders),
		cmocka_unit_test(test_ss_board),
		cmocka_unit_test(test_ss_playouts),
		cmocka_unit_test(test_ss_memo),
		cmocka_unit_test(test_ss_standing_fits),
		cmocka_unit_test(test_ss_man_table),
		cmocka_unit_test(test_ss_view_standing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
