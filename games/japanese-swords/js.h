/* js.h - what the files of the Japanese Swords module share.
 *
 * js_quote.c   a player's word quoted in a reason
 * js_clan.c    a player's name, honor, and the end of the game
 * js_traits.c  the trait table, and what a clan's traits add up to
 * js_map.c     terrains, squares, the built-in maps, map files and checks
 * js_army.c    the armies on the map
 * js_cards.c   the card table, the deck and hands
 * js_trade.c   trade offers, matching and exchange
 * js_site.c    homes; taking fortresses and keeps, and elimination
 * js_battle.c  drawing for a battle, force arithmetic, the outcome
 * js_turn.c    the phases of a turn, played or planned order by order
 * js_order.c   reading and writing orders
 * js_flow.c    the sequence of decision points: turn order, turns,
 *              Intrigue, battles, Forced March; what is owed next
 * js_legal.c   validate, and the legal orders (and so the defaults)
 * js_save.c    the state section: save
 * js_check.c   what a loaded game must keep to be one play can reach
 * js_state.c   the state section: load
 * js_view.c    the board and hands drawn in text
 * js_data.c    the same as data for the JSON report
 * js_picture.c the map as an SVG picture
 * js_help.c    the orders help of the template
 * js.c         the game_entry: options, setup, owed, resolve, perturb
 *
 * A file calls only files listed before it: the parts of the game
 * compute and return, and js_flow.c alone decides what comes next.
 *
 * The rules as implemented, with every ruling and its reason, are in
 * man/gunbai-japanese-swords.6. */
#ifndef GUNBAI_JS_H
#define GUNBAI_JS_H

#include "game/game.h"

#define JS_SIDE 10
#define JS_SQUARES (JS_SIDE * JS_SIDE)
#define JS_NONE (-1)
#define JS_MAX_KEEPS (3 * GAME_MAX_PLAYERS)
#define JS_MAX_SITES (GAME_MAX_PLAYERS + JS_MAX_KEEPS)
#define JS_FORT_TRAITS 3
#define JS_ARMY_MAX 10       /* armies per player: the counters in the box */
#define JS_ARMIES (GAME_MAX_PLAYERS * JS_ARMY_MAX)
#define JS_MP 2              /* movement points of an army per travel */
#define JS_WIN_HONOR 50
#define JS_RAISE_COST 4
#define JS_DRAW_COST 2
#define JS_HONOR_COST 2
#define JS_FORT_GOLD 3
#define JS_KEEP_GOLD 1
#define JS_BATTLE_DRAW 5
#define JS_BATTLE_MAX 7      /* cards set aside in a battle */
#define JS_BATTLE_TROOPS 5   /* of which troop cards */
#define JS_CARD_COPIES 10    /* the most copies of one card in the deck */
#define JS_HAND_WINNER 8
#define JS_HAND_LOSER 3
#define JS_HAND_DIPLOMACY 5
#define JS_RPS_TIES 3        /* tied throws before lots decide */
#define JS_MAX_STEPS 100     /* orders of a turn kept across Intrigue */
#define JS_MAX_OFFERS 16
#define JS_TRADE_ITEMS 6
#define JS_MAX_LOSE 5        /* Intrigues in a turn: the cards in the deck */
#define JS_MAX_INT 1000000   /* bound of gold, honor, rounds in states */
#define JS_VIEW_WIDTH 72     /* columns of views and help, as of reports */

/* Card tags: what card-type traits look at. */
enum {
	JS_T_TROOP = 1 << 0,   /* a troop card: card-type traits apply */
	JS_T_ACTION = 1 << 1,  /* battle action */
	JS_T_INFANTRY = 1 << 2,
	JS_T_SPEARS = 1 << 3,
	JS_T_PEASANT = 1 << 4, /* Ashigaru */
	JS_T_SOLDIER = 1 << 5, /* Bushi */
	JS_T_MONK = 1 << 6,
	JS_T_GUNS = 1 << 7,
	JS_T_SAMURAI = 1 << 8,
	JS_T_SWORDS = 1 << 9,
	JS_T_HORSES = 1 << 10,
	JS_T_BOWS = 1 << 11
};
/* The cards the limit of 5 counts: "peasant, soldier, or samurai". */
#define JS_T_LIMITED (JS_T_PEASANT | JS_T_SOLDIER | JS_T_SAMURAI)

/* When a card's bonus applies. */
enum { JS_C_NONE, JS_C_DEFENDING, JS_C_ATTACKING, JS_C_SIEGE, JS_C_OPEN };

