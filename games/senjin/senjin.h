/* senjin.h - what the files of the Senjin module share.
 *
 * senjin.c        the tables, the game_entry: options, setup, the turn
 *                 sequence
 * senjin_board.c  squares, the starting position, movement, winning
 * senjin_order.c  parsing and checking orders, validate and legal
 * senjin_state.c  the state section: load and save
 * senjin_view.c   the board drawn in text, and the orders help
 *
 * The rules as implemented, with every ruling and its reason, are in
 * man/gunbai-senjin.6. */
#ifndef GUNBAI_SENJIN_H
#define GUNBAI_SENJIN_H

#include "game/game.h"

#define SENJIN_FILES 9
#define SENJIN_RANKS 9
#define SENJIN_SQUARES (SENJIN_FILES * SENJIN_RANKS)
#define SENJIN_TOKENS 2 /* tokens per player */
#define SENJIN_OFF (-1) /* the square of a token off the board */
#define SENJIN_NOBODY (-1)
#define SENJIN_MAX_LIMIT 1000000 /* the largest turn-limit option */

/* Player 0 is South, player 1 is North. */
struct senjin_army {
	const char *name;  /* "South" */
	const char *word;  /* "south", as written in the state */
	int bakufu[2];     /* squares */
};
extern const struct senjin_army senjin_armies[2];

enum senjin_kind { SENJIN_SHO, SENJIN_SHI, SENJIN_KINDS };

struct senjin_kind_info {
	const char *name;  /* "Sho" */
	const char *gloss; /* "Shogun" */
	char letter;       /* South's letter; North's is its lowercase */
	int count;         /* pieces of this kind per player at the start */
	int range;         /* squares a move may cover without a Sword */
};
extern const struct senjin_kind_info senjin_kinds[SENJIN_KINDS];

enum senjin_side { SENJIN_SWORD, SENJIN_SHIELD, SENJIN_SIDES };

struct senjin_side_info {
	const char *name; /* "Sword" */
	const char *word; /* "sword", as written in orders and the state */
	char mark;        /* suffix of a piece's letter that carries it */
};
extern const struct senjin_side_info senjin_sides[SENJIN_SIDES];

struct senjin_piece {
	int owner; /* 0, 1, or SENJIN_NOBODY for an empty square */
	int kind;
};

struct senjin_token {
	int side;
	int sq;   /* the square of the piece carrying it, or SENJIN_OFF */
	int wait; /* off the board after its piece was captured: it cannot be
	           * placed during its owner's current or next turn */
};

struct senjin {
	struct senjin_piece board[SENJIN_SQUARES]; /* a1, b1, ..., i9 */
	struct senjin_token tokens[2][SENJIN_TOKENS];
	int turn;     /* turns played so far */
	int first;    /* the player who played the first turn */
	int limit;    /* turns in all before a draw; 0: no limit */
	int finished;
	int winner;   /* with finished: the winner, or SENJIN_NOBODY: a draw */
	char reason[GAME_REASON_MAX];
};

/* senjin_board.c */
int senjin_board_to_move(const struct senjin *g);
/* "c3" for a square; the buffer must hold 3 bytes. */
const char *senjin_board_name(int sq, char buf[3]);
/* A square from "c3" or "C3"; -1 if s is not a square. */
int senjin_board_square(const char *s);
/* The starting position, as 9 rows of cells, rank 9 first. */
extern const char *const senjin_board_start[SENJIN_RANKS];
/* Read one cell of the board notation ("G/", "b", ".", "*") at sq into g;
 * the token it shows is added to its owner's list.  Returns -1 with why
 * set if the cell is not valid there. */
int senjin_board_cell_read(struct senjin *g, int sq, const char *cell,
    char *why, size_t size);
/* Write the cell at sq in the board notation (at most 2 characters). */
void senjin_board_cell_write(const struct senjin *g, int sq, char out[3]);
/* Read one row of cells (rank 0 is rank 1), separated by spaces. */
int senjin_board_row_read(struct senjin *g, int rank, const char *row,
    char *why, size_t size);
/* Append one row of cells, separated by single spaces. */
void senjin_board_row_write(const struct senjin *g, int rank,
    struct sbuf *out);
/* The token on the piece at sq, or NULL. */
struct senjin_token *senjin_board_token_at(struct senjin *g, int sq);
const struct senjin_token *senjin_board_token_on(const struct senjin *g,
    int sq);
