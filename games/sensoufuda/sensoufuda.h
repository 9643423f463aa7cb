/* sensoufuda.h - what the files of the Sensoufuda module share.
 *
 * sensoufuda.c  the game_entry: options, setup, owed, perturb; resolve
 *               and the whole sequence of decision points, the only file
 *               that moves the game on
 * sf_faction.c  the two factions; a player named with theirs
 * sf_card.c     the 48 cards, theatres, kinds and symbols
 * sf_pile.c     ordered piles of cards
 * sf_text.c     appending and quoting text without printf
 * sf_deal.c     shuffling and dealing a battle; perturb's reshuffle
 * sf_table.c    matching tactical options, collecting, the ally flip
 *               and the standing instructions for it
 * sf_combo.c    the combos, their VP, and what counts as improving one
 * sf_battle.c   the phases, who starts a battle and the strategies; the
 *               victor's multiplier and score, what a retreat keeps,
 *               reachable positions
 * sf_order.c    reading and checking orders, validate, legal and
 *               legal_pick
 * sf_state.c    the state section: load and save
 * sf_view.c     the report's board and the orders help
 * sf_data.c     the same board as data for the JSON report
 * sf_picture.c  the same as an SVG picture
 *
 * The rules as implemented, with every ruling and its reason, are in
 * man/gunbai-sensoufuda.6. */
#ifndef GUNBAI_SENSOUFUDA_H
#define GUNBAI_SENSOUFUDA_H

#include <stdint.h>

#include "game/game.h"

#define SF_CARDS 48
/* "play random": a hand card drawn when the turn is resolved. */
#define SF_PLAY_RANDOM SF_CARDS
#define SF_PER_THEATRE 4
#define SF_DEAL 8          /* cards in each of the six parts of a deal */
#define SF_NONE (-1)
#define SF_MAX_INSTR 8     /* standing ally instructions per player */
#define SF_ANNIHILATION 4  /* the successful press on that annihilates */
#define SF_BIT(c) ((uint64_t)1 << (c))
/* Room for most lines of the log, reserved at once: one allocation
 * rather than one for each doubling. */
#define SF_LINE 255

/* Player 0 plays the Axis of Evil, player 1 the Paladins of Hope. */
struct sf_faction {
	const char *word; /* "axis", as written in the state */
	const char *name; /* "Axis of Evil" */
};
extern const struct sf_faction sf_factions[2];
/* "alice (Axis of Evil)" (sf_faction.c). */
const char *sf_faction_who(const struct game_players *pl, int p, char *buf,
    size_t size);

/* The twelve theatre suits, in the order of the rules' table. */
#define SF_THEATRE_LIST(X) \
	X(AIR, "air", "Air") \
	X(LAND, "land", "Land") \
	X(SEA, "sea", "Sea") \
	X(INDUSTRY, "industry", "Industry") \
	X(PROPAGANDA, "propaganda", "Propaganda") \
	X(INTELLIGENCE, "intelligence", "Intelligence") \
	X(DIPLOMACY, "diplomacy", "Diplomacy") \
	X(GUERRILLA, "guerrilla", "Guerrilla") \
	X(TECHNOLOGY, "technology", "Technology") \
	X(SPACE, "space", "Space") \
	X(ATOMIC, "atomic", "Atomic") \
	X(CYBERSPACE, "cyberspace", "Cyberspace")

enum sf_theatre {
#define SF_THEATRE_ENUM(id, word, name) SF_T_##id,
	SF_THEATRE_LIST(SF_THEATRE_ENUM)
#undef SF_THEATRE_ENUM
	SF_THEATRES
};

struct sf_theatre_info {
	const char *word; /* "air": plain cards are named air-3, air-4 */
	const char *name; /* "Air" */
};
extern const struct sf_theatre_info sf_card_theatres[SF_THEATRES];