/* The phases of a turn, in order; also when a card is played. */
enum {
	JS_TP_START,   /* the turn begins: the player's offers lapse */
	JS_TP_REVENUE,
	JS_TP_TRADE,   /* after revenue, so that it can pay for trades */
	JS_TP_DISBAND, /* the expense phase before upkeep is paid */
	JS_TP_RAISE,   /* the expense phase after upkeep is paid */
	JS_TP_DRAW,
	JS_TP_HONOR,
	JS_TP_TRAVEL,
	JS_TP_BATTLE,
	JS_TP_END,
	JS_TP_NONE     /* a card that is only set aside in battle */
};

/* What a card needs as a target when played. */
enum { JS_AIM_NONE, JS_AIM_PLAYER, JS_AIM_ARMY, JS_AIM_OWN_ARMY };

/* The deck: X(ID, word, name, count, force, tags, condition, bonus,
 * phase played, target, notes).  Counts sum to 100. */
#define JS_CARD_LIST(X) \
	X(YARI_ASHIGARU, "yari-ashigaru", "Yari Ashigaru", 6, 3, \
	    JS_T_TROOP | JS_T_INFANTRY | JS_T_SPEARS | JS_T_PEASANT, \
	    JS_C_DEFENDING, 1, JS_TP_NONE, JS_AIM_NONE, \
	    "Infantry/Spears/Peasant, +1 defending") \
	X(BUSHI_NAGINATA, "bushi-naginata", "Bushi Naginata", 6, 4, \
	    JS_T_TROOP | JS_T_INFANTRY | JS_T_SOLDIER, JS_C_DEFENDING, 1, \
	    JS_TP_NONE, JS_AIM_NONE, "Infantry/Soldier, +1 defending") \
	X(WARRIOR_MONKS, "warrior-monks", "Warrior Monks", 6, 5, \
	    JS_T_TROOP | JS_T_INFANTRY | JS_T_MONK, JS_C_NONE, 0, \
	    JS_TP_NONE, JS_AIM_NONE, "Infantry/Monk") \
	X(ARQUEBUSIERS, "ashigaru-arquebusiers", "Ashigaru Arquebusiers", 6, \
	    5, JS_T_TROOP | JS_T_GUNS | JS_T_PEASANT, JS_C_SIEGE, 2, \
	    JS_TP_NONE, JS_AIM_NONE, "Guns/Peasant, +2 at siege") \
	X(MUSKETEERS, "bushi-musketeers", "Bushi Musketeers", 6, 6, \
	    JS_T_TROOP | JS_T_GUNS | JS_T_SOLDIER, JS_C_SIEGE, 2, \
	    JS_TP_NONE, JS_AIM_NONE, "Guns/Soldier, +2 at siege") \
	X(YARI_SAMURAI, "yari-samurai", "Yari Samurai", 5, 6, \
	    JS_T_TROOP | JS_T_SAMURAI | JS_T_INFANTRY | JS_T_SPEARS, \
	    JS_C_DEFENDING, 1, JS_TP_NONE, JS_AIM_NONE, \
	    "Samurai/Infantry/Spears, +1 defending") \
	X(NO_DACHI, "no-dachi-swordsmen", "No-Dachi Swordsmen", 5, 7, \
	    JS_T_TROOP | JS_T_SAMURAI | JS_T_INFANTRY | JS_T_SWORDS, \
	    JS_C_ATTACKING, 1, JS_TP_NONE, JS_AIM_NONE, \
	    "Samurai/Infantry/Swords, +1 attacking") \
	X(CAVALRY_ARCHERS, "cavalry-archers", "Cavalry Archers", 5, 6, \
	    JS_T_TROOP | JS_T_SAMURAI | JS_T_HORSES | JS_T_BOWS, JS_C_OPEN, \
	    1, JS_TP_NONE, JS_AIM_NONE, \
	    "Samurai/Horses/Bows, +1 in open ground") \
	X(YARI_CAVALRY, "yari-cavalry", "Yari Cavalry", 5, 4, \
	    JS_T_TROOP | JS_T_SAMURAI | JS_T_HORSES, JS_C_OPEN, 3, \
	    JS_TP_NONE, JS_AIM_NONE, "Samurai/Horses, +3 in open ground") \
	X(SAMURAI_ARCHERS, "samurai-archers", "Samurai Archers", 5, 7, \
	    JS_T_TROOP | JS_T_SAMURAI | JS_T_BOWS, JS_C_SIEGE, 1, \
	    JS_TP_NONE, JS_AIM_NONE, "Samurai/Bows, +1 at siege") \
	X(HEAVY_CAVALRY, "heavy-cavalry", "Heavy Cavalry", 5, 8, \
	    JS_T_TROOP | JS_T_SAMURAI | JS_T_HORSES | JS_T_SWORDS, \
	    JS_C_OPEN, 2, JS_TP_NONE, JS_AIM_NONE, \
	    "Samurai/Horses/Swords, +2 in open ground") \
	X(SUPERIOR_TACTICS, "superior-tactics", "Superior Tactics", 10, 7, \
	    JS_T_ACTION, JS_C_NONE, 0, JS_TP_NONE, JS_AIM_NONE, \
	    "battle action") \
	X(TREACHERY, "treachery", "Treachery", 3, 10, JS_T_ACTION, \
	    JS_C_NONE, 0, JS_TP_NONE, JS_AIM_NONE, \
	    "battle action, lose 7 honor") \
	X(PROSPERITY, "prosperity", "Prosperity", 1, 0, 0, JS_C_NONE, 0, \
	    JS_TP_REVENUE, JS_AIM_NONE, "gain 3 gold, revenue phase") \
	X(MUCH_HONOR, "much-honor", "Much Honor", 1, 0, 0, JS_C_NONE, 0, \
	    JS_TP_HONOR, JS_AIM_NONE, "gain 4 honor, honor phase") \
	X(DIPLOMACY, "diplomacy", "Diplomacy", 5, 0, JS_T_ACTION, JS_C_NONE, \
	    0, JS_TP_NONE, JS_AIM_NONE, "battle action: nobody wins") \
	X(SHINOBI_SPIES, "shinobi-spies", "Shinobi Spies", 5, 0, 0, \
	    JS_C_NONE, 0, JS_TP_HONOR, JS_AIM_PLAYER, \
	    "see a player's hand, honor phase") \
	X(FORCED_MARCH, "forced-march", "Forced March", 5, 0, 0, JS_C_NONE, \
	    0, JS_TP_TRAVEL, JS_AIM_OWN_ARMY, \
	    "an army travels and fights again") \
	X(INTRIGUE, "intrigue", "Intrigue", 5, 0, 0, JS_C_NONE, 0, \
	    JS_TP_HONOR, JS_AIM_PLAYER, \
	    "a player loses 3 cards or 3 honor") \
	X(NINJA, "ninja", "Ninja", 5, 0, 0, JS_C_NONE, 0, JS_TP_HONOR, \
	    JS_AIM_ARMY, "an army loses its experience; lose 3 honor")

