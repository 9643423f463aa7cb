/* game.h - the one interface between the core and a game module.
 *
 * A game module (games/<id>/) exports one `const struct game_entry` and
 * knows no files, YAML or cryptography: the core reads files, checks
 * signatures and envelopes, and hands the game trees (node.h) and order
 * strings with their positions.  adjudicator/README.md explains how every
 * game's turn structure maps onto this interface, including sealed
 * simultaneous choices and decisions owed by a player who is not active.
 *
 * Decision points.  A game advances from decision point to decision point.
 * At each point game_entry.owed lists which players must decide what (more
 * than one player when choices are sealed and simultaneous).  Each owed
 * player answers with a list of orders; once every owed player has a
 * complete answer the core calls resolve, which applies them, draws any
 * random numbers from the point's RNG stream, logs events, and leaves the
 * game at the next decision point (or finished). */
#ifndef GUNBAI_GAME_H
#define GUNBAI_GAME_H

#include <stddef.h>

#include "base/node.h"
#include "base/rng.h"
#include "base/util.h"

#define GAME_MAX_PLAYERS 4
#define GAME_REASON_MAX 200

/* The players, in the order of the state file.  Player i is names[i]. */
struct game_players {
	int n;
	const char *const *names;
};

/* An option a game takes at `gunbai new --option NAME=VALUE`. */
struct game_option {
	const char *name;
	const char *def;  /* default value, as text */
	const char *help; /* one line for `gunbai games` */
	int file;         /* the value given is a file name: the core reads
	                   * the file (at most GAME_OPTION_FILE_MAX bytes) and
	                   * setup gets its contents instead; the default
	                   * is used as it is */
	int secret;       /* the value is hidden from the players: the setup
	                   * record a report shows holds only a commitment
	                   * to it salted with the seed (formats/evidence.md) */
};

#define GAME_OPTION_FILE_MAX (1u << 20)

/* One order as the player wrote it: the text of one list item of the
 * orders file, and where it stands in that file. */
struct order {
	const char *text;
	int line;
	int col;
};

/* What the game says of one order. */
struct verdict {
	int accepted;
	char reason[GAME_REASON_MAX]; /* why it was refused; "" if accepted */
};

/* A decision owed now. */
struct owed {
	int player;
	char decision[32];           /* a short name: "turn", "battle-cards" */
	char what[GAME_REASON_MAX];  /* one line for status and reports */
};

/* A complete answer of one owed player: only the accepted orders. */
struct answer {
	int player;
	const struct order *orders;
	size_t n;
	int nmr; /* some orders are the game's defaults for a missed deadline */
};

/* How the game stands. */
struct outcome {
	int finished;
	unsigned winners; /* bit i set: player i won; 0 with finished: a draw */
	char reason[GAME_REASON_MAX];
};

/* What a game's outcome returns: running when !finished, else finished
 * with winners (as in struct outcome) and reason (cut to fit). */
struct outcome game_outcome(int finished, unsigned winners,
    const char *reason);

/* Visibility of an event: bit i set means player i sees it.  EVENT_ALL
 * means every player and the public report. */
#define EVENT_ALL 0xffffffffu
#define EVENT_TO(p) (1u << (p))

/* The width of a report, in columns (for mail): what a game's view and
 * help write must fit it. */
#define GAME_WIDTH 72

/* The turn's log.  Events are sentences; reports wrap them to 72 columns.
 * Every die roll and every random draw that decides something visible is
 * logged with its result. */
struct event {
	unsigned to;
	long long point;
	char *text;
};

struct events {
	struct event *v;
	size_t n;
	size_t cap;
	long long point; /* the decision point events are added for */
};

void events_add(struct events *ev, unsigned to, const char *fmt, ...)
    GB_PRINTF(3, 4);
/* The same with text already written (allocated with malloc; the log
 * takes it): for an event a game writes often, without printf. */
void events_take(struct events *ev, unsigned to, char *text);
void events_free(struct events *ev);
/* Every event of from added to the end of ev, as they are; from is left
 * empty. */
void events_move(struct events *ev, struct events *from);

/* Picks one of count (count > 0) choices: a number below count. */
typedef size_t game_choose(void *arg, size_t count);

/* The longest legal order, with its terminating NUL. */
#define GAME_ORDER_MAX (UTIL_WORDS_CHARS + 1)