/* Is player's Bakufu at sq? */
int senjin_board_is_bakufu(int player, int sq);
/* Pieces of kind that player has on the board. */
int senjin_board_count(const struct senjin *g, int player, int kind);
/* player's tokens off the board, as the text report and the picture
 * show them: "Sword (waiting), Shield", or "none"; added to out. */
void senjin_board_off_write(const struct senjin *g, int player,
    struct sbuf *out);
/* Can player move from one square to another?  0, or -1 with why set. */
int senjin_board_check_move(const struct senjin *g, int player, int from,
    int to, char *why, size_t size);
/* What a move captured: the square, the kind, and whether a Sword token
 * went back off the board with it. */
struct senjin_capture {
	int sq;
	int kind;
	int sword;
};
#define SENJIN_MAX_PATH 3 /* the longest move: a Sho with a Sword */
/* Make a move senjin_board_check_move allowed, capturing every piece on
 * the way (at most SENJIN_MAX_PATH, written to caps, counted in *ncaps). */
void senjin_board_move(struct senjin *g, int from, int to,
    struct senjin_capture *caps, int *ncaps);
/* The squares the piece of player at from may move to now, in square
 * order: exactly the moves senjin_board_check_move allows.  Returns how
 * many. */
#define SENJIN_MAX_MOVES (8 * SENJIN_MAX_PATH)
int senjin_board_moves(const struct senjin *g, int player, int from,
    int to[SENJIN_MAX_MOVES]);
/* How many squares that is, without listing them: reach[d] is how far
 * the piece may go in direction d. */
int senjin_board_reach(const struct senjin *g, int player, int from,
    int reach[8]);
/* The squares of the moves reach allows from `from`, in the order of
 * senjin_board_moves. */
void senjin_board_reach_moves(int from, const int reach[8],
    int to[SENJIN_MAX_MOVES]);
/* Has player any legal move? */
int senjin_board_can_move(const struct senjin *g, int player);
/* How a turn of mover that did not win ends, once counted (g->turn
 * counts it): SENJIN_NOBODY, a draw, at the turn limit; mover, when the
 * next player cannot move a piece; the reason then written to reason.
 * SENJIN_RUNNING if the game goes on. */
#define SENJIN_RUNNING (-2)
int senjin_board_turn_end(const struct senjin *g, int mover, char *reason,
    size_t size);
/* The reason player has won by the position, or NULL.  Without
 * captured, the foe is taken to have lost no piece since a position that
 * was no win, so only the Bakufu are looked at: a foe's last piece of a
 * kind goes only by a capture, and no running game is without one (load
 * refuses such a state, and each move that captures is checked). */
const char *senjin_board_won(const struct senjin *g, int player,
    int captured, char *buf, size_t size);
/* Put the tokens of each player in their canonical order, so that equal
 * positions are equal structures and save to the same bytes. */
void senjin_board_sort_tokens(struct senjin *g);

/* senjin_order.c */
int senjin_order_validate(const void *g, int player,
    const struct order *orders, size_t n, struct verdict *v);
void senjin_order_legal(const void *g, int player,
    const struct order *prefix, size_t n, struct strlist *out);
size_t senjin_order_pick(const void *g, int player,
    const struct order *prefix, size_t n, game_choose *choose, void *arg,
    char *buf, size_t size);
/* Play the orders of the player to move (all valid, a complete turn) on
 * g, logging each action to ev.  Returns -1 with why set if they are not
 * a complete valid turn.  The turn is not counted (senjin.c does that),
 * but the log knows whether a turn follows it. */
int senjin_order_play(struct senjin *g, const struct game_players *pl,
    const struct order *orders, size_t n, struct events *ev, char *why,
    size_t size);

/* senjin_state.c */
void *senjin_state_load(const struct node *section,
    const struct game_players *pl, struct gb_err *e);
struct node *senjin_state_save(const void *g);

/* senjin_view.c */
void senjin_view_board(const void *g, const struct game_players *pl,
    int player, struct sbuf *out);
void senjin_view_help(const void *g, int player, struct sbuf *out);
struct node *senjin_view_data(const void *g, const struct game_players *pl,
    int player);
/* senjin_picture.c */
void senjin_picture(const void *g, const struct game_players *pl,
    int player, struct sbuf *out);

#endif