#define JS_CARD_ENUM(id, ...) JS_CARD_##id,
enum { JS_CARD_LIST(JS_CARD_ENUM) JS_NCARDS };
#undef JS_CARD_ENUM

struct js_card {
	const char *word;  /* in orders and states: "yari-ashigaru" */
	const char *name;  /* in reports: "Yari Ashigaru" */
	int count;
	int force;
	unsigned tags;
	int cond;
	int bonus;
	int phase;         /* when it is played outside battle, or JS_TP_NONE */
	int aim;
	const char *notes;
};
extern const struct js_card js_cards[JS_NCARDS];
#define JS_DECK 100

/* What a trait does. */
enum { JS_E_HONOR, JS_E_TRIBUTE, JS_E_FORCE, JS_E_DEF_SITE, JS_E_ATT_SITE,
	JS_E_DEF, JS_E_ATT, JS_E_TAG, JS_E_NINJA_HOUSE };

/* The trait table: X(ID, D66 roll, word, name, effect, tag, amount). */
#define JS_TRAIT_LIST(X) \
	X(SHINTO_TEMPLE, 11, "shinto-temple", "Shinto Temple", JS_E_HONOR, 0, 1) \
	X(TRADING_POSTS, 12, "trading-posts", "Trading Posts", JS_E_TRIBUTE, 0, 1) \
	X(PORTS, 13, "ports", "Ports", JS_E_TRIBUTE, 0, 1) \
	X(TRADE_ROUTE, 14, "trade-route", "Trade Route", JS_E_TRIBUTE, 0, 1) \
	X(HORSES, 15, "horses", "Horses", JS_E_TRIBUTE, 0, 1) \
	X(GEISHA_HOUSE, 16, "geisha-house", "Geisha House", JS_E_TRIBUTE, 0, 1) \
	X(TRANQUIL_GARDENS, 21, "tranquil-gardens", "Tranquil Gardens", \
	    JS_E_HONOR, 0, 1) \
	X(BUDDHIST_TEMPLE, 22, "buddhist-temple", "Buddhist Temple", \
	    JS_E_HONOR, 0, 1) \
	X(TEA_HOUSE, 23, "tea-house", "Tea House", JS_E_HONOR, 0, 1) \
	X(ART_OF_WAR, 24, "art-of-war", "Art of War", JS_E_FORCE, 0, 1) \
	X(FORTIFICATIONS, 25, "fortifications", "Fortifications", \
	    JS_E_DEF_SITE, 0, 3) \
	X(SIEGECRAFT, 26, "siegecraft", "Siegecraft", JS_E_ATT_SITE, 0, 3) \
	X(SWORD_DOJO, 31, "sword-dojo", "Sword Dojo", JS_E_TAG, JS_T_SWORDS, 1) \
	X(MONK_DOJO, 32, "monk-dojo", "Monk Dojo", JS_E_TAG, JS_T_MONK, 3) \
	X(ARMORY, 33, "armory", "Armory", JS_E_TAG, JS_T_SAMURAI, 1) \
	X(NINJA_HOUSE, 34, "ninja-house", "Ninja House", JS_E_NINJA_HOUSE, 0, 1) \
	X(LARGE_POPULACE, 35, "large-populace", "Large Populace", JS_E_TAG, \
	    JS_T_PEASANT, 2) \
	X(ARCHERY_DOJO, 36, "archery-dojo", "Archery Dojo", JS_E_TAG, \
	    JS_T_BOWS, 2) \
	X(SPEAR_DOJO, 41, "spear-dojo", "Spear Dojo", JS_E_TAG, JS_T_SPEARS, 2) \
	X(BUSHI_DOJO, 42, "bushi-dojo", "Bushi Dojo", JS_E_TAG, JS_T_SOLDIER, 2) \
	X(GUNSMITHS, 43, "gunsmiths", "Gunsmiths", JS_E_TAG, JS_T_GUNS, 2) \
	X(STABLES, 44, "stables", "Stables", JS_E_TAG, JS_T_HORSES, 1) \
	X(BARRACKS, 45, "barracks", "Barracks", JS_E_TAG, JS_T_INFANTRY, 1) \
	X(COPPER_MINES, 46, "copper-mines", "Copper Mines", JS_E_TRIBUTE, 0, 1) \
	X(IRON_MINES, 51, "iron-mines", "Iron Mines", JS_E_TRIBUTE, 0, 1) \
	X(SILVER_MINES, 52, "silver-mines", "Silver Mines", JS_E_TRIBUTE, 0, 1) \
	X(GOLD_MINES, 53, "gold-mines", "Gold Mines", JS_E_TRIBUTE, 0, 1) \
	X(JADE_WORKS, 54, "jade-works", "Jade Works", JS_E_TRIBUTE, 0, 1) \
	X(PEARL_BEDS, 55, "pearl-beds", "Pearl Beds", JS_E_TRIBUTE, 0, 1) \
	X(SAKI_HOUSE, 56, "saki-house", "Saki House", JS_E_TRIBUTE, 0, 1) \
	X(YING, 61, "ying", "Ying", JS_E_DEF, 0, 2) \
	X(YANG, 62, "yang", "Yang", JS_E_ATT, 0, 2) \
	X(SILK_FARMERS, 63, "silk-farmers", "Silk Farmers", JS_E_TRIBUTE, 0, 1) \
	X(FARMS, 64, "farms", "Farms", JS_E_TRIBUTE, 0, 1) \
	X(MUCH_HONOR, 65, "much-honor", "Much Honor", JS_E_HONOR, 0, 1) \
	X(PALACE, 66, "palace", "Palace", JS_E_HONOR, 0, 1)