struct game_entry {
	const char *id;      /* "senjin": used in state files and man pages */
	const char *title;   /* "Senjin" */
	const char *ruleset; /* version of the rules as implemented: "1" */
	int min_players;
	int max_players;
	const struct game_option *options; /* terminated by a NULL name */

	/* The initial state for the players, with option values given as
	 * text in the order of `options` (defaults filled in by the core).
	 * Random setup draws come from rng (point 0); setup events go to ev.
	 * Returns NULL with e set if an option value is invalid. */
	void *(*setup)(const struct game_players *pl, const char *const *optv,
	    struct rng *rng, struct events *ev, struct gb_err *e);
	void (*free)(void *g);

	/* Read the game's own section of the state.  Returns NULL with e set
	 * (with the position of the offending node) if it is invalid or
	 * inconsistent. */
	void *(*load)(const struct node *section, const struct game_players *pl,
	    struct gb_err *e);
	/* Build the game's own section; load(save(g)) must equal g and
	 * save(load(x)) must write to the same bytes as x. */
	struct node *(*save)(const void *g);

	/* The decisions owed now; returns how many were written to out (at
	 * most GAME_MAX_PLAYERS).  None when the game is finished. */
	size_t (*owed)(const void *g, struct owed *out);

	/* Validate the orders of one owed player for the current decision, in
	 * order, each in the context of the accepted ones before it.  Sets
	 * v[i] for every order.  Returns 1 if the accepted orders make a
	 * complete answer, 0 if more are needed.  For a player who owes
	 * nothing now, every order is refused and 0 returned. */
	int (*validate)(const void *g, int player, const struct order *orders,
	    size_t n, struct verdict *v);

	/* Optional (NULL: no warnings): a warning about the last of the
	 * orders orders[0..n), all accepted by validate in that order, into
	 * note (size bytes; "" for none): what the order does that its
	 * player may not see coming (Japanese Swords: a trade that leaves
	 * armies unpaid at upkeep).  It never changes a verdict; check
	 * prints it after the order's "accepted" line and mail-in's reply
	 * carries it. */
	void (*note)(const void *g, int player, const struct order *orders,
	    size_t n, char *note, size_t size);

	/* The legal next orders of player after the accepted orders prefix
	 * (each a string validate accepts), in the game's documented order.
	 * Empty when prefix is complete.  The default for a missed deadline
	 * (NMR) is: repeatedly the first legal order until complete. */
	void (*legal)(const void *g, int player, const struct order *prefix,
	    size_t n, struct strlist *out);

	/* Optional (NULL: game_legal_pick falls back on legal): the number
	 * of orders legal would list, and the choose(arg, count)-th of them
	 * (from 0, in legal's order) written to buf, without writing the
	 * others; nothing is written when there are none.  For playouts,
	 * bots and the fuzzer, which want one legal order at a time. */
	size_t (*legal_pick)(const void *g, int player,
	    const struct order *prefix, size_t n, game_choose *choose,
	    void *arg, char *buf, size_t size);

	/* Optional (NULL: game_legal_sample falls back on legal_pick): one
	 * of the orders legal would list, drawn uniformly, written to buf;
	 * returns 1, or 0 (nothing written) when there is none.  For a game
	 * whose candidates are judged one by one: legal_pick judges them all
	 * to count them, this judges only those it draws.  Each draw is
	 * choose(arg, count) among the candidates not yet refused, in
	 * legal's order, until one is accepted; each is equally likely to be
	 * the first accepted.  For playouts and the fuzzer, which want a
	 * legal order, not how many there are. */
	int (*legal_sample)(const void *g, int player,
	    const struct order *prefix, size_t n, game_choose *choose,
	    void *arg, char *buf, size_t size);

	/* Apply complete answers of every owed player (one answer each, in
	 * player order) and advance to the next decision point.  Returns 0, or
	 * -1 with e set if the answers are not complete (a core bug). */
	int (*resolve)(void *g, const struct game_players *pl,
	    const struct answer *answers, size_t n, struct rng *rng,
	    struct events *ev, struct gb_err *e);

	/* What player (or the public, player -1) may see now: the board drawn
	 * in text with coordinates, hands, counts.  At most 72 columns. */
	void (*view)(const void *g, const struct game_players *pl, int player,
	    struct sbuf *out);

	/* The same as a tree for the JSON report (report_json.h): what
	 * player (or the public, -1) may see now, as data a program can use
	 * without parsing the text: the board or tableaus, hands, counts,
	 * scores.  Integers with node_int, booleans with node_bool, every
	 * other scalar with node_text.  The caller frees the tree.  The
	 * game's man page and formats/report-json.md describe its shape. */
	struct node *(*view_data)(const void *g, const struct game_players *pl,
	    int player);

