/* shinobi.h - Shinobi Wars: two villages, three defensive fronts and an
 * active roster each, ninjas and traps played face down.
 *
 * Files, each with one job:
 *   shinobi.c    the game entry, setup, the turn sequence, the end
 *   sw_cards.c   the card table and deck lists (standard and custom)
 *   sw_state.c   the game's section of the state file
 *   sw_order.c   the orders: parse, validate, legal
 *   sw_play.c    the strategy actions and the action step (traps, combat)
 *   sw_view.c    what a player sees, the orders help
 *   sw_data.c    the same as data for the JSON report
 *   sw_picture.c the same as an SVG picture
 * The rulings are in man/gunbai-shinobi-wars.6. */
#ifndef GUNBAI_SHINOBI_H
#define GUNBAI_SHINOBI_H

#include <stddef.h>

#include "game/game.h"

/* The card table: one row per kind of card.
 *   X(id, name, rank, ec, cc, as, rs, ra, sa, vd, ls, ss, copies)
 * rank: GENIN, CHUNIN, JONIN, KAGE or TRAP; a ninja's five scores are
 * AS RS RA SA VD (0 LS SS for a ninja), a trap's are LS SS (0 for the
 * rest); copies: how many the standard deck holds. */
#define SW_CARD_LIST(X) \
	X(TOBI, "tobi", GENIN, 1, 0, 2, 1, 3, 2, 1, 0, 0, 3) \
	X(RENJI, "renji", GENIN, 1, 0, 3, 2, 1, 1, 2, 0, 0, 3) \
	X(KASUMI, "kasumi", GENIN, 1, 0, 1, 3, 2, 3, 1, 0, 0, 3) \
	X(GORO, "goro", GENIN, 2, 0, 3, 3, 2, 2, 2, 0, 0, 3) \
	X(YUKI, "yuki", GENIN, 2, 0, 2, 2, 3, 3, 1, 0, 0, 3) \
	X(HARUTO, "haruto", CHUNIN, 4, 0, 5, 4, 4, 5, 4, 0, 0, 3) \
	X(MEI, "mei", CHUNIN, 4, 0, 4, 6, 5, 4, 4, 0, 0, 3) \
	X(DAICHI, "daichi", CHUNIN, 4, 1, 6, 5, 4, 4, 5, 0, 0, 3) \
	X(SORA, "sora", CHUNIN, 3, 1, 4, 4, 6, 6, 4, 0, 0, 3) \
	X(KAITO, "kaito", JONIN, 6, 2, 9, 7, 7, 8, 8, 0, 0, 2) \
	X(REN, "ren", JONIN, 6, 2, 7, 9, 8, 7, 7, 0, 0, 2) \
	X(AKANE, "akane", JONIN, 7, 2, 8, 8, 9, 9, 7, 0, 0, 2) \
	X(KAGE, "kage", KAGE, 8, 4, 10, 10, 10, 10, 10, 0, 0, 1) \
	X(TRIPWIRE, "tripwire", TRAP, 1, 0, 0, 0, 0, 0, 0, 3, 4, 2) \
	X(PIT, "pit", TRAP, 2, 0, 0, 0, 0, 0, 0, 5, 5, 2) \
	X(SEAL, "seal", TRAP, 3, 1, 0, 0, 0, 0, 0, 8, 7, 2)

enum sw_card_id {
#define SW_CARD_ENUM(id, ...) SW_##id,
	SW_CARD_LIST(SW_CARD_ENUM)
#undef SW_CARD_ENUM
	SW_KINDS
};

enum sw_rank { SW_R_GENIN, SW_R_CHUNIN, SW_R_JONIN, SW_R_KAGE, SW_R_TRAP };

struct sw_card {
	const char *name;
	int rank;
	int ec, cc;
	int as, rs, ra, sa, vd;
	int ls, ss;
	int copies;
};