#define JS_TRAIT_ENUM(id, ...) JS_TRAIT_##id,
enum { JS_TRAIT_LIST(JS_TRAIT_ENUM) JS_NTRAITS };
#undef JS_TRAIT_ENUM

struct js_trait {
	int roll;          /* 11 to 66 */
	const char *word;
	const char *name;
	int effect;
	unsigned tag;      /* JS_E_TAG: the cards it improves */
	int amount;
};
extern const struct js_trait js_traits[JS_NTRAITS];

/* The terrains: X(ID, letter, word, name, move cost (0: impassable),
 * defence, examples). */
#define JS_TERRAIN_LIST(X) \
	X(CLEAR, 'C', "clear", "Clear", 1, 0, "plains") \
	X(FORTRESS, 'F', "fortress", "Fortress", 1, 10, "clan home") \
	X(KEEP, 'K', "keep", "Keep", 1, 5, "minor castle") \
	X(DIFFICULT, 'D', "difficult", "Difficult", 2, 0, "desert") \
	X(COVERED, 'H', "covered", "Covered", 2, 3, "forest, hills") \
	X(TREACHEROUS, 'T', "treacherous", "Treacherous", 2, -5, \
	    "rivers, swamps") \
	X(IMPASSABLE, 'X', "impassable", "Impassable", 0, 0, \
	    "water, mountains")

