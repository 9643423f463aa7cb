/* senshiai.h - what the files of the Senshiai module share.
 *
 * senshiai.c   the game_entry: options, setup, the turn sequence
 * ss_play.c    one order of a turn, checked and applied
 * ss_move.c    the orders that move companies: move, castle
 * ss_cast.c    the orders that cast Events
 * ss_order.c   the words of an order read alike by those three
 *              (ss_order.h shares the order being read)
 * ss_fight.c   one battle played on the state
 * ss_chaos.c   Earthquake's roll and the Terrain it destroys
 * ss_flee.c    fleeing and the second-flee rule
 * ss_react.c   reactions: standing orders, fired by named events
 * ss_pile.c    cards between piles and the board
 * ss_out.c     who is out, and how the game ends
 * and the leaf files that compute and return:
 *
 * ss_cards.c   the Basic Collection as one table, card lookup
 * ss_deck.c    deck lists (parsing and validation), the standard deck
 * ss_power.c   power modifiers and the Rule of Singularity
 * ss_battle.c  battle arithmetic: pooled attack, who may be hit, damage
 *              distributions (checked and default), Maintenance, the
 *              aftermath of close combat, Bushido
 * ss_board.c   the board geometry: squares, "near", Capital places
 * ss_square.c  who holds a square, and what its company may do
 * ss_state.c   the state section: the game's structure, load and save
 * ss_mods.c    which modifiers act on a Unit in play, and its traits
 * ss_view.c    the board and piles drawn in text for one player
 * ss_data.c    the same as data for the JSON report
 * ss_picture.c the board as an SVG picture
 *
 * The rules as implemented, with every ruling and its reason, are in
 * man/gunbai-senshiai.6; games/senshiai/RULINGS keeps the design notes. */
#ifndef GUNBAI_SENSHIAI_H
#define GUNBAI_SENSHIAI_H

#include <stddef.h>

#include "game/game.h"
#include "base/node.h"
#include "base/util.h"

/* A square board of SS_SIDE x SS_SIDE squares, named a1..i9.  "Near"
 * is the eight squares around (a king's move), so the distance between
 * two squares is the Chebyshev distance; the four Capital places are the
 * corners of a square inset by one, every two of them SS_CAPITAL_DIST
 * apart: any 2, 3 or 4 of them are equidistant. */
#define SS_SIDE 9
#define SS_SQUARES (SS_SIDE * SS_SIDE)
#define SS_CAPITAL_DIST 6
#define SS_NEAR_MAX 8

/* ---- Card types and paths ---------------------------------------- */

/* The text's three Types; a Capital is a Terrain of Subtype Capital that
 * acts as a Unit, kept apart because decks must hold exactly one. */
enum ss_type { SS_TERRAIN, SS_TROOP, SS_EVENT, SS_CAPITAL, SS_TYPES };
extern const char *const ss_cards_type_names[SS_TYPES];

#define SS_EARTH 1u
#define SS_WATER 2u
#define SS_AIR 4u

/* ---- Traits and power -------------------------------------------- */

/* The traits modifiers act on: the three of Power, then Speed. */
enum ss_trait { SS_MELEE, SS_RANGED, SS_RESIST, SS_SPEED, SS_TRAITS };

#define SS_NULLA (-1) /* a trait of nulla: worth 0, never modified */

/* ---- Abilities ----------------------------------------------------- */

/* Every concise ability of the text's list, plus Recruit and Maintenance
 * (the Capitals').  X(ID, name as printed on the card). */
#define SS_ABILITY_LIST(X)                                      \
	X(RECRUIT, "Recruit")                                   \
	X(MAINTENANCE, "Maintenance")                           \
	X(ACTIVATE, "Activate")                                 \
	X(ACTS_AS_UNIT, "Acts as Unit")                         \
	X(ANNULS, "Annuls the Target")                          \
	X(ARTILLERY, "Artillery")                               \
	X(BOARDING, "Boarding")                                 \
	X(DIVE_ATTACK, "Dive Attack")                           \
	X(CONTINGENCY, "Contingency")                           \
	X(INTERRUPT, "Interrupt")                               \
	X(PILLAGE, "Pillage")                                   \
	X(POWER_MOD, "Power Modifiers")                         \
	X(PRODUCTION, "Production")                             \
	X(TARDY, "Tardy")                                       \
	X(TAKE_AWAY, "Take Away Attracts Attacks")              \
	X(BUSHIDO, "Bushido")                                   \
	X(CHAOS, "Chaos")                                       \
	X(MOVE_RESTRICTION, "Move Restriction")                 \
	X(INTERRUPTS_ROLL, "Interrupts a Die Roll")

#define SS_ABILITY_ENUM(id, name) SS_AB_##id,
enum ss_ability { SS_ABILITY_LIST(SS_ABILITY_ENUM) SS_ABILITIES };
#undef SS_ABILITY_ENUM
#define SS_AB(id) (1u << SS_AB_##id)
extern const char *const ss_cards_ability_names[SS_ABILITIES];

/* What an event or a card's Power Modifiers ability aims at. */
enum ss_target {
	SS_TG_NONE,     /* a Troop, Terrain or Capital in play: no target */
	SS_TG_UNIT,     /* one Unit */
	SS_TG_COMPANY,  /* every allied Unit on one Terrain */
	SS_TG_TERRAIN,  /* one Terrain (or Capital) on the board */
	SS_TG_EVENT,    /* an Event being cast or in play */
	SS_TG_PLAYER,   /* a player */
	SS_TG_ROLL,     /* a die about to be rolled */
	SS_TARGETS
};
extern const char *const ss_cards_target_names[SS_TARGETS];

/* How long an Event stays on its target. */
enum ss_duration {
	SS_DUR_NONE,    /* not an Event */
	SS_DUR_INSTANT, /* acts once, then goes to the Discard Pile */
	SS_DUR_BATTLE,  /* until the end of the battle it is cast in */
	SS_DUR_TURN,    /* until the end of the current Main Stage */
	SS_DUR_ROUND,   /* one round: until the next Draw Stage of the
	                 * player whose turn it was when cast */
	SS_DUR_LASTING, /* until its target leaves play or it is annulled */
	SS_DURATIONS
};
extern const char *const ss_cards_duration_names[SS_DURATIONS];

/* The Basic Collection.  One row per card:
 * X(ID, word, name, type, subtype, cost, paths, limit, speed,
 *   melee, ranged, resist, abilities, param, target, duration,
 *   mod (the modifier it gives, as "+m/r/s" or "-m/r/s", speed as
 *   "+speed N", or ""), text)
 * limit is for Terrains and Capitals (0 otherwise); speed and power for
 * Units (Troops, Capitals, and Events that act as Units); param is the
 * number an ability takes (Activate 2, Tardy 3, Chaos 5, Move
 * Restriction 1, Interrupts a Die Roll 6); for Move Restriction it is
 * SS_RESTRICT(paths, number), the paths the number holds for as printed
 * ("Move Restriction: Earth 1"; 0: every path); for Artillery it is the
 * ranged attack of the listed power, the only trait the Basic
 * Collection's Artillery changes.  The reasons for each card are in
 * RULINGS. */