extern const struct sw_card sw_cards[SW_KINDS];
extern const char *const sw_card_names[SW_KINDS];
extern const char *const sw_rank_names[5];

#define SW_DECK 40      /* cards in a deck */
#define SW_HAND 5       /* cards dealt */
#define SW_ACTIONS 3    /* strategy actions a turn */
#define SW_FALL 20      /* damage that destroys a village */
#define SW_EC_MAX 10
#define SW_CC_MAX 5
#define SW_QUIET 20     /* own turns (10 rounds) in which nothing changed
                        * but the order of cards */
#define SW_MAX_TRAPS 7

/* The zones of a player's field; the three fronts first. */
enum sw_zone { SW_WEST, SW_NORTH, SW_EAST, SW_ROSTER, SW_ZONES };
#define SW_FRONTS 3
extern const char *const sw_zone_words[SW_ZONES];
extern const char sw_zone_letters[SW_ZONES];

/* A card on the field.  scouted and scouting live only while one turn
 * is applied (validated or resolved) and are 0 in a stored state. */
struct sw_slot {
	unsigned char card;
	unsigned char up;
	unsigned char scouted;  /* has been scouted this turn */
	unsigned char scouting; /* has scouted this turn */
};

struct sw_side {
	int turns;  /* own turns begun */
	int damage; /* to this side's village */
	int ndeck, nhand;
	unsigned char deck[SW_DECK]; /* top first */
	unsigned char hand[SW_DECK]; /* in the order drawn */
	int nzone[SW_ZONES];
	struct sw_slot zone[SW_ZONES][SW_DECK]; /* position 1 first */
};

enum sw_phase { SW_P_TURN, SW_P_OVER };
#define SW_NONE (-1)

struct shinobi {
	int phase;
	int active;  /* the side whose turn it is */
	int quiet;   /* own turns in a row in which nothing changed */
	int winner;  /* SW_NONE with SW_P_OVER: a draw */
	char reason[GAME_REASON_MAX];
	struct sw_side side[2];
};

/* The sides' words and names: player 1 is Leaf, player 2 Mist. */
extern const char *const sw_side_words[2];
extern const char *const sw_side_names[2];

/* sw_cards.c */
/* The card of a name as written (any case; a part only one name has);
 * SW_NONE with a reason (and a hint) in why if none. */
int sw_card_find(const char *word, char *why, size_t size);
int sw_card_is_ninja(int c);
/* Fill deck (SW_DECK cards) from a deck list: "standard" or lines of
 * "COUNT NAME" ('#' starts a comment).  Returns 0, or -1 with e set
 * (the line of the list) if it is not a legal deck. */
int sw_deck_read(const char *text, unsigned char deck[SW_DECK],
    const char *what, struct gb_err *e);
/* Check a deck's counts: at most one Kage and SW_MAX_TRAPS traps, as
 * said by the rules; 0 or -1 with why. */
int sw_deck_check(const int count[SW_KINDS], int total, char *why,
    size_t size);
/* "tobi (genin, 1 EC; AS 2 RS 1 RA 3 SA 2 VD 1)" */
const char *sw_card_describe(int c, char *buf, size_t size);

/* EC and CC of a side on its t-th own turn. */
int sw_ec(int t);
int sw_cc(int t);

/* sw_state.c */
/* An empty game for the players (2 of them, or NULL with e set). */
struct shinobi *sw_state_new(const struct game_players *pl, struct gb_err *e);
void *sw_state_load(const struct node *sec, const struct game_players *pl,
    struct gb_err *e);
struct node *sw_state_save(const void *g);

/* sw_order.c: one parsed order. */
enum sw_verb { SW_O_END, SW_O_SCOUT, SW_O_SUPPLY, SW_O_DEFEND,
	SW_O_DEPLOY, SW_O_ROSTER, SW_O_ATTACK };
enum sw_cond { SW_C_ALWAYS, SW_C_FAILED, SW_C_SCOUTED };