#define JS_TERRAIN_ENUM(id, ...) JS_TER_##id,
enum { JS_TERRAIN_LIST(JS_TERRAIN_ENUM) JS_NTERRAINS };
#undef JS_TERRAIN_ENUM

struct js_terrain {
	char letter;
	const char *word;
	const char *name;
	int cost;
	int defence;
	const char *examples;
};
extern const struct js_terrain js_map_terrains[JS_NTERRAINS];

/* The decision points, and the state's phase. */
enum { JS_P_RPS, JS_P_TURN, JS_P_INTRIGUE, JS_P_BATTLE, JS_P_MARCH,
	JS_P_OVER };

enum { JS_ROCK, JS_PAPER, JS_SCISSORS, JS_SHAPES };

struct js_site {
	int sq;
	int fortress;      /* 1: a fortress, 0: a keep */
	int home;          /* a fortress: whose home it is */
	int control;       /* a player, or JS_NONE */
	int ntraits;
	int traits[JS_FORT_TRAITS];
};

struct js_army {
	int sq;            /* JS_NONE: the slot is free */
	int owner;
	int exp;
	int march;         /* Forced March was played on it this turn */
	int mp;            /* movement points used in this travel phase */
	int attacked;      /* it declared an attack in this battle phase */
};

struct js_clan {
	int gold;
	int honor;
	int out;           /* eliminated */
	int hand[JS_NCARDS];
};

enum { JS_I_GOLD, JS_I_HONOR, JS_I_CARD, JS_I_ARMY, JS_I_KEEP, JS_NITEMS };

struct js_item {
	int kind;
	int n;             /* gold, honor: the amount; card: the card */
	int sq;            /* army, keep: the square */
};

struct js_offer {
	int from;
	int to;
	int ngive, nget;   /* as seen by from */
	struct js_item give[JS_TRADE_ITEMS];
	struct js_item get[JS_TRADE_ITEMS];
};

/* An order of travel or battle kept while an Intrigue is answered. */
enum { JS_V_DONE, JS_V_TRADE, JS_V_PLAY, JS_V_DISBAND, JS_V_RAISE,
	JS_V_DRAW, JS_V_HONOR, JS_V_MOVE, JS_V_ATTACK, JS_V_RPS, JS_V_LOSE,
	JS_V_BATTLE, JS_V_KEEP };

#define JS_PATH_MAX 4
struct js_step {
	int verb;          /* JS_V_MOVE, JS_V_ATTACK, JS_V_PLAY or JS_V_DONE */
	int card;          /* play */
	int nsq;
	int sq[JS_PATH_MAX]; /* move: from, then each step; attack: target,
	                      * attacker; play: the army */
};

struct js_attack {
	int at;            /* the defending army's square */
	int from;          /* the attacking army's square */
};

struct js_rps_group {
	int n;
	int members[GAME_MAX_PLAYERS];
	int ties;          /* tied throws in a row */
};

#define JS_NAME_MAX 33