/* The four rows of a tableau, in the order reports show them; also the
 * order of preference of the defaults for collecting and keeping. */
enum sf_kind { SF_STRATEGIST, SF_HERO, SF_RESOURCE, SF_PLAIN, SF_KINDS };

struct sf_kind_info {
	const char *word;   /* "hero", as in ally prefer hero */
	const char *plural; /* "heroes", as in ally prefer heroes */
	const char *title;  /* "Heroes" */
};
extern const struct sf_kind_info sf_card_kinds[SF_KINDS];

/* The symbols on the cards; each belongs to one kind. */
#define SF_SYMBOL_LIST(X) \
	X(NONE, "", SF_PLAIN) \
	X(STAR, "star", SF_STRATEGIST) \
	X(HALF_STAR, "half star", SF_STRATEGIST) \
	X(AWARD, "award", SF_HERO) \
	X(WRENCH, "wrench", SF_HERO) \
	X(BIOHAZARD, "biohazard", SF_HERO) \
	X(CUBES, "cubes", SF_RESOURCE)

enum sf_symbol {
#define SF_SYMBOL_ENUM(id, word, kind) SF_S_##id,
	SF_SYMBOL_LIST(SF_SYMBOL_ENUM)
#undef SF_SYMBOL_ENUM
	SF_SYMBOLS
};

struct sf_symbol_info {
	const char *word;
	int kind;
};
extern const struct sf_symbol_info sf_card_symbols[SF_SYMBOLS];

/* The deck: four cards per theatre, in theatre order; within a theatre
 * its strategist, hero and resource as in the rules' table, then its two
 * plain cards, numbered 3 and 4.  This order is "card order": hands and
 * the out-of-play cards are kept in it, and legal() lists cards in it.
 * A card may also be named THEATRE-N, N its place (1 to 4) in its
 * theatre: air-1 is the air-marshal. */
