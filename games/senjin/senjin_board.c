/* senjin_board.c - squares, the starting position, movement and winning.
 *
 * Squares are numbered a1 = 0, b1 = 1, ..., i1 = 8, a2 = 9, ..., i9 = 80:
 * that numbering is also the "square order" legal() lists orders in. */
#include <stdio.h>
#include <string.h>

#include "senjin.h"

/* The same notation as the state's board and the view. */
const char *const senjin_board_start[SENJIN_RANKS] = {
	"b g * g . g * g b",
	"b b b b b b b b b",
	". . . . . . . . .",
	". . . . . . . . .",
	". . . . . . . . .",
	". . . . . . . . .",
	". . . . . . . . .",
	"B B B B B B B B B",
	"B G * G . G * G B",
};

/* The eight directions of a move, as (file, rank) steps: one list that
 * makes both senjin_board_dirs and senjin_board_next. */
#define SENJIN_BOARD_DIRS(X, a) X(a, 1, 0) X(a, -1, 0) X(a, 0, 1) \
	X(a, 0, -1) X(a, 1, 1) X(a, 1, -1) X(a, -1, 1) X(a, -1, -1)
#define SENJIN_BOARD_DIR(a, df, dr) { df, dr },
static const int senjin_board_dirs[8][2] = {
	SENJIN_BOARD_DIRS(SENJIN_BOARD_DIR, 0)
};

int
senjin_board_to_move(const struct senjin *g)
{
	return (g->first + g->turn) % 2;
}

const char *
senjin_board_name(int sq, char buf[3])
{
	buf[0] = (char)('a' + sq % SENJIN_FILES);
	buf[1] = (char)('1' + sq / SENJIN_FILES);
	buf[2] = '\0';
	return buf;
}

int
senjin_board_square(const char *s)
{
	char f, r;

	if (strlen(s) != 2)
		return -1;
	f = s[0] >= 'A' && s[0] <= 'Z' ? (char)(s[0] - 'A' + 'a') : s[0];
	r = s[1];
	if (f < 'a' || f >= 'a' + SENJIN_FILES || r < '1' ||
	    r >= '1' + SENJIN_RANKS)
		return -1;
	return (r - '1') * SENJIN_FILES + (f - 'a');
}

int
senjin_board_is_bakufu(int player, int sq)
{
	return senjin_armies[player].bakufu[0] == sq ||
	    senjin_armies[player].bakufu[1] == sq;
}

static int
senjin_board_any_bakufu(int sq)
{
	return senjin_board_is_bakufu(0, sq) || senjin_board_is_bakufu(1, sq);
}

/* Which token is on sq, as owner * SENJIN_TOKENS + index; -1 if none.
 * Asked at every step of every move legal_pick counts: a plain loop the
 * compiler can inline. */
static inline int
senjin_board_token_find(const struct senjin *g, int sq)
{
	for (int p = 0; p < 2; p++)
		for (int i = 0; i < SENJIN_TOKENS; i++)
			if (g->tokens[p][i].sq == sq &&
			    g->tokens[p][i].side >= 0)
				return p * SENJIN_TOKENS + i;
	return -1;
}

const struct senjin_token *
senjin_board_token_on(const struct senjin *g, int sq)
{
	int k = senjin_board_token_find(g, sq);

	return k < 0 ? NULL :
	    &g->tokens[k / SENJIN_TOKENS][k % SENJIN_TOKENS];
}

struct senjin_token *
senjin_board_token_at(struct senjin *g, int sq)
{
	int k = senjin_board_token_find(g, sq);

	return k < 0 ? NULL :
	    &g->tokens[k / SENJIN_TOKENS][k % SENJIN_TOKENS];
}

/* A token is always on a piece (a captured piece's token goes off the
 * board), so an empty square, the most frequent, is looked at only. */
static int
senjin_board_shielded(const struct senjin *g, int sq)
{
	int k;

	if (g->board[sq].owner == SENJIN_NOBODY ||
	    (k = senjin_board_token_find(g, sq)) < 0)
		return 0;
	return g->tokens[k / SENJIN_TOKENS][k % SENJIN_TOKENS].side ==
	    SENJIN_SHIELD;
}