struct sw_pos {
	int zone;
	int idx; /* 0-based */
};

struct sw_order {
	int verb;
	int cond;
	int n;                   /* pairs used below */
	struct sw_pos pos[SW_DECK * 2]; /* positions named */
	int zone[SW_DECK * 2];   /* deploy, roster: the destination zones */
	int card[SW_DECK];       /* deploy: the cards */
	int split[SW_FRONTS];    /* defend: cards on each front */
};

#define SW_SCOUT_EITHER 2
/* The ways the scouts of a turn can go: 3 actions, each at most one
 * scout with two outcomes. */
#define SW_WORLDS 8

/* What a turn being applied keeps between its orders. */
struct sw_turn {
	int player;
	int ec, cc;
	int actions;    /* counted (conditional ones too) */
	int last_scout; /* -1 none yet, 0 failed, 1 succeeded,
	                 * SW_SCOUT_EITHER: not known yet (checking) */
	int attacking;  /* the action step has begun */
	int supplied;   /* a supply run was made this turn */
	int ended;
	int nattack;
	struct sw_pos attacker[SW_DECK]; /* roster positions */
	int front[SW_DECK];
};

/* A turn being checked: the game after the orders so far in each way
 * the scouts among them can go (sw_order.c). */
struct sw_worlds {
	int n;
	struct shinobi g[SW_WORLDS];
	struct sw_turn t[SW_WORLDS];
	char when[SW_WORLDS][128]; /* "the scout with r4 fails" */
};

int sw_order_parse(const char *text, struct sw_order *o, char *why,
    size_t size);
int sw_order_validate(const void *g, int player, const struct order *orders,
    size_t n, struct verdict *v);
void sw_order_legal(const void *g, int player, const struct order *prefix,
    size_t n, struct strlist *out);
size_t sw_order_pick(const void *g, int player, const struct order *prefix,
    size_t n, game_choose *choose, void *arg, char *buf, size_t size);

/* sw_play.c */
/* Begin side p's turn in t: count the turn, its EC and CC, clear the
 * per-turn marks. */
void sw_play_begin(struct shinobi *g, int p, struct sw_turn *t);
/* Check order o against the game g as the turn t stands, and apply it:
 * with rng NULL only what is known when writing (no draws, no outcome of
 * a scout or an attack).  Returns 0, or -1 with why. */
int sw_play(struct shinobi *g, struct sw_turn *t, const struct sw_order *o,
    const struct game_players *pl, struct rng *rng, struct events *ev,
    char *why, size_t size);
/* Would sw_play (checking, rng NULL) accept o?  The same checks, g and t
 * left alone: for legal_pick. */
int sw_play_verdict(const struct shinobi *g, const struct sw_turn *t,
    const struct sw_order *o);
/* The action step: the attacks, in order.  Returns 1 if the enemy
 * village fell. */
int sw_play_attacks(struct shinobi *g, struct sw_turn *t,
    const struct game_players *pl, struct events *ev);
/* Remove the slot at pos of side p. */
void sw_zone_take(struct sw_side *s, struct sw_pos pos, struct sw_slot *out);
/* "w1" */
const char *sw_pos_word(struct sw_pos pos, char *buf, size_t size);
/* "alice (Leaf)" */
const char *sw_who(const struct game_players *pl, int p, char *buf,
    size_t size);

/* sw_view.c */
void sw_view_board(const void *g, const struct game_players *pl, int player,
    struct sbuf *out);
void sw_view_help(const void *g, int player, struct sbuf *out);
void sw_view_what(const struct shinobi *g, int p, char *buf, size_t size);

/* sw_data.c: the view as a tree for the JSON report, hidden as in
 * sw_view_board. */
struct node *sw_data(const void *g, const struct game_players *pl,
    int player);

/* sw_picture.c: the view as an SVG picture, hidden as in sw_view_board. */
void sw_picture(const void *g, const struct game_players *pl, int player,
    struct sbuf *out);

#endif