#define SF_CARD_LIST(X) \
	X(AIR_MARSHAL, "air-marshal", "Air Marshal", AIR, STAR) \
	X(ACE, "ace", "Ace", AIR, AWARD) \
	X(AIR_3, "air-3", "Air 3", AIR, NONE) \
	X(AIR_4, "air-4", "Air 4", AIR, NONE) \
	X(GENERAL, "general", "General", LAND, STAR) \
	X(TANK, "tank", "Tank", LAND, CUBES) \
	X(LAND_3, "land-3", "Land 3", LAND, NONE) \
	X(LAND_4, "land-4", "Land 4", LAND, NONE) \
	X(ADMIRAL, "admiral", "Admiral", SEA, STAR) \
	X(BATTLESHIP, "battleship", "Battleship", SEA, CUBES) \
	X(SEA_3, "sea-3", "Sea 3", SEA, NONE) \
	X(SEA_4, "sea-4", "Sea 4", SEA, NONE) \
	X(ROSIE, "rosie", "Rosie", INDUSTRY, WRENCH) \
	X(FACTORY, "factory", "Factory", INDUSTRY, CUBES) \
	X(INDUSTRY_3, "industry-3", "Industry 3", INDUSTRY, NONE) \
	X(INDUSTRY_4, "industry-4", "Industry 4", INDUSTRY, NONE) \
	X(INFLUENCER, "influencer", "Influencer", PROPAGANDA, BIOHAZARD) \
	X(NEWSPAPER, "newspaper", "Newspaper", PROPAGANDA, CUBES) \
	X(PROPAGANDA_3, "propaganda-3", "Propaganda 3", PROPAGANDA, NONE) \
	X(PROPAGANDA_4, "propaganda-4", "Propaganda 4", PROPAGANDA, NONE) \
	X(SPY, "spy", "Spy", INTELLIGENCE, HALF_STAR) \
	X(WIRETAP, "wiretap", "Wiretap", INTELLIGENCE, CUBES) \
	X(INTELLIGENCE_3, "intelligence-3", "Intelligence 3", INTELLIGENCE, \
	    NONE) \
	X(INTELLIGENCE_4, "intelligence-4", "Intelligence 4", INTELLIGENCE, \
	    NONE) \
	X(AMBASSADOR, "ambassador", "Ambassador", DIPLOMACY, STAR) \
	X(TREATY, "treaty", "Treaty", DIPLOMACY, CUBES) \
	X(DIPLOMACY_3, "diplomacy-3", "Diplomacy 3", DIPLOMACY, NONE) \
	X(DIPLOMACY_4, "diplomacy-4", "Diplomacy 4", DIPLOMACY, NONE) \
	X(PARTISAN, "partisan", "Partisan", GUERRILLA, AWARD) \
	X(DYNAMITE, "dynamite", "Dynamite", GUERRILLA, CUBES) \
	X(GUERRILLA_3, "guerrilla-3", "Guerrilla 3", GUERRILLA, NONE) \
	X(GUERRILLA_4, "guerrilla-4", "Guerrilla 4", GUERRILLA, NONE) \
	X(SCIENTIST, "scientist", "Scientist", TECHNOLOGY, WRENCH) \
	X(DEATH_RAY, "death-ray", "Death Ray", TECHNOLOGY, CUBES) \
	X(TECHNOLOGY_3, "technology-3", "Technology 3", TECHNOLOGY, NONE) \
	X(TECHNOLOGY_4, "technology-4", "Technology 4", TECHNOLOGY, NONE) \
	X(ASTRONAUT, "astronaut", "Astronaut", SPACE, AWARD) \
	X(SATELLITE, "satellite", "Satellite", SPACE, CUBES) \
	X(SPACE_3, "space-3", "Space 3", SPACE, NONE) \
	X(SPACE_4, "space-4", "Space 4", SPACE, NONE) \
	X(MUTANT, "mutant", "Mutant", ATOMIC, BIOHAZARD) \
	X(NUKE, "nuke", "Nuke", ATOMIC, CUBES) \
	X(ATOMIC_3, "atomic-3", "Atomic 3", ATOMIC, NONE) \
	X(ATOMIC_4, "atomic-4", "Atomic 4", ATOMIC, NONE) \
	X(HACKER, "hacker", "Hacker", CYBERSPACE, WRENCH) \
	X(VIRUS, "virus", "Virus", CYBERSPACE, CUBES) \
	X(CYBERSPACE_3, "cyberspace-3", "Cyberspace 3", CYBERSPACE, NONE) \
	X(CYBERSPACE_4, "cyberspace-4", "Cyberspace 4", CYBERSPACE, NONE)

enum sf_card_id {
#define SF_CARD_ENUM(id, name, title, theatre, symbol) SF_C_##id,
	SF_CARD_LIST(SF_CARD_ENUM)
#undef SF_CARD_ENUM
	SF_NCARDS
};

struct sf_card {
	const char *name;  /* "air-marshal": in orders, state and reports */
	const char *title; /* "Air Marshal", as printed on the card */
	int theatre;
	int symbol;
};
extern const struct sf_card sf_cards[SF_CARDS];

/* An ordered pile of cards: an ally deck (top first), the tactical
 * options (in the order laid), a tableau (in the order collected). */
struct sf_pile {
	int n;
	signed char c[SF_CARDS];
};

/* The combos, one row each: id, name (the state, options), title; which
 * cards count (SF_SEL_* and its argument) and how many are needed, with
 * which cards besides; VP with exactly that many, VP for each card beyond;
 * ladder (only the best made combo of a ladder counts); optional (in play
 * only if its game option is on); ends (the battle ends at once). */