/* Reading a piece letter: which player and kind it is; -1 if none. */
static int
senjin_board_letter(char c, struct senjin_piece *pc)
{
	for (int k = 0; k < SENJIN_KINDS; k++) {
		char up = senjin_kinds[k].letter;

		if (c == up || c == up - 'A' + 'a') {
			pc->owner = c == up ? 0 : 1;
			pc->kind = k;
			return 0;
		}
	}
	return -1;
}

static int
senjin_board_mark(char c)
{
	for (int s = 0; s < SENJIN_SIDES; s++)
		if (c == senjin_sides[s].mark)
			return s;
	return -1;
}

/* An unused token slot of player (side < 0), or NULL if all are used. */
static struct senjin_token *
senjin_board_free_token(struct senjin *g, int player)
{
	for (int i = 0; i < SENJIN_TOKENS; i++)
		if (g->tokens[player][i].side < 0)
			return &g->tokens[player][i];
	return NULL;
}

static int
senjin_board_empty_cell(struct senjin *g, int sq, const char *cell,
    char *why, size_t size)
{
	char nm[3];
	int bakufu = senjin_board_any_bakufu(sq);

	senjin_board_name(sq, nm);
	g->board[sq].owner = SENJIN_NOBODY;
	if (strcmp(cell, "*") == 0 && !bakufu) {
		game_why(why, size, "%s is not a Bakufu, so it cannot be '*'",
		    nm);
		return -1;
	}
	if (strcmp(cell, ".") == 0 && bakufu) {
		game_why(why, size, "%s is a Bakufu: write it '*' when empty",
		    nm);
		return -1;
	}
	return 0;
}

int
senjin_board_cell_read(struct senjin *g, int sq, const char *cell,
    char *why, size_t size)
{
	struct senjin_piece pc;
	struct senjin_token *t;
	char nm[3];
	int side = -1;

	senjin_board_name(sq, nm);
	if (strcmp(cell, ".") == 0 || strcmp(cell, "*") == 0)
		return senjin_board_empty_cell(g, sq, cell, why, size);
	if (senjin_board_letter(cell[0], &pc) < 0 || strlen(cell) > 2 ||
	    (cell[1] != '\0' && (side = senjin_board_mark(cell[1])) < 0)) {
		game_why(why, size, "%s: '%.8s' is not a cell: '.', '*', or "
		    "G, B, g, b with an optional / or #", nm, cell);
		return -1;
	}
	if (senjin_board_is_bakufu(pc.owner, sq)) {
		game_why(why, size, "%s: a %s piece cannot stand on its own "
		    "Bakufu", nm, senjin_armies[pc.owner].name);
		return -1;
	}
	g->board[sq] = pc;
	if (side < 0)
		return 0;
	if ((t = senjin_board_free_token(g, pc.owner)) == NULL) {
		game_why(why, size, "%s: %s has more than %d tokens", nm,
		    senjin_armies[pc.owner].name, SENJIN_TOKENS);
		return -1;
	}
	*t = (struct senjin_token){ .side = side, .sq = sq, .wait = 0 };
	return 0;
}

void
senjin_board_off_write(const struct senjin *g, int player, struct sbuf *out)
{
	int n = 0;

	for (int i = 0; i < SENJIN_TOKENS; i++) {
		const struct senjin_token *t = &g->tokens[player][i];

		if (t->sq != SENJIN_OFF)
			continue;
		/* Once the game is over nothing waits for a turn. */
		sbuf_printf(out, "%s%s%s", n++ ? ", " : "",
		    senjin_sides[t->side].name, t->wait && !g->finished ?
		    " (waiting)" : "");
	}
	if (n == 0)
		sbuf_puts(out, "none");
}

void
senjin_board_cell_write(const struct senjin *g, int sq, char out[3])
{
	const struct senjin_piece *pc = &g->board[sq];
	const struct senjin_token *t;
	char c;

	out[1] = out[2] = '\0';
	if (pc->owner == SENJIN_NOBODY) {
		out[0] = senjin_board_any_bakufu(sq) ? '*' : '.';
		return;
	}
	c = senjin_kinds[pc->kind].letter;
	out[0] = pc->owner == 0 ? c : (char)(c - 'A' + 'a');
	if ((t = senjin_board_token_on(g, sq)) != NULL)
		out[1] = senjin_sides[t->side].mark;
}