#define SS_RESTRICT(paths, number) ((int)((paths) << 8) | (number))
#define SS_CARD_LIST(X)                                                     \
	/* Capitals: cost nulla, speed 0, act as Units, Recruit, Maintenance */ \
	X(CASTLE_TOWN, "castle-town", "Castle Town", SS_CAPITAL, "Capital",  \
	    0, SS_EARTH, 2, 0, 2, 1, 8,                                      \
	    SS_AB(RECRUIT) | SS_AB(MAINTENANCE) | SS_AB(ACTS_AS_UNIT), 0,    \
	    SS_TG_NONE, SS_DUR_NONE, "",                                      \
	    "The seat of an Earth realm.")                                    \
	X(PORT_CITY, "port-city", "Port City", SS_CAPITAL, "Capital", 0,      \
	    SS_EARTH | SS_WATER, 2, 0, 1, 2, 7,                              \
	    SS_AB(RECRUIT) | SS_AB(MAINTENANCE) | SS_AB(ACTS_AS_UNIT), 0,    \
	    SS_TG_NONE, SS_DUR_NONE, "",                                      \
	    "The seat of a seafaring realm.")                                 \
	/* Terrains */                                                        \
	X(PLAINS, "plains", "Plains", SS_TERRAIN, "Field", 0, SS_EARTH, 2, 0, \
	    0, 0, 0, 0, 0, SS_TG_NONE, SS_DUR_NONE, "", "Open ground.")      \
	X(FOREST, "forest", "Forest", SS_TERRAIN, "Wood", 0,                  \
	    SS_EARTH | SS_AIR, 1, 0, 0, 0, 0, SS_AB(POWER_MOD), 0,            \
	    SS_TG_COMPANY, SS_DUR_NONE, "+0/0/1",                            \
	    "Units over it get +0/0/1.")                                      \
	X(LAKE, "lake", "Lake", SS_TERRAIN, "Water", 0, SS_WATER | SS_AIR,    \
	    2, 0, 0, 0, 0, 0, 0, SS_TG_NONE, SS_DUR_NONE, "",                 \
	    "Open water.")                                                    \
	X(VILLAGE, "village", "Village", SS_TERRAIN, "Settlement", 1,         \
	    SS_EARTH, 1, 0, 0, 0, 0, SS_AB(RECRUIT), 0, SS_TG_NONE,           \
	    SS_DUR_NONE, "", "Troops may be recruited here.")                 \
	X(HARBOUR, "harbour", "Harbour", SS_TERRAIN, "Construction", 2,       \
	    SS_EARTH | SS_WATER, 2, 0, 0, 0, 0, SS_AB(RECRUIT), 0,            \
	    SS_TG_NONE, SS_DUR_NONE, "",                                      \
	    "Troops of Earth or Water may be recruited here.")                \
	X(FORT, "fort", "Fort", SS_TERRAIN, "Construction", 2, SS_EARTH, 3,   \
	    0, 0, 0, 0, SS_AB(POWER_MOD), 0, SS_TG_COMPANY, SS_DUR_NONE,      \
	    "+0/0/2", "Units over it get +0/0/2.")                           \
	X(MOUNTAIN_PASS, "mountain-pass", "Mountain Pass", SS_TERRAIN,        \
	    "Mountain", 1, SS_EARTH | SS_AIR, 1, 0, 0, 0, 0,                  \
	    SS_AB(MOVE_RESTRICTION) | SS_AB(RECRUIT), SS_RESTRICT(SS_EARTH, \
	    1), SS_TG_NONE, SS_DUR_NONE, "",                                  \
	    "Recruit.  Move Restriction: Earth 1.")                           \
	X(GOLD_MINE, "gold-mine", "Gold Mine", SS_TERRAIN, "Mine", 2,         \
	    SS_EARTH, 2, 0, 0, 0, 0, SS_AB(ACTIVATE), 2, SS_TG_NONE,          \
	    SS_DUR_NONE, "", "Activate 2: its master restores 2 cards.")      \
	/* Troops */                                                          \
	X(WARRIORS, "warriors", "Warriors", SS_TROOP, "Infantry", 2,          \
	    SS_EARTH, 0, 1, 3, 0, 6, 0, 0, SS_TG_NONE, SS_DUR_NONE, "",       \
	    "Hardened foot soldiers.")                                        \
	X(MILITIAMEN, "militiamen", "Militiamen", SS_TROOP, "Infantry", 0,    \
	    SS_EARTH, 0, 1, 1, SS_NULLA, 4, 0, 0, SS_TG_NONE, SS_DUR_NONE,    \
	    "", "Peasants with spears.")                                      \
	X(WAR_VETERANS, "war-veterans", "War Veterans", SS_TROOP, "Infantry", \
	    3, SS_EARTH, 0, 1, 2, 1, 4, SS_AB(POWER_MOD), 0, SS_TG_COMPANY,   \
	    SS_DUR_NONE, "+1/1/1",                                           \
	    "Other allied Units in its company get +1/1/1.")                  \
	X(ARCHERS, "archers", "Archers", SS_TROOP, "Infantry", 1, SS_EARTH,   \
	    0, 1, 0, 2, 3, 0, 0, SS_TG_NONE, SS_DUR_NONE, "",                 \
	    "Bowmen.")                                                        \
	X(SAMURAI, "samurai", "Samurai", SS_TROOP, "Infantry", 1, SS_EARTH,   \
	    0, 2, 4, 1, 5, SS_AB(BUSHIDO), 0, SS_TG_NONE, SS_DUR_NONE, "",    \
	    "Bushido.")                                                       \
	X(RAIDERS, "raiders", "Raiders", SS_TROOP, "Cavalry", 2, SS_EARTH, 0, \
	    2, 2, SS_NULLA, 4, SS_AB(PILLAGE), 0, SS_TG_NONE, SS_DUR_NONE,    \
	    "", "Pillage.")                                                   \
	X(PIRATES, "pirates", "Pirates", SS_TROOP, "Sailors", 1, SS_WATER, 0, \
	    2, 2, SS_NULLA, 3, SS_AB(BOARDING), 0, SS_TG_NONE, SS_DUR_NONE,   \
	    "", "Boarding.")                                                  \
	X(GRIFFIN_RIDERS, "griffin-riders", "Griffin Riders", SS_TROOP,       \
	    "Beast", 3, SS_AIR, 0, 3, 3, SS_NULLA, 4, SS_AB(DIVE_ATTACK), 0,  \
	    SS_TG_NONE, SS_DUR_NONE, "", "Dive Attack.")                      \
	X(CATAPULT, "catapult", "Catapult", SS_TROOP, "Siege", 2, SS_EARTH,   \
	    0, 1, SS_NULLA, 2, 3, SS_AB(ARTILLERY), 5, SS_TG_NONE,            \
	    SS_DUR_NONE, "", "Artillery: n/5/3.")                             \
	X(WAR_ELEPHANTS, "war-elephants", "War Elephants", SS_TROOP, "Beast", \
	    3, SS_EARTH, 0, 2, 5, SS_NULLA, 7, SS_AB(TARDY), 3, SS_TG_NONE,   \
	    SS_DUR_NONE, "", "Tardy: 3.")                                     \
	X(PEASANTS, "peasants", "Peasants", SS_TROOP, "Workers", 0, SS_EARTH, \
	    0, 1, 0, SS_NULLA, 2, SS_AB(PRODUCTION), 0, SS_TG_NONE,           \
	    SS_DUR_NONE, "",                                                  \
	    "Production: it has not moved this turn.")                        \
	X(SHIELD_BEARERS, "shield-bearers", "Shield Bearers", SS_TROOP,       \
	    "Infantry", 1, SS_EARTH, 0, 1, 0, SS_NULLA, 5, SS_AB(TAKE_AWAY),  \
	    0, SS_TG_NONE, SS_DUR_NONE, "", "Take Away Attracts Attacks.")    \
	/* Events */                                                          \
	X(ROTTEN_PROVISIONS, "rotten-provisions", "Rotten Provisions",        \
	    SS_EVENT, "Famine", 1, 0, 0, 0, 0, 0, 0, SS_AB(POWER_MOD), 0,     \
	    SS_TG_COMPANY, SS_DUR_ROUND, "-0/0/2",                           \
	    "The target company gets -0/0/2 for a round.")                    \
	X(BLESSING, "blessing", "Blessing", SS_EVENT, "Divine", 1, 0, 0, 0,   \
	    0, 0, 0, SS_AB(POWER_MOD), 0, SS_TG_UNIT, SS_DUR_ROUND, "+0/0/2", \
	    "The target Unit gets +0/0/2 for a round.")                       \
	X(BATTLE_CRY, "battle-cry", "Battle Cry", SS_EVENT, "Morale", 1, 0,   \
	    0, 0, 0, 0, 0, SS_AB(POWER_MOD) | SS_AB(CONTINGENCY), 0,          \
	    SS_TG_COMPANY, SS_DUR_BATTLE, "+2/0/0",                          \
	    "Contingency: the target fights a battle now.  +2/0/0.")          \
	X(FORCED_MARCH, "forced-march", "Forced March", SS_EVENT, "Morale",   \
	    1, 0, 0, 0, 0, 0, 0, SS_AB(POWER_MOD), 0, SS_TG_COMPANY,          \
	    SS_DUR_TURN, "+speed 1", "The target company gets +1 Speed.")     \
	/* The text's two penalty examples, as cards: +2/1/1 with -1/1/2;  \
	 * +1/0/1 and +1/2/0 (one Type) with -1/1/1 and -2/0/0 (one Type) */ \
	X(DRUMS_OF_WAR, "drums-of-war", "Drums of War", SS_EVENT, "Morale",   \
	    2, 0, 0, 0, 0, 0, 0, SS_AB(POWER_MOD), 0, SS_TG_COMPANY,          \
	    SS_DUR_ROUND, "+2/1/1",                                          \
	    "The target company gets +2/1/1 for a round.")                    \
	X(SICKNESS, "sickness", "Sickness", SS_EVENT, "Famine", 2, 0, 0, 0,   \
	    0, 0, 0, SS_AB(POWER_MOD), 0, SS_TG_COMPANY, SS_DUR_ROUND,        \
	    "-1/1/2", "The target company gets -1/1/2 for a round.")          \
	X(TESTUDO, "testudo", "Testudo", SS_EVENT, "Tactic", 1, 0, 0, 0, 0,   \
	    0, 0, SS_AB(POWER_MOD), 0, SS_TG_COMPANY, SS_DUR_ROUND, "+1/0/1", \
	    "The target company gets +1/0/1 for a round.")                    \
	X(VOLLEY, "volley", "Volley", SS_EVENT, "Tactic", 1, 0, 0, 0, 0, 0,   \
	    0, SS_AB(POWER_MOD), 0, SS_TG_COMPANY, SS_DUR_ROUND, "+1/2/0",    \
	    "The target company gets +1/2/0 for a round.")                    \
	X(FOG, "fog", "Fog", SS_EVENT, "Weather", 1, 0, 0, 0, 0, 0, 0,        \
	    SS_AB(POWER_MOD), 0, SS_TG_COMPANY, SS_DUR_ROUND, "-1/1/1",       \
	    "The target company gets -1/1/1 for a round.")                    \
	X(MUD, "mud", "Mud", SS_EVENT, "Weather", 1, 0, 0, 0, 0, 0, 0,        \
	    SS_AB(POWER_MOD), 0, SS_TG_COMPANY, SS_DUR_ROUND, "-2/0/0",       \
	    "The target company gets -2/0/0 for a round.")                    \
	X(OPEN_THE_VAULTS, "open-the-vaults", "Open the Vaults", SS_EVENT,    \
	    "Economy", 2, 0, 0, 0, 0, 0, 0, 0, 0, SS_TG_PLAYER,               \
	    SS_DUR_INSTANT, "", "The target draws 2 cards.")                  \
	X(NATIVE_BARBARIAN, "native-barbarian", "Native Barbarian",           \
	    SS_EVENT, "Conjuration", 1, SS_EARTH, 0, 0, 2, SS_NULLA, 3,       \
	    SS_AB(ACTS_AS_UNIT), 0, SS_TG_TERRAIN, SS_DUR_LASTING, "",        \
	    "Acts as Unit 2/n/3 on the target Terrain.")                      \
	X(DISPEL, "dispel", "Dispel", SS_EVENT, "Divine", 1, 0, 0, 0, 0, 0,   \
	    0, SS_AB(ANNULS), 0, SS_TG_EVENT, SS_DUR_INSTANT, "",             \
	    "Annuls the Target.")                                             \
	X(AMBUSH, "ambush", "Ambush", SS_EVENT, "Tactic", 2, 0, 0, 0, 0, 0,   \
	    0, SS_AB(INTERRUPT), 0, SS_TG_COMPANY, SS_DUR_INSTANT, "",        \
	    "Interrupt a close combat against the target: the attackers "    \
	    "flee back before any die of the battle is rolled.")              \
	X(DIVINE_WIND, "divine-wind", "Divine Wind", SS_EVENT, "Divine", 2,   \
	    0, 0, 0, 0, 0, 0, SS_AB(INTERRUPTS_ROLL), 6, SS_TG_ROLL,          \
	    SS_DUR_INSTANT, "", "Interrupts a Die Roll: the result is 6.")    \
	X(EARTHQUAKE, "earthquake", "Earthquake", SS_EVENT, "Nature", 2, 0,   \
	    0, 0, 0, 0, 0, SS_AB(CHAOS), 5, SS_TG_TERRAIN, SS_DUR_ROUND, "",  \
	    "Chaos 5: the target Terrain is destroyed; Units on it flee.")