enum { SF_SEL_NONE, SF_SEL_SYMBOL, SF_SEL_KIND, SF_SEL_THEATRE };
#define SF_COMBO_LIST(X) \
	X(THREE_STRATEGISTS, "three-strategists", "Three Strategists", \
	    SF_SEL_SYMBOL, SF_S_STAR, 3, 0, 5, 0, 1, 0, 0) \
	X(THREE_STRATEGISTS_SPY, "three-strategists-spy", \
	    "Three Strategists plus Spy", SF_SEL_SYMBOL, SF_S_STAR, 3, \
	    SF_BIT(SF_C_SPY), 6, 0, 1, 0, 0) \
	X(FOUR_STRATEGISTS, "four-strategists", "Four Strategists", \
	    SF_SEL_SYMBOL, SF_S_STAR, 4, 0, 8, 0, 1, 0, 0) \
	X(FOUR_STRATEGISTS_SPY, "four-strategists-spy", \
	    "Four Strategists plus Spy", SF_SEL_SYMBOL, SF_S_STAR, 4, \
	    SF_BIT(SF_C_SPY), 10, 0, 1, 0, 0) \
	X(THREE_AWARDS, "three-awards", "Three Awards", SF_SEL_SYMBOL, \
	    SF_S_AWARD, 3, 0, 5, 0, 0, 0, 0) \
	X(THREE_WRENCHES, "three-wrenches", "Three Wrenches", SF_SEL_SYMBOL, \
	    SF_S_WRENCH, 3, 0, 5, 0, 0, 0, 0) \
	X(FIVE_HEROES, "five-heroes", "Five Heroes", SF_SEL_KIND, SF_HERO, \
	    5, 0, 1, 1, 0, 0, 0) \
	X(FIVE_RESOURCES, "five-resources", "Five Resources", SF_SEL_KIND, \
	    SF_RESOURCE, 5, 0, 1, 1, 0, 0, 0) \
	X(FOUR_ATOMS, "four-atoms", "Four Atoms", SF_SEL_THEATRE, SF_T_ATOMIC, \
	    4, 0, 0, 0, 0, 0, 1) \
	X(TROLL_FARMS, "troll-farms", "Troll Farms", SF_SEL_NONE, 0, 0, \
	    SF_BIT(SF_C_NEWSPAPER) | SF_BIT(SF_C_WIRETAP) | \
	    SF_BIT(SF_C_VIRUS), 5, 0, 0, 1, 0) \
	X(BLITZKRIEG, "blitzkrieg", "Blitzkrieg", SF_SEL_NONE, 0, 0, \
	    SF_BIT(SF_C_TANK) | SF_BIT(SF_C_BATTLESHIP) | \
	    SF_BIT(SF_C_DYNAMITE), 5, 0, 0, 1, 0)

enum sf_combo_id {
#define SF_COMBO_ENUM(id, name, title, sel, arg, need, also, vp, extra, \
    ladder, optional, ends) SF_K_##id,
	SF_COMBO_LIST(SF_COMBO_ENUM)
#undef SF_COMBO_ENUM
	SF_NCOMBOS
};

struct sf_combo {
	const char *name;  /* "five-heroes": option names, the state */
	const char *title; /* "Five Heroes" */
	int sel;           /* which cards count: SF_SEL_* */
	int arg;           /* the symbol, kind or theatre selected */
	int need;          /* at least this many cards that count */
	uint64_t also;     /* and all of these cards */
	int vp;            /* VP with exactly need cards */
	int extra;         /* VP for each card beyond need */
	int ladder;        /* nonzero: only the best made combo of the
	                    * same ladder counts */
	int optional;      /* in play only if its game option is on */
	int ends;          /* ends the battle at once, with no press on */
};
extern const struct sf_combo sf_combos[SF_NCOMBOS];

/* The combos a tableau makes: the VP of each, SF_NONE if not made. */
struct sf_combo_set {
	int vp[SF_NCOMBOS];
};

/* The phases of the game, each (but over) one kind of decision point. */
#define SF_PHASE_LIST(X) \
	X(STRATEGY, "strategy") \
	X(TURN, "turn") \
	X(COLLECT, "collect") \
	X(VICTORY, "victory") \
	X(ANSWER, "answer") \
	X(OVER, "over")