int
senjin_board_row_read(struct senjin *g, int rank, const char *row,
    char *why, size_t size)
{
	char cell[4];
	int f = 0;

	for (const char *p = row;;) {
		size_t len;

		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		len = strcspn(p, " ");
		if (f == SENJIN_FILES) {
			game_why(why, size, "rank %d has more than %d cells",
			    rank + 1, SENJIN_FILES);
			return -1;
		}
		/* The first 3 bytes at most ("%.*s" without printf: 81 cells
		 * every time a state is read). */
		memcpy(cell, p, len > 3 ? 3 : len);
		cell[len > 3 ? 3 : len] = '\0';
		if (senjin_board_cell_read(g, rank * SENJIN_FILES + f, cell,
		    why, size) < 0)
			return -1;
		f++;
		p += len;
	}
	if (f < SENJIN_FILES) {
		game_why(why, size, "rank %d has %d cells, not %d", rank + 1, f,
		    SENJIN_FILES);
		return -1;
	}
	return 0;
}

void
senjin_board_row_write(const struct senjin *g, int rank, struct sbuf *out)
{
	char cell[3];

	for (int f = 0; f < SENJIN_FILES; f++) {
		senjin_board_cell_write(g, rank * SENJIN_FILES + f, cell);
		if (f > 0)
			sbuf_putc(out, ' ');
		sbuf_puts(out, cell);
	}
}

int
senjin_board_count(const struct senjin *g, int player, int kind)
{
	int n = 0;

	for (int sq = 0; sq < SENJIN_SQUARES; sq++)
		if (g->board[sq].owner == player && g->board[sq].kind == kind)
			n++;
	return n;
}

/* The rule for entering a square on the way (or the destination): what
 * stops it, or SENJIN_STEP_OK.  Kept apart from the reasons so that the
 * walks of legal_pick, which want only the verdict, can have it inline. */
enum { SENJIN_STEP_OK, SENJIN_STEP_OWN, SENJIN_STEP_SHIELD,
	SENJIN_STEP_BAKUFU };

static inline int
senjin_board_step_rule(const struct senjin *g, int player, int sq)
{
	if (g->board[sq].owner == player)
		return SENJIN_STEP_OWN;
	if (senjin_board_shielded(g, sq))
		return SENJIN_STEP_SHIELD;
	if (senjin_board_is_bakufu(player, sq))
		return SENJIN_STEP_BAKUFU;
	return SENJIN_STEP_OK;
}

/* Why a square on the way (or the destination, last) cannot be entered;
 * 0 if it can. */
static int
senjin_board_check_step(const struct senjin *g, int player, int sq,
    int last, char *why, size_t size)
{
	char nm[3];

	switch (senjin_board_step_rule(g, player, sq)) {
	case SENJIN_STEP_OWN:
		if (last)
			return game_why(why, size, "%s holds a piece of yours",
			    senjin_board_name(sq, nm));
		return game_why(why, size, "the path is blocked by your own "
		    "piece at %s", senjin_board_name(sq, nm));
	case SENJIN_STEP_SHIELD:
		return game_why(why, size, "%s holds a piece with a Shield",
		    senjin_board_name(sq, nm));
	case SENJIN_STEP_BAKUFU:
		if (g->board[sq].owner != SENJIN_NOBODY &&
		    g->board[sq].owner != player)
			/* Why the occupier cannot be taken (a fresh reader
			 * asked). */
			return game_why(why, size, "%s is your own Bakufu, "
			    "which your pieces may not enter: the enemy %s on "
			    "it cannot be captured there", senjin_board_name(
			    sq, nm), senjin_kinds[g->board[sq].kind].name);
		return game_why(why, size, "%s is your own Bakufu",
		    senjin_board_name(sq, nm));
	default:
		return 0;
	}
}

static int
senjin_board_abs(int v)
{
	return v < 0 ? -v : v;
}