#define SS_CARD_ENUM(id, ...) SS_CARD_##id,
enum ss_card_id { SS_CARD_LIST(SS_CARD_ENUM) SS_NCARDS };
#undef SS_CARD_ENUM

struct ss_card {
	const char *word;  /* "war-veterans", as written in orders */
	const char *name;  /* "War Veterans" */
	int type;          /* enum ss_type */
	const char *subtype;
	int cost;          /* 0 (nulla) to 5 */
	unsigned paths;    /* SS_EARTH | SS_WATER | SS_AIR */
	int limit;         /* Terrains and Capitals */
	int speed;         /* Units */
	int power[3];      /* melee, ranged, resistance; SS_NULLA allowed */
	unsigned abilities;
	int param;
	int target;        /* enum ss_target */
	int duration;      /* enum ss_duration */
	const char *mod;   /* the modifier it gives, or "" */
	const char *text;
};
extern const struct ss_card ss_cards[SS_NCARDS];

#define SS_DECK_MAX 200
#define SS_QUOTE_MAX 40

/* The cards' words ("war-veterans"), in card order. */
extern const char *const ss_cards_words[SS_NCARDS];

/* The card with this word (exact, or a unique prefix, or else its
 * plural or singular or a part of one name only: names_find); -1 with
 * why set ("unknown card 'x'" with the nearest name, "ambiguous card
 * 'x'") otherwise. */