enum sf_phase {
#define SF_PHASE_ENUM(id, word) SF_P_##id,
	SF_PHASE_LIST(SF_PHASE_ENUM)
#undef SF_PHASE_ENUM
	SF_PHASES
};
extern const char *const sf_battle_phase_words[SF_PHASES];

/* The sealed strategic choices: each beats the next, and the last
 * beats the first. */
#define SF_STRATEGY_LIST(X) \
	X(ASSAULT, "assault", "an assault overruns a flank march") \
	X(FLANK, "flank", "a flank march turns a fortified line") \
	X(FORTIFY, "fortify", "a fortified line breaks an assault")

enum sf_strategy {
#define SF_STRATEGY_ENUM(id, word, why) SF_G_##id,
	SF_STRATEGY_LIST(SF_STRATEGY_ENUM)
#undef SF_STRATEGY_ENUM
	SF_STRATEGIES,
	SF_G_RANDOM = SF_STRATEGIES /* drawn when the choice is resolved */
};

/* Who starts a battle (option strategy): X(ID, word). */
#define SF_START_LIST(X) \
	X(RPS, "rps")             /* a sealed strategic choice */ \
	X(ALTERNATE, "alternate") /* the Axis, then by turns */ \
	X(AXIS, "axis")           /* the Axis, every battle */

enum sf_start {
#define SF_START_ENUM(id, word) SF_START_##id,
	SF_START_LIST(SF_START_ENUM)
#undef SF_START_ENUM
	SF_STARTS
};

/* The sf_start named word, or -1 (sf_battle.c). */
int sf_battle_start_find(const char *word);
extern const char *const sf_battle_start_words[SF_STARTS];

struct sf_strategy_info {
	const char *word;
	const char *why; /* why it beats the next one */
};
extern const struct sf_strategy_info sf_battle_strategies[SF_STRATEGIES];

/* A standing instruction for a flipped ally card matching two tactical
 * options: take a named card, or prefer a kind. */
enum { SF_INSTR_TAKE, SF_INSTR_PREFER };
struct sf_instr {
	int type;
	int arg; /* the card, or the kind */
};

struct sensoufuda {
	/* The rules, fixed at setup. */
	int target;      /* VP that win the game */
	int battles;     /* battles in all before the game ends; 0: none */
	int start;       /* who starts a battle: SF_START_RPS, ... */
	unsigned combos; /* bit per combo id: the combos in play */
	/* The game. */
	int battle;      /* the current battle, from 1 */
	int starter;     /* who starts the current battle; in the strategy
	                  * phase, who started the previous one (or
	                  * SF_NONE before the first) */
	int vp[2];
	int phase;
	int active;      /* turn, collect: the player playing; else SF_NONE */
	int victor;      /* the victorious player, or SF_NONE */
	int successes;   /* the victor's successful press ons so far */
	int race[2];     /* during a counterattack: each tableau's size when
	                  * it began; SF_NONE otherwise */
	uint64_t hand[2];
	struct sf_pile ally[2];    /* top card first */
	struct sf_pile table;      /* the tactical options */
	uint64_t out;              /* out of play */
	struct sf_pile tableau[2];
	int pending;     /* collect: the flipped ally card; else SF_NONE */
	struct sf_instr instr[2][SF_MAX_INSTR];
	int ninstr[2];
	int winner;      /* over: the winner, or SF_NONE: a draw */
	char reason[GAME_REASON_MAX];
};