	/* A picture of the same (reports/<player>.svg): a standalone SVG
	 * document made with svg.h, with the board's coordinates, pieces,
	 * terrain, ownership and a legend (a card game draws the tableaus and
	 * the player's hand).  Hidden exactly as in view. */
	void (*picture)(const void *g, const struct game_players *pl,
	    int player, struct sbuf *out);
	/* 1 if picture draws the same bytes for every player and the public
	 * (it shows only public things): drawn once for all the reports of
	 * a state (report_make_all).  tests/test_harness.c checks it. */
	int picture_public;

	/* 1 if the legal orders after the first of an answer may depend on
	 * what the player cannot see: validate plays the orders on the
	 * position, and one may draw from a hidden deck, so the orders after
	 * it would show the cards drawn.  The player's page is then given
	 * only the first orders (report/choices.h); 0 (the default): legal
	 * after any prefix shows only what the player may see, which
	 * tests/test_harness.c checks through the JSON report. */
	int answer_reveals;

	/* Comment lines ("# ...") explaining the orders syntax for the
	 * decision player owes now, and example orders; goes in the orders
	 * template of the player's report.  At most 72 columns. */
	void (*help)(const void *g, int player, struct sbuf *out);

	struct outcome (*outcome)(const void *g);

	/* For the tests' hidden-information check; NULL for a game of
	 * perfect information.  Change g in place only in what player may
	 * not see now (other hands, deck order, sealed choices), drawing from
	 * rng; keep it a valid state.  Returns 1 if anything changed. */
	int (*perturb)(void *g, int player, struct rng *rng);
};

/* How many players g is for, in words: "exactly 2" or "2 to 4". */
const char *game_players_words(const struct game_entry *g, char *buf,
    size_t size);

/* The legal next orders of player after prefix, as g->legal lists them:
 * returns how many there are and, if any, writes the choose(arg,
 * count)-th to buf (size bytes, GAME_ORDER_MAX is always enough).  Uses
 * the game's legal_pick when it has one. */
size_t game_legal_pick(const struct game_entry *g, const void *gs,
    int player, const struct order *prefix, size_t n, game_choose *choose,
    void *arg, char *buf, size_t size);
/* One legal next order of player after prefix, drawn with choose (the
 * game's legal_sample, or else the choose(arg, count)-th legal_pick
 * counts), written to buf; returns 1, or 0 when there is none. */
int game_legal_sample(const struct game_entry *g, const void *gs,
    int player, const struct order *prefix, size_t n, game_choose *choose,
    void *arg, char *buf, size_t size);

/* A reason written to why (as snprintf), unless size is 0: a caller that
 * wants only the verdict of a check (legal_pick counting candidates)
 * passes size 0 and pays for no formatting.  Returns -1, the refusal. */
int game_why(char *why, size_t size, const char *fmt, ...) GB_PRINTF(3, 4);

/* The orders a game's memo has taken, for games that keep what they
 * worked out from a player's answer between calls (validate, legal_pick
 * and resolve are asked again and again about the same game and player
 * with the same orders, or the same and one more): the texts of its
 * first n orders, all accepted, and whether the answer was complete
 * after each (complete[0]: before any).  What the orders lead to (a
 * plan, a position) and the game they start from are the game's to keep
 * beside it.  Room for a file's 100 orders and a missed deadline's
 * defaults. */
#define GAME_MEMO_ORDERS 192
#define GAME_MEMO_CHARS 8192
struct game_memo {
	int valid;
	int player;
	size_t n;
	size_t end[GAME_MEMO_ORDERS]; /* order i's text ends (NUL) here */
	unsigned char complete[GAME_MEMO_ORDERS + 1];
	char texts[GAME_MEMO_CHARS];
};

/* How many of o[0..n) are the memo's first orders (m valid). */
size_t game_memo_match(const struct game_memo *m, const struct order *o,
    size_t n);

/* The memo started again for player, holding no order. */
void game_memo_restart(struct game_memo *m, int player, int complete);

/* text, just taken after the memo's orders (accepted or not; complete:
 * the answer is complete after it), kept as its next if accepted and
 * there is room; else the memo ends (valid 0). */
void game_memo_take(struct game_memo *m, const char *text, int accepted,
    int complete);

#endif