int ss_cards_find(const char *word, char *why, size_t size);

/* Card names written as printed, in words ("Griffin Riders"), joined
 * into the cards' words from word from on (names_join). */
int ss_cards_join(struct util_words *w, int from);

/* After ss_cards_join, a card name written with a slip ("griffin
 * ridrs") made one word as written, for a reason that names the card
 * meant (names_join_slips: only where a reason is written). */
void ss_cards_join_slips(struct util_words *w, int from);

/* True if card is a Unit when in play: Troops, Capitals, and Events that
 * act as Units. */
int ss_cards_is_unit(int card);

/* The most moves in a turn the Move Restriction of Terrain terrain
 * allows a Unit card entering or leaving it, or -1 when none holds it:
 * the Terrain has none, or the Unit may cross it by a path the
 * restriction does not name (its master picks the more convenient
 * path: the text). */
int ss_cards_restriction(int terrain, int card);

/* ---- Deck lists (ss_deck.c) --------------------------------------- */

/* A deck list: how many of each card. */
struct ss_deck {
	int count[SS_NCARDS];
};

/* Parse a deck list: lines "N word" or "word" (one copy), blank lines and
 * "#" comments ignored, the same card may appear on several lines; then
 * check it (ss_deck_check).  Returns 0, or -1 with e set at the line and
 * column of the fault (the whole list if it is about the totals). */
int ss_deck_parse(const char *text, struct ss_deck *d, struct gb_err *e);

/* Add one line of a deck list (line number lineno) to d: 0, or -1 with
 * e set.  Totals are checked only as far as SS_DECK_MAX. */
int ss_deck_line(const char *line, int lineno, struct ss_deck *d,
    struct gb_err *e);

/* Exactly one Capital; at least one card besides it; at most SS_DECK_MAX
 * cards in all.  Returns 0, or -1 with a reason in why. */
int ss_deck_check(const struct ss_deck *d, char *why, size_t size);

/* The standard deck (documented in RULINGS): 50 cards. */
void ss_deck_standard(struct ss_deck *d);

/* Cards in a deck. */
int ss_deck_total(const struct ss_deck *d);

/* ---- Power modifiers and the Rule of Singularity (ss_power.c) ------- */

/* One modifier acting on one Unit: a bonus (sign +1) or a penalty (sign
 * -1) of amount[t] to each trait, given by a card of type src_type. */
struct ss_mod {
	int src_type; /* enum ss_type; a Capital counts as a Terrain */
	int sign;
	int amount[SS_TRAITS];
};

/* Parse a modifier as printed: "+1/1/1", "-0/0/2", "+speed 1". */
int ss_power_mod_parse(const char *s, int src_type, struct ss_mod *m);

/* The Rule of Singularity (see RULINGS): for each trait, the greatest
 * bonus from each card type and the greatest penalty from each card type;
 * bonuses of different types add, penalties of different types add; the
 * total bonus and total penalty then net against each other.  bonus[t]
 * and penalty[t] receive the net (at most one of them is non-zero). */
void ss_power_net(const struct ss_mod *mods, size_t n, int bonus[SS_TRAITS],
    int penalty[SS_TRAITS]);

/* The traits of a Unit with base values base[] (SS_NULLA allowed) under
 * mods: nulla stays nulla; attacks and speed never go below 0; resistance
 * may reach 0 (the Unit is then destroyed).  A Capital's speed is 0
 * whatever the modifiers (capital non-zero). */
void ss_power_apply(const int base[SS_TRAITS], const struct ss_mod *mods,
    size_t n, int capital, int out[SS_TRAITS]);

/* "3/n/6", or with show_speed "3/n/6 speed 1". */
void ss_power_format(const int v[SS_TRAITS], int show_speed, char *buf,
    size_t size);

/* ---- Battle arithmetic (ss_battle.c) ------------------------------- */

/* The most Units one distribution covers: the limits of the Basic
 * Collection let a Terrain hold at most 3 Troops plus conjurations and a
 * Capital, so 32 is far above any legal company. */
#define SS_DEFAULT_MAX 32

/* One Unit in a battle, with its traits as modified now. */
struct ss_fighter {
	int card;
	int power[SS_TRAITS]; /* SS_NULLA allowed */
	unsigned paths;       /* the paths it may use */
	int damage;           /* damage taken so far in this battle */
};

/* The attack a company pools: the melee (close) or ranged traits of its
 * Units, nulla counting 0; the caller adds the one die. */
int ss_battle_pool(const struct ss_fighter *f, size_t n, int ranged);

/* The attack trait of f against a target on a Construction terrain, or
 * a Construction itself: its Artillery power's ranged attack if it has
 * the ability and construction is non-zero, else its own. */
int ss_battle_attack(const struct ss_fighter *f, int ranged,
    int construction);

/* May the company att[0..n) assign close-combat damage to target?  Some
 * attacker shares a path with it, or has Dive Attack, or has Boarding and
 * the target may use Earth.  Ranged damage may go to any target. */
int ss_battle_can_hit(const struct ss_fighter *att, size_t n,
    const struct ss_fighter *target, int ranged);

/* The damage a Unit can take before it is destroyed: its resistance
 * less the damage it has; 0 for one already doomed. */
int ss_battle_left(const struct ss_fighter *f);

/* Check a distribution of total damage over targets t[0..n): assign[i]
 * to t[i].  hit[i] says whether t[i] may be assigned damage.  All damage
 * must be assigned, to hittable targets only; while a hittable target
 * with Take Away Attracts Attacks is not doomed, no other target may take
 * damage.  When no target may be hit, nothing is assigned.  Returns 0,
 * or -1 with a reason. */