struct js {
	int nplayers;
	char names[GAME_MAX_PLAYERS][JS_NAME_MAX]; /* from the core's list */
	int map[JS_SQUARES];            /* terrain of each square */
	int nsites;
	struct js_site sites[JS_MAX_SITES]; /* in reading order */
	int site_at[JS_SQUARES];        /* index into sites, or JS_NONE */
	struct js_clan clans[GAME_MAX_PLAYERS];
	struct js_army armies[JS_ARMIES];
	int deck[JS_DECK];              /* the top is deck[ndeck - 1] */
	int ndeck;
	int discard[JS_NCARDS];         /* the discard pile, by card */
	int phase;                      /* JS_P_* */
	int round;                      /* turns begun */
	int order[GAME_MAX_PLAYERS];    /* turn order, once thrown */
	int active;
	int part;                       /* 1, or 2 after a Forced March */
	int ngroups;                    /* JS_P_RPS: groups in rank order */
	struct js_rps_group groups[GAME_MAX_PLAYERS];
	int nsteps;                     /* JS_P_INTRIGUE: the rest of the turn */
	struct js_step steps[JS_MAX_STEPS];
	int nintrigues;                 /* JS_P_INTRIGUE: targets, in order */
	int intrigues[JS_MAX_LOSE];
	int nbattles;                   /* declared attacks still to fight */
	struct js_attack battles[JS_ARMIES];
	int noffers;
	struct js_offer offers[JS_MAX_OFFERS];
	unsigned winners;               /* JS_P_OVER */
	char reason[GAME_REASON_MAX];
};

/* Playing a decision out: on a copy to check orders (plan: rng and ev
 * NULL, nothing random happens), or on the game itself (play). */
struct js_run {
	struct js *g;
	struct rng *rng;
	struct events *ev;
	int player;
	int tp;            /* the turn phase reached (JS_TP_*) */
	int march;         /* the Forced March part: only marched armies */
	int done;
	int drew, bought;  /* a draw order, an honor order was given */
	int raised;        /* a raise order was given */
	int paused;        /* play: an Intrigue is owed; steps are kept */
	int hand_known;    /* checked with the hand after this turn's draw
	                    * (pending orders): a card not held plays
	                    * nothing, as in the run, and is not judged as
	                    * a card still to be drawn */
	/* NULL, or the army on each square of g (js_army_table) while
	 * nothing moves: js_legal.c's walk sets it while it checks a
	 * phase's candidates, so that each check looks an army up without
	 * scanning the 40 slots. */
	const struct js_army *const *at;
};

/* An order as read. */
struct js_act {
	int verb;
	int card;                  /* play */
	int player;                /* play on a player; trade partner */
	int n;                     /* draw, honor; rps shape; lose: honor? */
	int nsq;
	int sq[JS_PATH_MAX];
	struct js_offer offer;     /* trade */
	int cards[JS_NCARDS];      /* battle, lose, keep: a multiset */
	int ncards;
	int list[JS_BATTLE_MAX * 4]; /* keep: cards in the order given */
	int nlist;
};

/* js_quote.c */
#define JS_QUOTE_MAX 24
/* s for a reason, cut (at a character, with "...") if long. */
const char *js_quote(const char *s, char buf[JS_QUOTE_MAX + 4]);

/* js_clan.c */
/* p's name, for events. */
const char *js_clan_who(const struct js *g, int p);
/* The game is over: the players in winners win, for reason. */
void js_clan_win(struct js *g, unsigned winners, const char *reason,
    struct events *ev);
/* Change p's honor by n; 1 if that wins the game. */
int js_clan_honor(struct js *g, int p, int n, struct events *ev);

/* js_traits.c */
int js_traits_find(const char *word);
/* The sum of the amounts of p's traits with effect (and, for JS_E_TAG,
 * matching one of tag's bits). */
int js_traits_count(const struct js *g, int p, int effect, unsigned tag);

/* js_map.c */
/* The terrain of a letter of the table, or -1. */
int js_map_terrain(char letter);
/* "C4" (buf of 4 bytes). */
const char *js_map_name(int sq, char buf[4]);
/* A square from "C4" or "c4"; JS_NONE if it is none. */
int js_map_square(const char *s);
int js_map_adjacent(int a, int b);
/* The squares next to sq: up, down, left, right, those that exist. */
int js_map_neighbours(int sq, int out[4]);
int js_map_distance(int a, int b);
void js_map_builtin(int nplayers, int map[JS_SQUARES]);
/* Read a map file's text; -1 with e at line:col if it is not a map. */
int js_map_parse(const char *text, int map[JS_SQUARES],
    int line[JS_SQUARES], int col[JS_SQUARES], struct gb_err *e);
/* Check a map against the rules for nplayers; -1 with why set and
 * *where the square at fault (JS_NONE if none is). */
int js_map_check(const int map[JS_SQUARES], int nplayers, int *where,
    char *why, size_t size);
/* Fill g's sites and site_at from g->map (homes by reading order). */
void js_map_sites(struct js *g);
/* Where the second starting army of the fortress at sq stands. */
int js_map_start(const int map[JS_SQUARES], int sq);
void js_map_row(const int map[JS_SQUARES], int row, char out[JS_SIDE + 1]);