/* How far the piece at from may move (its kind's range, one more with
 * a Sword); -1 with why set if it cannot move at all.  One look for the
 * token on it answers both. */
static int
senjin_board_piece_range(const struct senjin *g, int player, int from,
    char *why, size_t size)
{
	const struct senjin_token *t;
	char nm[3];
	int r;

	if (g->board[from].owner != player) {
		game_why(why, size, "%s holds no piece of yours",
		    senjin_board_name(from, nm));
		return -1;
	}
	t = senjin_board_token_on(g, from);
	if (t != NULL && t->side == SENJIN_SHIELD) {
		game_why(why, size, "the piece at %s has a Shield and cannot "
		    "move", senjin_board_name(from, nm));
		return -1;
	}
	r = senjin_kinds[g->board[from].kind].range;
	return t != NULL && t->side == SENJIN_SWORD ? r + 1 : r;
}

int
senjin_board_check_move(const struct senjin *g, int player, int from,
    int to, char *why, size_t size)
{
	int df = to % SENJIN_FILES - from % SENJIN_FILES;
	int dr = to / SENJIN_FILES - from / SENJIN_FILES;
	int dist = senjin_board_abs(df) > senjin_board_abs(dr) ?
	    senjin_board_abs(df) : senjin_board_abs(dr);
	const struct senjin_kind_info *k;
	char a[3], b[3];
	int range = senjin_board_piece_range(g, player, from, why, size);

	if (range < 0)
		return -1;
	if (dist == 0) {
		game_why(why, size, "the piece is already at %s",
		    senjin_board_name(from, a));
		return -1;
	}
	if (df != 0 && dr != 0 && senjin_board_abs(df) != senjin_board_abs(dr)) {
		game_why(why, size, "%s is not in a straight line from %s",
		    senjin_board_name(to, b),
		    senjin_board_name(from, a));
		return -1;
	}
	k = &senjin_kinds[g->board[from].kind];
	if (dist > range) {
		game_why(why, size, "a %s moves at most %d square%s (%d with "
		    "a Sword)", k->name, k->range, k->range == 1 ? "" : "s",
		    k->range + 1);
		return -1;
	}
	df /= dist;
	dr /= dist;
	for (int s = 1; s <= dist; s++)
		if (senjin_board_check_step(g, player,
		    from + s * (dr * SENJIN_FILES + df), s == dist, why,
		    size) < 0)
			return -1;
	return 0;
}

/* The square one step from each square in each direction of
 * senjin_board_dirs, or -1 off the board: a table the compiler fills, so
 * that a walk along a line looks its next square up instead of working
 * out where the edge is. */
#define SENJIN_BOARD_NB(sq, df, dr) \
	((sq) % SENJIN_FILES + (df) >= 0 && \
	 (sq) % SENJIN_FILES + (df) < SENJIN_FILES && \
	 (sq) / SENJIN_FILES + (dr) >= 0 && \
	 (sq) / SENJIN_FILES + (dr) < SENJIN_RANKS ? \
	 (sq) + (dr) * SENJIN_FILES + (df) : -1)
#define SENJIN_BOARD_NB1(sq, df, dr) SENJIN_BOARD_NB(sq, df, dr),
#define SENJIN_BOARD_NB8(sq) { SENJIN_BOARD_DIRS(SENJIN_BOARD_NB1, sq) }
#define SENJIN_BOARD_NB_RANK(r) \
	SENJIN_BOARD_NB8((r) * SENJIN_FILES + 0), \
	SENJIN_BOARD_NB8((r) * SENJIN_FILES + 1), \
	SENJIN_BOARD_NB8((r) * SENJIN_FILES + 2), \
	SENJIN_BOARD_NB8((r) * SENJIN_FILES + 3), \
	SENJIN_BOARD_NB8((r) * SENJIN_FILES + 4), \
	SENJIN_BOARD_NB8((r) * SENJIN_FILES + 5), \
	SENJIN_BOARD_NB8((r) * SENJIN_FILES + 6), \
	SENJIN_BOARD_NB8((r) * SENJIN_FILES + 7), \
	SENJIN_BOARD_NB8((r) * SENJIN_FILES + 8)