int ss_battle_check(const struct ss_fighter *t, const int *hit, size_t n,
    const int *assign, int total, char *why, size_t size);

/* The default distribution (a missed deadline, or a standing order
 * "damage default"): hittable Take Away targets first, then the others
 * from the least damage still needed to destroy them (ties in order);
 * each takes exactly what destroys it while damage lasts, the next
 * takes what is left; damage past destroying them all goes to a
 * hittable Capital (Maintenance makes it count there), else to the
 * first hittable target.  Fills assign[0..n); n at most SS_DEFAULT_MAX. */
void ss_battle_default(const struct ss_fighter *t, const int *hit, size_t n,
    int total, int *assign);

/* A distribution by the instruction prio[0..nprio) (cards): hittable
 * Take Away targets first (the rule), then the targets of each card of
 * prio in its order (cheapest first among the same card), then the
 * others as by default; each takes what destroys it while damage lasts;
 * damage past destroying them all goes to a hittable Capital, else to
 * the first target of prio hit, or else as by default.  With nprio 0 it
 * is ss_battle_default. */
void ss_battle_ordered(const struct ss_fighter *t, const int *hit, size_t n,
    int total, const int *prio, int nprio, int *assign);

/* Cards a Capital with Maintenance makes its master waste after taking
 * damage: one per point past its resistance. */
int ss_battle_maintenance(const struct ss_fighter *capital);

/* Close combat's aftermath for the attacker. */
enum ss_claim {
	SS_CLAIM_NONE,  /* the attackers are all destroyed */
	SS_CLAIM_TAKE,  /* the defenders are: the attackers station there */
	SS_CLAIM_FLEE   /* both have survivors: the attackers flee back */
};
enum ss_claim ss_battle_claim(int attackers_left, int defenders_left);

/* Does a Unit with Bushido of cost cost fail its code: some opponent of
 * equal or lower cost survived?  opp_cost[i] and opp_alive[i] describe
 * the opposing Units. */
int ss_battle_bushido(int cost, const int *opp_cost, const int *opp_alive,
    size_t n);

/* ---- The state (ss_state.c) --------------------------------------- */

#define SS_NONE (-1)
#define SS_SQ_UNITS 16  /* Units on one square, at most */
#define SS_EFFECTS 64   /* Effects in play, at most */
#define SS_STANDING 16  /* standing orders of one player, at most */
/* The longest canonical text of a standing order (ss_react_format):
 * "on strike target" and SS_PRIO_MAX card words of at most 17 letters
 * make 124 (test_ss_standing_fits checks every card). */
#define SS_STANDING_CHARS 127
#define SS_HAND_CAP 6
#define SS_NAME_MAX 32  /* a player's name, at most (util_valid_name) */

/* Where the game stands.  X(ID, word in the state, name in reports). */
#define SS_STAGE_LIST(X)                                                   \
	X(DECK, "deck", "Deck list") /* every player owes a sealed list */  \
	X(DRAW, "draw", "Draw Stage") /* the active player's Draw Stage */ \
	X(MAIN, "main", "Main Stage") /* the active player's Main Stage */ \
	X(OVER, "over", "end")
#define SS_STAGE_ENUM(id, w, name) SS_STAGE_##id,
enum ss_stage { SS_STAGE_LIST(SS_STAGE_ENUM) SS_STAGES };
#undef SS_STAGE_ENUM
extern const char *const ss_state_stage_words[SS_STAGES];
extern const char *const ss_state_stage_names[SS_STAGES];

/* A pile of cards: index 0 is the top.  A card in a signed char, and a
 * Unit's fields in shorts and signed chars (below): the state is
 * allocated, zeroed and freed at every load (the fuzzer's round trip
 * loads one at each end of an input); with int fields it was 51 kB, and
 * under AddressSanitizer each of those allocations faults in fresh pages
 * (its quarantine keeps the freed ones), the kernel's page clearing then
 * a fifth of Senshiai's own share of a fuzz execution. */
struct ss_pile {
	int n;
	signed char card[SS_DECK_MAX];
};
_Static_assert(SS_NCARDS <= 127, "a card fits a signed char");

struct ss_player {
	struct ss_pile reserve; /* hidden, order too */
	struct ss_pile hand;    /* seen by its owner only */
	struct ss_pile discard; /* public */
	int out;                /* 1 once beaten or after seppuku */
	int forced_by;          /* the last player who made this one discard
	                         * or waste, or SS_NONE */
	int nstanding;
	char standing[SS_STANDING][SS_STANDING_CHARS + 1]; /* hidden */
};

struct ss_unit {
	short card;
	short owner;
	short moves;       /* squares moved this turn (the state: 0 to 99) */
	signed char flees; /* times fled this turn (0 or 1) */
	signed char acted; /* SS_ACT_* done this turn */
	signed char held;  /* the most moves this turn of a Move Restriction
	                    * it entered or left this turn (1 to 99), 0:
	                    * none */
};

#define SS_ACT_FOUGHT 1   /* took part in an attack */
#define SS_ACT_PRODUCED 2 /* used its Production */
#define SS_ACT_NOW 4      /* fighting in the battle being played; never
                           * in a saved state */
#define SS_ACT_STAYED 8   /* failed its Tardy roll: stays this turn */

struct ss_square {
	int terrain; /* a card, or SS_NONE: empty */
	int master;  /* who played the terrain */
	int activated; /* its Activate ability was used this turn */
	int fought;    /* a Capital: it attacked this turn */
	int nunits;
	struct ss_unit unit[SS_SQ_UNITS];
};

struct ss_effect {
	int card;
	int caster;
	int sq;       /* the square of its target */
	int unit;     /* index of its target Unit on sq, or SS_NONE */
	int duration; /* enum ss_duration */
	int round_of; /* the player whose turn it was when it was cast: an
	               * Effect of a round ends as his next turn begins,
	               * before his Draw Stage (the text counts a round
	               * "from whatever moment inside one's turn") */
};

struct ss_game {
	int n;          /* players */
	int turn;       /* turns begun so far */
	int active;
	int stage;      /* enum ss_stage */
	int limit;      /* a draw after this many turns; 0: none */
	struct ss_player p[GAME_MAX_PLAYERS];
	struct ss_square sq[SS_SQUARES];
	int neffects;
	struct ss_effect effect[SS_EFFECTS];
	unsigned winners;
	char reason[GAME_REASON_MAX];
	/* The players' names, as setup and load were given them: not in
	 * the state (the core keeps them), so that an order may name a
	 * player ("cast open-the-vaults cat"); "" when not known. */
	char names[GAME_MAX_PLAYERS][SS_NAME_MAX + 1];
};

/* g's names set from pl (cut to SS_NAME_MAX, a valid name's most). */
void ss_state_names(struct ss_game *g, const struct game_players *pl);
/* The player named word in g (by name, or by the number the board
 * lists, 1 to g->n), or -1. */