/* What one player's accepted orders for the current point say. */
enum { SF_DECLARE, SF_PRESS, SF_RETREAT, SF_COUNTER };
struct sf_plan {
	int player;
	int strategy;      /* SF_NONE, a strategy or SF_G_RANDOM */
	int play;          /* turn: the card from the hand, SF_PLAY_RANDOM
	                    * or SF_NONE */
	int collect;       /* the option chosen when two match, or SF_NONE */
	int instr_given;   /* turn: ally orders replace the standing ones */
	struct sf_instr instr[SF_MAX_INSTR];
	int ninstr;
	int decision;      /* victory, answer: SF_DECLARE..., or SF_NONE */
	int keep_given;
	uint64_t keep;
};

/* sf_text.c */
/* s for quoting in a message: at most size - 1 bytes, cut between UTF-8
 * characters.  Returns buf. */
const char *sf_text_quote(const char *s, char *buf, size_t size);
#define SF_QUOTE 21 /* a quote buffer: 20 bytes of what was written */
/* Append s at *at of buf (size bytes), cut as snprintf cuts and
 * NUL-terminated while *at < size; *at counts every byte, written or
 * not, as snprintf's result does. */
void sf_text_put(char *buf, size_t size, size_t *at, const char *s);

/* sf_card.c */
/* The card named word (a name or THEATRE-N, any case), or SF_NONE. */
int sf_card_find(const char *word);
/* The cards' names ("air-marshal"), in card order, for names.h. */
extern const char *const sf_card_names[SF_CARDS];
int sf_card_kind(int c);
/* Preference order of the defaults: by kind (strategists first), then
 * card order.  Lower is preferred. */
int sf_card_rank(int c);
/* "ace (Air)" for a special card, "air-3" for a plain one. */
const char *sf_card_brief(int c, char *buf, size_t size);
/* "ace [award]", "air-3": a card in the report's lists. */
const char *sf_card_tagged(int c, char *buf, size_t size);
int sf_card_count(uint64_t mask);
/* The cards of mask in card order, into out; returns how many. */
int sf_card_list(uint64_t mask, int *out);
/* Append the cards as "a, b and c" (or "nothing"), each with brief. */
void sf_card_join(struct sbuf *b, const int *cards, int n);
void sf_card_join_mask(struct sbuf *b, uint64_t mask);

/* sf_pile.c */
void sf_pile_push(struct sf_pile *p, int c);
/* Remove c, keeping the order of the rest; 0, or -1 if not there. */
int sf_pile_remove(struct sf_pile *p, int c);
int sf_pile_pop(struct sf_pile *p); /* the first card; SF_NONE if empty */
uint64_t sf_pile_mask(const struct sf_pile *p);

/* sf_deal.c */
/* A new battle's deal: every card but kept (in keeper's hand) is
 * shuffled and dealt to the hands (up to 8), the ally decks, the
 * tactical options and out of play.  Logs the deal. */
void sf_deal_battle(struct sensoufuda *g, const struct game_players *pl,
    int keeper, uint64_t kept, struct rng *rng, struct events *ev);
/* Reshuffle what player cannot see among its places, keeping counts. */
int sf_deal_perturb(struct sensoufuda *g, int player, struct rng *rng);

/* sf_table.c */
/* The tactical options matching card's theatre, in table order, into
 * out (room for 3); returns how many. */
int sf_table_matches(const struct sensoufuda *g, int card, int *out);
/* The two options in the order of preference of the default. */
void sf_table_offer(const struct sensoufuda *g, int card, int out[2]);
/* Play card (already out of the hand or ally deck) for player: to the
 * tactical options, or collecting what matches (choice: the option
 * taken when two match).  The log says "PLAYER VERB CARD FROM: ...". */
void sf_table_play(struct sensoufuda *g, const struct game_players *pl,
    int player, int card, int choice, const char *verb, const char *from,
    struct events *ev);
/* Flip player's top ally card and play it.  If two options match and no
 * standing instruction decides, the card waits in g->pending and 1 is
 * returned: the player owes a collect decision. */
int sf_table_flip(struct sensoufuda *g, const struct game_players *pl,
    int player, struct events *ev);