static const signed char senjin_board_next[SENJIN_SQUARES][8] = {
	SENJIN_BOARD_NB_RANK(0), SENJIN_BOARD_NB_RANK(1),
	SENJIN_BOARD_NB_RANK(2), SENJIN_BOARD_NB_RANK(3),
	SENJIN_BOARD_NB_RANK(4), SENJIN_BOARD_NB_RANK(5),
	SENJIN_BOARD_NB_RANK(6), SENJIN_BOARD_NB_RANK(7),
	SENJIN_BOARD_NB_RANK(8),
};
_Static_assert(SENJIN_FILES == 9 && SENJIN_RANKS == 9,
    "senjin_board_next is written for a 9 by 9 board");

/* The (direction, distance) of every move in the square order of its
 * destination, the same from every square: by rank step, then file step
 * (a step of at most SENJIN_MAX_PATH files never crosses a rank). */
static const struct senjin_board_ray {
	signed char d, s;
} senjin_board_order[SENJIN_MAX_MOVES] = {
	{ 7, 3 }, { 3, 3 }, { 5, 3 }, { 7, 2 }, { 3, 2 }, { 5, 2 },
	{ 7, 1 }, { 3, 1 }, { 5, 1 },
	{ 1, 3 }, { 1, 2 }, { 1, 1 }, { 0, 1 }, { 0, 2 }, { 0, 3 },
	{ 6, 1 }, { 2, 1 }, { 4, 1 },
	{ 6, 2 }, { 2, 2 }, { 4, 2 }, { 6, 3 }, { 2, 3 }, { 4, 3 },
};

/* Each line is walked until a step is refused: check_move checks every
 * step of a path alike (senjin_board_step_rule), so a refused step
 * refuses every longer move that way, and what is listed here is exactly
 * what check_move allows. */
int
senjin_board_reach(const struct senjin *g, int player, int from,
    int reach[8])
{
	int n = 0, range = senjin_board_piece_range(g, player, from, NULL, 0);

	if (range < 0)
		return 0;
	for (int d = 0; d < 8; d++) {
		int sq = from, s = 0;

		while (s < range && (sq = senjin_board_next[sq][d]) >= 0 &&
		    senjin_board_step_rule(g, player, sq) == SENJIN_STEP_OK)
			s++;
		reach[d] = s;
		n += s;
	}
	return n;
}

void
senjin_board_reach_moves(int from, const int reach[8],
    int to[SENJIN_MAX_MOVES])
{
	int n = 0;

	for (int i = 0; i < SENJIN_MAX_MOVES; i++) {
		const struct senjin_board_ray *o = &senjin_board_order[i];

		if (o->s <= reach[o->d])
			to[n++] = from + o->s * (senjin_board_dirs[o->d][1] *
			    SENJIN_FILES + senjin_board_dirs[o->d][0]);
	}
}

int
senjin_board_moves(const struct senjin *g, int player, int from,
    int to[SENJIN_MAX_MOVES])
{
	int reach[8], n = senjin_board_reach(g, player, from, reach);

	if (n > 0)
		senjin_board_reach_moves(from, reach, to);
	return n;
}

void
senjin_board_move(struct senjin *g, int from, int to,
    struct senjin_capture *caps, int *ncaps)
{
	int df = to % SENJIN_FILES - from % SENJIN_FILES;
	int dr = to / SENJIN_FILES - from / SENJIN_FILES;
	int dist = senjin_board_abs(df) > senjin_board_abs(dr) ?
	    senjin_board_abs(df) : senjin_board_abs(dr);
	int step = (dr / dist) * SENJIN_FILES + df / dist;
	struct senjin_token *t;

	*ncaps = 0;
	for (int sq = from + step;; sq += step) {
		if (g->board[sq].owner != SENJIN_NOBODY &&
		    *ncaps < SENJIN_MAX_PATH) {
			struct senjin_capture *c = &caps[(*ncaps)++];

			c->sq = sq;
			c->kind = g->board[sq].kind;
			c->sword = 0;
			/* Only a Sword can be on a captured piece: a Shield
			 * makes it impossible to enter. */
			if ((t = senjin_board_token_at(g, sq)) != NULL) {
				t->sq = SENJIN_OFF;
				t->wait = 1;
				c->sword = 1;
			}
			g->board[sq].owner = SENJIN_NOBODY;
		}
		if (sq == to)
			break;
	}
	if ((t = senjin_board_token_at(g, from)) != NULL)
		t->sq = to;
	g->board[to] = g->board[from];
	g->board[from].owner = SENJIN_NOBODY;
	senjin_board_sort_tokens(g);
}