int ss_state_named(const struct ss_game *g, const char *word);

/* Read the game's section of the state for pl->n players; NULL with e
 * set at the offending node.  The caller frees the result. */
struct ss_game *ss_state_load(const struct node *sec, int n,
    struct gb_err *e);
/* The section for g; load(save(g)) equals g. */
struct node *ss_state_save(const struct ss_game *g);
/* g copied to dst as far as it is used (what save writes: the cards of
 * each pile, the Units of each square, the Effects, the standing orders
 * of each player), not the unused rest of its arrays: a copy of the
 * whole structure (tens of kilobytes) for every order checked cost most
 * of a playout.  Nothing reads past those counts. */
void ss_state_copy(struct ss_game *dst, const struct ss_game *src);
/* Are a and b the same game as far as ss_state_copy copies (the used
 * part of each array)?  What legal, legal_pick and validate keep between
 * calls (ss_check.c's memo) is keyed on it. */
int ss_state_equal(const struct ss_game *a, const struct ss_game *b);

/* ---- Piles and the board's cards (ss_pile.c) ---------------------- */

/* names are the players' names, for the log; ev may be NULL (checking
 * orders, nothing logged). */
void ss_pile_push(struct ss_pile *pl, int card);   /* on top */
void ss_pile_append(struct ss_pile *pl, int card); /* beneath */
int ss_pile_take(struct ss_pile *pl, int i);       /* remove card i */
int ss_pile_find(const struct ss_pile *pl, int card); /* index or -1 */
/* Player p draws n cards (fewer if the Reserve runs out). */
void ss_pile_draw(struct ss_game *g, int p, int n);
/* Player p wastes n cards, forced by player by (SS_NONE: nobody). */
void ss_pile_waste(struct ss_game *g, int p, int n, int by,
    struct events *ev, const char *const *names);
/* Player p restores n cards. */
void ss_pile_restore(struct ss_game *g, int p, int n, struct events *ev,
    const char *const *names);
/* Player p pays card's cost with the first cards of the hand (card
 * already out of it) onto the Discard Pile, and logs which. */
void ss_pile_pay_first(struct ss_game *g, int p, int card,
    struct events *ev, const char *const *names);
/* Unit k of square s moves to square to, carrying its Effects. */
void ss_pile_unit_move(struct ss_game *g, int s, int k, int to);
/* Unit k of square s is destroyed: to its owner's Discard Pile. */
void ss_pile_unit_destroy(struct ss_game *g, int s, int k);
/* The company Effects on square s (Effects with no Unit target) named by
 * carry[0..ncarry), each card naming one not named before: their
 * indices into out, returns how many (fewer than ncarry if one is not
 * there). */
int ss_pile_carried(const struct ss_game *g, int s, const int *carry,
    int ncarry, int out[SS_EFFECTS]);
/* ", carrying Forced March, Fog" for the Effects idx[0..n) (see
 * ss_pile_carried), into buf; "" for none. */
void ss_pile_carried_text(const struct ss_game *g, const int *idx, int n,
    char *buf, size_t size);
/* Destroy every Unit whose Resistance is now 0. */
void ss_pile_zero(struct ss_game *g, struct events *ev,
    const char *const *names);
/* Effect i ends: to its caster's Discard Pile. */
void ss_pile_effect_end(struct ss_game *g, int i);
/* Every Effect of duration dur ends (for SS_DUR_ROUND only those whose
 * round_of is g->active), each logged: its duration is over. */
void ss_pile_effects_expire(struct ss_game *g, int dur, struct events *ev,
    const char *const *names);

/* ---- Who is out, and the game's end (ss_out.c) -------------------- */

/* Player p is out (how: "seppuku" or a reason); ends the game when
 * RULINGS says so. */
void ss_out(struct ss_game *g, int p, const char *how,
    struct events *ev, const char *const *names);
/* Everyone whose Reserve is empty is out. */
void ss_out_check(struct ss_game *g, struct events *ev,
    const char *const *names);
/* A draw once the turn limit is reached. */
void ss_out_draw_limit(struct ss_game *g, struct events *ev);

/* ---- A battle on the board (ss_fight.c) --------------------------- */

/* May Unit k of square s join an attack on square to now: not yet
 * fought this turn, and for close combat a move left and a path shared
 * with the Terrain at to (the Unit must enter it; to SS_NONE: not
 * asked), for ranged a ranged trait that is not nulla? */
int ss_fight_eligible(const struct ss_game *g, int s, int k, int to,
    int ranged);
/* May the Capital at s, player p's, join an attack at range now: it
 * has not attacked this turn and its ranged trait is not nulla? (It
 * never joins a close combat: its Speed is 0 and close combat requires
 * a move.) */
int ss_fight_capital(const struct ss_game *g, int s, int p);
/* Why Unit k of square s may not join that attack ("has fought this
 * turn", ...), or NULL when it may. */
const char *ss_fight_bar(const struct ss_game *g, int s, int k, int to,
    int ranged);
/* The active player's eligible Units of from attack square to; plays the
 * whole battle, logging every roll.  The attacker's damage goes by
 * prio[0..nprio) if nprio > 0, else by his "on strike" instruction; the
 * defender's by his.  If the attackers claim to while some of their
 * company stays on from, the company Effects named by carry[0..ncarry)
 * go with them (ss_pile_carried).  Returns 1 if an opponent's reaction
 * ended the battle before any die of it was rolled (Ambush, or no
 * attacker left), else 0. */
int ss_fight(struct ss_game *g, int from, int to, int ranged,
    const int *prio, int nprio, const int *carry, int ncarry,
    struct rng *rng, struct events *ev, const char *const *names);

/* ---- Fleeing (ss_flee.c) ------------------------------------------- */

/* The Units of from fighting now (SS_ACT_NOW) flee back to from, where
 * they stand: each flight counts. */
void ss_flee_back(struct ss_game *g, int from, struct events *ev,
    const char *const *names);
/* Every Unit on square s must flee (its Terrain is destroyed): each, in
 * order, to the first near square in board order that has a Terrain
 * sharing a path with it, holds no enemy of its owner and has room within
 * its Limit; a Unit with nowhere to go, or fleeing a second time this
 * turn, is destroyed.  Logs each. */
void ss_flee_all(struct ss_game *g, int s, struct events *ev,
    const char *const *names);
/* The Terrain at s leaves the board (destroyed, or its master is out):
 * its Units flee (ss_flee_all), the Effects there end, and the Terrain
 * goes to its master's Discard Pile.  Logs each card (ev may be NULL:
 * checking). */
void ss_flee_terrain_gone(struct ss_game *g, int s, struct events *ev,
    const char *const *names);

/* ---- Chaos (ss_chaos.c) ------------------------------------------- */

/* card (Chaos: Earthquake), cast by caster on the Terrain at s and paid
 * for, rolls its die at once (RULINGS): at or above its number the
 * Terrain is destroyed, to its master's Discard Pile, its Units flee and
 * its Effects end.  Logs every step. */