/* Read "take CARD" or "prefer KIND" (lowercase words); 0 or -1 with
 * why set. */
int sf_table_instr_read(char *const *w, int n, struct sf_instr *in,
    char *why, size_t size);
void sf_table_instr_write(const struct sf_instr *in, char *buf,
    size_t size);

/* sf_combo.c */
/* The combos the cards of mask make, with the combos in play. */
void sf_combo_eval(uint64_t mask, unsigned in_play, struct sf_combo_set *s);
/* The combos of the first n cards of player's tableau (n < 0: all). */
void sf_combo_of(const struct sensoufuda *g, int player, int n,
    struct sf_combo_set *s);
int sf_combo_total(const struct sf_combo_set *s);
int sf_combo_made(const struct sf_combo_set *s); /* how many */
int sf_combo_ends(const struct sf_combo_set *s);
/* The combos made in now that were not in before, or are worth more,
 * into out (the rest SF_NONE); returns how many. */
int sf_combo_improvements(const struct sf_combo_set *before,
    const struct sf_combo_set *now, struct sf_combo_set *out);
/* The first of those, or SF_NONE. */
int sf_combo_improved(const struct sf_combo_set *before,
    const struct sf_combo_set *now);
/* "Three Awards 5 VP and Five Heroes 1 VP", or "none"; with paren,
 * "Three Awards (5 VP) and ...". */
void sf_combo_describe(const struct sf_combo_set *s, int paren,
    struct sbuf *b);
int sf_combo_find(const char *name);

/* sf_battle.c */
int sf_battle_multiplier(const struct sensoufuda *g);
/* What the victor scores on declaring victory now, or on a retreat. */
int sf_battle_score(const struct sensoufuda *g);
int sf_battle_keep_max(const struct sensoufuda *g, int player);
/* The cards a retreat keeps when no keep order says which. */
uint64_t sf_battle_default_keep(const struct sensoufuda *g, int player);
/* Is the position one the rules can reach?  NULL, or why not. */
const char *sf_battle_check(const struct sensoufuda *g, char *why,
    size_t size);

/* sf_order.c */
int sf_order_validate(const void *g, int player, const struct order *orders,
    size_t n, struct verdict *v);
void sf_order_legal(const void *g, int player, const struct order *prefix,
    size_t n, struct strlist *out);
size_t sf_order_legal_pick(const void *g, int player,
    const struct order *prefix, size_t n, game_choose *choose, void *arg,
    char *buf, size_t size);
/* The plan of a complete answer; -1 with why set if it is not one. */
int sf_order_plan(const struct sensoufuda *g, int player,
    const struct order *orders, size_t n, struct sf_plan *plan, char *why,
    size_t size);
/* Does the order parse, whatever the position?  For the manual's
 * examples.  0, or -1 with why set. */
int sf_order_syntax(const char *text, char *why, size_t size);
/* "#   USAGE  WHAT IT DOES" lines of the orders of phase, for help. */
void sf_order_usage_lines(int phase, struct sbuf *out);
/* The player who owes the decision of phase now, or SF_NONE (both, in
 * the strategy phase, or nobody). */
int sf_order_owner(const struct sensoufuda *g);

/* sf_state.c */
void *sf_state_load(const struct node *section, const struct game_players *pl,
    struct gb_err *e);
struct node *sf_state_save(const void *g);

/* sf_view.c */
void sf_view_board(const void *g, const struct game_players *pl, int player,
    struct sbuf *out);
void sf_view_help(const void *g, int player, struct sbuf *out);
/* sf_picture.c */
void sf_picture(const void *g, const struct game_players *pl, int player,
    struct sbuf *out);

/* sf_data.c */
struct node *sf_data(const void *g, const struct game_players *pl,
    int player);

/* One line of the decision player owes now, for owed(). */
void sf_view_what(const struct sensoufuda *g, int player, char *buf,
    size_t size);

#endif