/* js_army.c */
/* The army at sq, or NULL. */
struct js_army *js_army_at(struct js *g, int sq);
const struct js_army *js_army_on(const struct js *g, int sq);
/* The army on each square, as js_army_on finds it (the first in the
 * table), in one pass over the armies instead of one per square. */
void js_army_table(const struct js *g, const struct js_army *at[JS_SQUARES]);
int js_army_count(const struct js *g, int p);
struct js_army *js_army_add(struct js *g, int sq, int owner, int exp);
void js_army_remove(struct js_army *a);
/* Armies sorted by square, free slots last: the canonical order. */
void js_army_sort(struct js *g);

/* js_cards.c */
/* A card by its word, the only card with word as a part of its name
 * ("spies"), or a unique prefix of its word; -1 with why set (with the
 * nearest card's word when one is near). */
int js_cards_find(const char *word, char *why, size_t size);
/* The cards' words ("shinobi-spies"), in card order. */
extern const char *const js_cards_names[JS_NCARDS];
int js_cards_count(const int hand[JS_NCARDS]);
/* The cards in the order they are kept when discarding down. */
extern const int js_cards_rank[JS_NCARDS];
/* "Yari Ashigaru, 2 Superior Tactics", or "no cards". */
void js_cards_list(const int cards[JS_NCARDS], struct sbuf *out);
/* The same in words, as orders take them: "yari-ashigaru treachery". */
void js_cards_words(const int cards[JS_NCARDS], struct sbuf *out);
/* Draw up to n cards into p's hand (shuffling the discard pile into the
 * deck when it runs out), told to p alone; returns how many. */
int js_cards_draw(struct js *g, int p, int n, const char *why,
    struct rng *rng, struct events *ev);
/* Discard p's hand down to limit: keep[] first, then by rank. */
void js_cards_discard(struct js *g, int p, int limit, const int *keep,
    int nkeep, struct events *ev);

/* js_trade.c */
int js_trade_items_read(char *const *w, int n, struct js_item *it, int *nit,
    char *why, size_t size);
void js_trade_items_write(const struct js_item *it, int n, struct sbuf *out);
/* Could offer o be made now, as viewer may know (every card of its own,
 * no card of the other side's hidden hand)?  0, or -1 with why set. */
int js_trade_offer_now(const struct js *g, int viewer,
    const struct js_offer *o, char *why, size_t size);
/* A trade order of the run's player: take up the partner's matching
 * offer, or stand as an offer.  -1 with why set if it cannot be made. */
int js_trade_order(struct js_run *r, const struct js_offer *o, char *why,
    size_t size);
/* Drop the offers made by p (and made to p if both), telling the two
 * players if ev is set. */
void js_trade_drop(struct js *g, int p, int both, struct events *ev);

/* js_site.c */
/* The site index of p's home fortress. */
int js_site_home(const struct js *g, int p);
/* An army of p enters sq: takes a fortress or keep there (and a home
 * fortress, its clan out of the game). */
void js_site_enter(struct js *g, int p, int sq, struct events *ev);

/* js_battle.c */
/* Start the battle battles[0]: both sides draw.  -1 if it is off. */
int js_battle_start(struct js *g, struct rng *rng, struct events *ev);
int js_battle_check(const struct js *g, int p, const struct js_act *a,
    char *why, size_t size);
int js_battle_resolve(struct js *g, const struct js_act acts[2][2],
    struct rng *rng, struct events *ev);
/* The force of p's side apart from cards, explained. */
int js_battle_base(const struct js *g, int p, struct sbuf *why);
/* "Yari Samurai 9, Heavy Cavalry 10": p's cards of force, each as it
 * counts in the current battle. */
void js_battle_values(const struct js *g, int p, struct sbuf *out);
/* The default cards of p for the current battle (for a missed deadline). */
void js_battle_default(const struct js *g, int p, int cards[JS_NCARDS]);

/* js_turn.c */
void js_turn_start(struct js_run *r, struct js *g, int player,
    struct rng *rng, struct events *ev);
/* The revenue phase's gold for p now: 3 a fortress, 1 a keep, 1 a
 * Tribute trait (each count also returned). */
int js_turn_income(const struct js *g, int p, int *forts, int *keeps,
    int *tribute);
/* The turn phase an order belongs to. */
int js_turn_phase(const struct js_act *a);
/* Take one order into a turn or a Forced March; 0, or -1 with why set
 * (r may be changed then: planners work on a copy). */