void ss_chaos_quake(struct ss_game *g, int caster, int card, int s,
    struct rng *rng, struct events *ev, const char *const *names);

/* ---- Orders of a turn (ss_play.c) --------------------------------- */

#define SS_PLAY_REFUSED (-1) /* why says why; g may be half changed */
#define SS_PLAY_DONE 0       /* applied; more orders may follow */
#define SS_PLAY_LAST 1       /* ends the answer ("draw", "end", or an
                              * order that rolls dice) */
#define SS_PLAY_CUT 2        /* ends the answer: an opponent's reaction
                              * cut the order short (an Event annulled,
                              * a close combat interrupted or left with
                              * no attacker, Earthquake on the square a
                              * move reached); an "end" after it lapses
                              * (applying only: checking fires none) */

/* Check one Draw or Main Stage order of player p against g and apply it
 * to g.  With rng NULL (checking: ev NULL too) orders that roll dice are
 * checked, not played. */
int ss_play_order(struct ss_game *g, int p, const char *text,
    struct rng *rng, struct events *ev, const char *const *names,
    char *why, size_t size);
/* Would ss_play_order accept the order, checking (rng NULL)?  The same
 * code, returning as soon as no refusal can follow and changing nothing
 * in g: for counting legal orders.  The order is text, or (text NULL)
 * its words w as util_words splits them; why may have size 0 (no reason
 * is written). */
int ss_play_verdict(const struct ss_game *g, int p, const char *text,
    const struct util_words *w, char *why, size_t size);
/* ---- Orders checked, and the legal ones (ss_check.c, ss_legal.c) ---- */

/* Check orders[0..n) of player on g (owes: does he owe orders now?): each accepted order is played on the
 * memo's position (a refusal plays the accepted ones again from g), from
 * the memo's orders on; v may be NULL.  Returns 1 if complete, with *deck
 * the deck list and *after the position after the accepted orders (g if
 * none was played; exact: after exactly these, as a walk needs, else
 * possibly the memo's further one). */
int ss_check(const struct ss_game *g, int player, int owes,
    const struct order *orders, size_t n, struct verdict *v,
    struct ss_deck *deck, int exact, const struct ss_game **after);
/* The game_entry's note: a warning on orders[n - 1] of player, all n
 * accepted, into note ("" for none): Units of an attacking company
 * that stay out of the battle, and why; a standing order that would
 * wait if its moment came now, or stands twice; a standing draw that
 * would empty the Reserve. */
void ss_check_note(const struct ss_game *g, int player,
    const struct order *orders, size_t n, char *note, size_t size);
/* Forget what validate, legal and legal_pick keep between calls
 * (ss_check's memo): the next call plays its orders afresh.  For tests,
 * which check that the memo gives what playing afresh gives. */
void ss_check_forget(void);

/* The game_entry's legal, legal_pick and legal_sample for player, who
 * owes orders now if owes (game.h). */
void ss_legal(const struct ss_game *g, int player, int owes,
    const struct order *prefix, size_t n, struct strlist *out);
size_t ss_legal_pick(const struct ss_game *g, int player, int owes,
    const struct order *prefix, size_t n, game_choose *choose, void *arg,
    char *buf, size_t size);
int ss_legal_sample(const struct ss_game *g, int player, int owes,
    const struct order *prefix, size_t n, game_choose *choose, void *arg,
    char *buf, size_t size);

/* ---- Text without printf (ss_text.c) ------------------------------- */

/* s appended at buf + *at, cut to fit size bytes with the NUL, as
 * snprintf would (buf holds a string of *at bytes). */
void ss_text_cat(char *buf, size_t size, size_t *at, const char *s);

/* ---- One square's holder and company (ss_square.c) ----------------- */

/* Is square s part of p's realm (p's Units, or p's unoccupied
 * terrain)? */
int ss_square_realm(const struct ss_game *g, int p, int s);
/* Does square s hold an enemy of p (Units, or an enemy Capital)? */
int ss_square_enemy(const struct ss_game *g, int p, int s);
/* Troops on a square (what its Limit counts). */
int ss_square_troops(const struct ss_square *q);
/* May u use its Production now? */
int ss_square_producer(const struct ss_unit *u);
/* The Units at q that may use their Production now ("produce SQ" is
 * refused without one). */
int ss_square_producers(const struct ss_square *q);
/* The tests "activate SQ" makes of the company at q once it is the
 * player's: 0 if they pass, 1 if the Terrain cannot be activated now, 2
 * if too few Units stand on it.  legal_pick skips the candidates they
 * refuse. */
int ss_square_activate_test(const struct ss_square *q);

/* What "moves left" means when nothing holds a Unit. */
#define SS_MOVE_FREE 99
/* The moves u may still make this turn by the Move Restriction it met
 * (held), and, for terrain (SS_NONE: none), by the one of that Terrain
 * when it enters or leaves it: SS_MOVE_FREE when none holds it.  The
 * text: a Unit "coming in or out of this Terrain may not move more
 * times than the listed number". */
int ss_square_room(const struct ss_unit *u, int terrain);
/* u entered or left a Terrain terrain: hold it to that Terrain's Move
 * Restriction for the rest of the turn, if it has one for u. */
void ss_square_hold(struct ss_unit *u, int terrain);

/* ---- Reactions: standing orders (ss_react.c) ----------------------- */

/* The named events a standing order waits for.  X(ID, word). */
#define SS_TRIGGER_LIST(X)                                                 \
	X(ATTACKED, "attacked") /* an enemy attacks the player's company */ \
	X(ATTACK, "attack")     /* the player's company attacks */          \
	X(ROLL, "roll")         /* the player is to roll a die */           \
	X(CAST, "cast")         /* an opponent casts an Event */         \
	X(STRIKE, "strike")     /* the player distributes damage */     \
	X(DRAW, "draw")         /* an opponent has drawn (Draw Stage) */ \
	X(MOVE, "move")         /* an opponent's company ends a move */
#define SS_TRIGGER_ENUM(id, w) SS_ON_##id,
enum ss_trigger { SS_TRIGGER_LIST(SS_TRIGGER_ENUM) SS_ON_TRIGGERS };
#undef SS_TRIGGER_ENUM
extern const char *const ss_react_trigger_words[SS_ON_TRIGGERS];

#define SS_PRIO_MAX 6 /* cards in a damage distribution instruction */
#define SS_PAY_MAX 5  /* cards a standing order names to pay with: the
                       * highest cost */

/* The standing draw ("standing draw [N]") is kept among the standing
 * orders with this trigger: it answers the player's own Draw Stage. */
#define SS_ON_OWN_DRAW SS_ON_TRIGGERS
#define SS_DRAW_FILL (-2) /* "standing draw": fill the hand */