/* A blocked first step blocks every longer move that way, so a player
 * can move at all exactly when some piece can move one square. */
int
senjin_board_can_move(const struct senjin *g, int player)
{
	for (int sq = 0; sq < SENJIN_SQUARES; sq++) {
		if (g->board[sq].owner != player)
			continue;
		for (int d = 0; d < 8; d++) {
			int to = senjin_board_next[sq][d];

			if (to >= 0 && senjin_board_check_move(g, player, sq,
			    to, NULL, 0) == 0)
				return 1;
		}
	}
	return 0;
}

int
senjin_board_turn_end(const struct senjin *g, int mover, char *reason,
    size_t size)
{
	int next = 1 - mover;

	if (g->limit > 0 && g->turn >= g->limit) {
		snprintf(reason, size, "the turn limit of %d turn%s is reached",
		    g->limit, g->limit == 1 ? "" : "s");
		return SENJIN_NOBODY;
	}
	if (!senjin_board_can_move(g, next)) {
		snprintf(reason, size, "%s cannot move a piece",
		    senjin_armies[next].name);
		return mover;
	}
	return SENJIN_RUNNING;
}

const char *
senjin_board_won(const struct senjin *g, int player, int captured,
    char *buf, size_t size)
{
	const struct senjin_army *me = &senjin_armies[player];
	const struct senjin_army *foe = &senjin_armies[1 - player];

	if (g->board[foe->bakufu[0]].owner == player &&
	    g->board[foe->bakufu[1]].owner == player) {
		snprintf(buf, size, "%s occupies both %s Bakufu", me->name,
		    foe->name);
		return buf;
	}
	if (!captured)
		return NULL;
	unsigned left = (1u << SENJIN_KINDS) - 1; /* kinds not yet seen */

	/* The foe's kinds, in one pass that stops once all are seen: this
	 * is asked after every move.  The pass starts from the foe's own
	 * side of the board, where its pieces mostly are (South's ranks are
	 * the low squares). */
	for (int i = 0; i < SENJIN_SQUARES && left != 0; i++) {
		int sq = player == 0 ? SENJIN_SQUARES - 1 - i : i;

		if (g->board[sq].owner == 1 - player)
			left &= ~(1u << g->board[sq].kind);
	}
	for (int k = 0; k < SENJIN_KINDS; k++) {
		if (left & (1u << k)) {
			snprintf(buf, size, "%s has captured all %d %s %s",
			    me->name, senjin_kinds[k].count, foe->name,
			    senjin_kinds[k].name);
			return buf;
		}
	}
	return NULL;
}

/* On the board by square first, then off the board Sword before Shield,
 * a waiting token after one that is not. */
static int
senjin_board_token_cmp(const struct senjin_token *a,
    const struct senjin_token *b)
{
	int ka = a->sq == SENJIN_OFF ? SENJIN_SQUARES : a->sq;
	int kb = b->sq == SENJIN_OFF ? SENJIN_SQUARES : b->sq;

	if (ka != kb)
		return ka < kb ? -1 : 1;
	if (a->side != b->side)
		return a->side < b->side ? -1 : 1;
	return a->wait - b->wait;
}

void
senjin_board_sort_tokens(struct senjin *g)
{
	for (int p = 0; p < 2; p++) {
		struct senjin_token *t = g->tokens[p];

		/* Insertion sort: SENJIN_TOKENS is tiny. */
		for (int i = 1; i < SENJIN_TOKENS; i++)
			for (int j = i; j > 0 &&
			    senjin_board_token_cmp(&t[j - 1], &t[j]) > 0; j--) {
				struct senjin_token tmp = t[j];

				t[j] = t[j - 1];
				t[j - 1] = tmp;
			}
	}
}