int js_turn_take(struct js_run *r, const struct js_act *a, char *why,
    size_t size);
int js_turn_complete(const struct js_run *r);
/* Run the phases up to tp (each does what it does by itself). */
void js_turn_reach(struct js_run *r, int tp);
/* What js_turn_reach can change in a plan (rng and ev NULL): kept
 * before an order that runs phases, to undo them if it is refused
 * (js_turn_take changes nothing else before it accepts an order other
 * than trade).  test_japanese_swords checks that it is everything. */
struct js_turn_undo {
	struct js_run r;
	struct js_clan clans[GAME_MAX_PLAYERS];
	struct js_army armies[JS_ARMIES];
	int phase, nbattles, nsteps, nintrigues;
	unsigned winners;
	char reason[GAME_REASON_MAX];
};
void js_turn_undo_keep(const struct js_run *r, struct js_turn_undo *u);
void js_turn_undo(struct js_run *r, const struct js_turn_undo *u);
/* Is sq in or next to p's home fortress (where p may raise an army)? */
int js_turn_raise_near(const struct js *g, int p, int sq);
/* js_turn_raise_near of every square at once (test_japanese_swords
 * checks they agree). */
void js_turn_raise_table(const struct js *g, int p, char near[JS_SQUARES]);
/* Is the order (not trade or done) possible now, in the phase it belongs
 * to, which r has reached?  Changes nothing. */
int js_turn_check(const struct js_run *r, const struct js_act *a, char *why,
    size_t size);

/* js_order.c */
/* The words of the throws, by JS_ROCK, JS_PAPER, JS_SCISSORS. */
extern const char *const js_order_shapes[JS_SHAPES];
/* Read an order's text for the decision g owes now. */
int js_order_read(const struct js *g, const char *text, struct js_act *a,
    char *why, size_t size);
void js_order_write(const struct js *g, const struct js_act *a,
    struct sbuf *out);
void js_order_step(const struct js_step *s, struct sbuf *out);
/* Read the accepted orders of an answer (all valid) into acts. */
int js_order_acts(const struct js *g, const struct answer *a,
    struct js_act *acts, int max, char *why, size_t size);

/* js_flow.c */
/* Play the answers of the decision g owes now (validated: all valid and
 * complete) and go on to the next decision point; -1 with why set if an
 * answer does not read. */
int js_flow_resolve(struct js *g, const struct answer *a, size_t n,
    struct rng *rng, struct events *ev, char *why, size_t size);
/* The number of decisions p owes now (Intrigue: one per card). */
int js_flow_owes(const struct js *g, int p);

/* js_legal.c */
int js_legal_validate(const void *g, int player, const struct order *orders,
    size_t n, struct verdict *v);
/* Is every order accepted and the answer complete?  (validate without
 * the verdicts.) */
int js_legal_valid(const struct js *g, int player, const struct order *o,
    size_t n);
/* game_entry.note: a trade made now that leaves armies unpaid at
 * upkeep says how many will be disbanded. */
void js_legal_note(const void *g, int player, const struct order *o, size_t n,
    char *note, size_t size);
/* The legal next orders in the documented order; the first is the
 * default for a missed deadline. */
void js_legal_list(const void *g, int player, const struct order *prefix,
    size_t n, struct strlist *out);
/* The number of orders js_legal_list would list and the choose()-th of
 * them in buf, without writing the others (game.h's legal_pick). */
size_t js_legal_pick(const void *g, int player, const struct order *prefix,
    size_t n, game_choose *choose, void *arg, char *buf, size_t size);
/* Drop the plan kept from the last call (a test compares a kept plan's
 * answers with fresh ones). */
void js_legal_forget(void);

/* js_save.c */
extern const char *const js_save_phases[JS_P_OVER + 1];
struct node *js_save(const void *g);

/* js_check.c */
/* Is the game one that play can reach?  -1 with why set if not. */
int js_check_game(const struct js *g, char *why, size_t size);

/* js_state.c */
void *js_state_load(const struct node *section, const struct game_players *pl,
    struct gb_err *e);

/* js_view.c */
void js_view(const void *g, const struct game_players *pl, int player,
    struct sbuf *out);

/* js_data.c */
struct node *js_data(const void *g, const struct game_players *pl,
    int player);

/* js_picture.c */
void js_picture(const void *g, const struct game_players *pl, int player,
    struct sbuf *out);

/* js_help.c */
void js_help(const void *g, int player, struct sbuf *out);

#endif