/* One standing order, parsed. */
struct ss_standing {
	int trigger; /* enum ss_trigger, or SS_ON_OWN_DRAW */
	int draw;    /* SS_ON_OWN_DRAW: cards to draw, or SS_DRAW_FILL */
	int at;      /* attack(ed), move: a square or SS_NONE (any); cast:
	              * the card awaited; draw: a player or SS_NONE (any);
	              * roll, strike: SS_NONE */
	int card;    /* the Event it casts; strike: SS_NONE */
	int nprio;   /* strike: the Units to destroy first, in order */
	int prio[SS_PRIO_MAX];
	int npay;    /* "pay CARD...": the cards it pays with (as many as
	              * the cost), or 0: the first others of the hand */
	int pay[SS_PAY_MAX];
};

/* Parse a standing order ("on attacked e5 cast ambush", optionally
 * followed by "pay CARD..." naming as many cards as the cost): 0, or -1
 * with why set.  The card must answer the trigger: Ambush, Native Barbarian
 * and Events with Power Modifiers (Battle Cry, Blessing...) "attacked",
 * Events with Power Modifiers "attack", Divine Wind "roll", Dispel
 * "cast", Open the Vaults "draw", Earthquake "move".
 * "on strike target CARD..." (1 to SS_PRIO_MAX Unit cards) is the
 * player's damage distribution instruction: it is never used up. */
int ss_react_parse(const char *text, struct ss_standing *s, char *why,
    size_t size);
/* The canonical text of s (full card words), as kept in the state. */
void ss_react_format(const struct ss_standing *s, char *buf, size_t size);
/* May player p give the standing order text now?  s receives it
 * parsed; returns the place it takes among p's standing orders (a new
 * "on strike" replaces the old), or -1 with why set. */
int ss_react_check(const struct ss_game *g, int p, const char *text,
    struct ss_standing *s, char *why, size_t size);
/* Player p gives a standing order (a new "on strike" replaces the old):
 * 0, or -1 with why set. */
int ss_react_order(struct ss_game *g, int p, const char *text, char *why,
    size_t size);
/* Fire the first standing order of p waiting for trigger at at (a
 * square, a player, or the card cast) whose card has an ability in abil
 * (0: any card), is in the hand and can be paid: by the cards it names
 * after "pay", all in the hand besides it, or else by the first other
 * cards of the hand.  The order is used up, the card leaves the hand,
 * the cards paid go to the Discard Pile (a default payment logged to
 * ev).  Returns the card (the caller puts it in play or on the Discard
 * Pile), or -1 when no order fires. */
int ss_react_fire(struct ss_game *g, int p, int trigger, int at,
    unsigned abil, struct events *ev, const char *const *names);
/* card, just cast by caster (from the hand or by a standing order, its
 * cost paid), meets the opponents' "on cast CARD cast dispel" orders,
 * asked in turn order from the caster; a Dispel may itself be annulled
 * the same way.  If annulled, card goes to its caster's Discard Pile
 * (logged), the annuller counts as the last to force the caster to
 * discard (Ruling, Winning) and 1 is returned; else 0 and the caller
 * plays it. */
int ss_react_annul(struct ss_game *g, int caster, int card,
    struct events *ev, const char *const *names);
/* Parse "target CARD..." at words w[at..]: the Unit cards, into prio;
 * returns how many (1 to SS_PRIO_MAX), or -1 with why set. */
int ss_react_targets(const struct util_words *w, int at,
    int prio[SS_PRIO_MAX], char *why, size_t size);
/* Player p's standing draw: the order of the Draw Stage it gives
 * ("draw" or "draw N", N cut to what the hand may take now) written to
 * buf, returns 1; 0 when p has none. */
int ss_react_draw(const struct ss_game *g, int p, char *buf, size_t size);
/* Why player p's standing order s would not do what he may expect if
 * its window came now, into buf ("" if nothing): an "on ... cast CARD"
 * waits while CARD, or a card it names after "pay", is not in the hand,
 * or the hand holds too few other cards to pay; a standing draw would
 * empty the Reserve, which puts him out.  Returns 1 if it wrote one. */
int ss_react_waits(const struct ss_game *g, int p,
    const struct ss_standing *s, char *buf, size_t size);
/* Player p's damage distribution instruction ("on strike"): the cards
 * into prio, returns how many (0: none given). */
int ss_react_prio(const struct ss_game *g, int p, int prio[SS_PRIO_MAX]);
/* A die rolled by p: the number of an Event that Interrupts a Die Roll,
 * if a standing order of p casts one (logged; no draw from rng), else
 * rng_die(rng, 6). */
int ss_react_die(struct ss_game *g, int p, struct rng *rng,
    struct events *ev, const char *const *names);

/* ---- Modifiers in play (ss_mods.c) -------------------------------- */

#define SS_MODS_MAX (SS_EFFECTS + SS_SQ_UNITS + 1)

/* The modifiers acting now on Unit u of square sq (u SS_NONE: the
 * Capital on sq, acting as a Unit): the Terrain's Power Modifiers, those
 * of the other allied Troops of its company, and Events in play on it or
 * on its company (for a Capital, only those its master cast: it is
 * immune to the others).  Returns how many were written to out. */
size_t ss_mods_on(const struct ss_game *g, int sq, int u,
    struct ss_mod out[SS_MODS_MAX]);

/* The traits of Unit u of square sq (SS_NONE: its Capital) under the
 * modifiers in play. */
void ss_mods_traits(const struct ss_game *g, int sq, int u,
    int out[SS_TRAITS]);
/* The same, the Terrain of square at acting on it instead of its own:
 * attackers in close combat occupy the defenders' Terrain (RULINGS). */
void ss_mods_traits_at(const struct ss_game *g, int sq, int u, int at,
    int out[SS_TRAITS]);

/* ---- The view (ss_view.c) ------------------------------------------ */

/* The board drawn in text and every pile, as player (or the public, -1)
 * may see it: hands and standing orders of others, and every Reserve's
 * order, are left out.  At most 72 columns. */
void ss_view(const struct ss_game *g, const char *const *names, int player,
    struct sbuf *out);

/* The same as data for the JSON report (ss_data.c); the caller frees
 * it. */
struct node *ss_data(const struct ss_game *g, const char *const *names,
    int player);

/* The same as an SVG picture (ss_picture.c). */
void ss_picture(const struct ss_game *g, const char *const *names,
    int player, struct sbuf *out);

/* ---- The board (ss_board.c) ---------------------------------------- */


/* The square of player p's Capital in a game of n players. */
int ss_board_capital(int n, int p);
/* Distance in moves between two squares (Chebyshev). */
int ss_board_dist(int a, int b);
/* 1 if a and b are near (distance 1). */
int ss_board_near(int a, int b);
/* The squares near sq, in square order; returns how many. */
int ss_board_neighbours(int sq, int out[SS_NEAR_MAX]);
/* "e5"; buf must hold 3 bytes. */
void ss_board_name(int sq, char buf[3]);
/* The square named s ("e5"), or -1. */
int ss_board_parse(const char *s);

#endif
