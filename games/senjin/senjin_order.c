/* senjin_order.c - orders: reading, checking, playing, and listing the
 * legal ones.
 *
 * validate, legal and resolve all go through one path: an order is read
 * into an action, checked against a copy of the game as the earlier
 * accepted actions of the turn left it, and then applied to that copy.  So
 * an order validate accepts is exactly one resolve can play, and legal()
 * lists exactly what validate accepts. */
#include <stdio.h>
#include <string.h>

#include "senjin.h"

#define SENJIN_ORDER_QUOTE 12 /* characters of a word quoted in a reason */
#define SENJIN_ORDER_USAGE (-2) /* a reader's answer: the words do not fit */

enum senjin_order_verb { SENJIN_ORDER_MOVE, SENJIN_ORDER_PLACE,
	SENJIN_ORDER_FLIP };

/* One action as read from an order. */
struct senjin_order_action {
	int verb;
	int from, to; /* move */
	int side;     /* place: the side shown; flip: the side an off-board
	               * token shows, or -1 for a token on the board */
	int at;       /* place on the first turn, flip on the board: the
	               * square; -1 otherwise */
};

/* A turn being played: the game as the accepted actions left it. */
struct senjin_order_turn {
	struct senjin g;
	int player;
	int done;  /* actions accepted */
	int moved; /* the square of the piece the first action moved, or -1 */
	int swords; /* Swords sent back off the board by captures */
	int last;  /* no turn follows: the log says nothing of the next */
};

typedef int senjin_order_reader(const struct util_words *,
    struct senjin_order_action *, char *, size_t);

static senjin_order_reader senjin_order_read_move, senjin_order_read_place,
    senjin_order_read_flip;

static const struct senjin_order_keyword {
	const char *word;
	int verb;
	senjin_order_reader *read;
	const char *usage; /* the reason when the words after it do not fit */
} senjin_order_keywords[] = {
	{ "move", SENJIN_ORDER_MOVE, senjin_order_read_move,
	    "a move names two squares: move FROM TO, as in move b2 b3 (or "
	    "move b2-b3, as the log writes it)" },
	{ "place", SENJIN_ORDER_PLACE, senjin_order_read_place,
	    "write place sword or place shield (on the first turn: place "
	    "sword at b2)" },
	{ "flip", SENJIN_ORDER_FLIP, senjin_order_read_flip,
	    "write flip and a square, or flip sword or flip shield for a "
	    "token off the board" },
};
#define SENJIN_ORDER_NKEYWORDS \
	(sizeof senjin_order_keywords / sizeof senjin_order_keywords[0])

/* A word as quoted in a reason: at most SENJIN_ORDER_QUOTE characters,
 * anything but printable ASCII shown as '?', so a reason stays one valid
 * line whatever the order held. */
static const char *
senjin_order_quote(const char *word, char out[SENJIN_ORDER_QUOTE + 4])
{
	size_t i;

	for (i = 0; word[i] != '\0' && i < SENJIN_ORDER_QUOTE; i++)
		out[i] = word[i] >= ' ' && word[i] <= '~' ? word[i] : '?';
	strcpy(out + i, word[i] != '\0' ? "..." : "");
	return out;
}

/* "move, place and flip", from the table. */
static const char *
senjin_order_verbs(char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < SENJIN_ORDER_NKEYWORDS && len < size; i++) {
		snprintf(buf + len, size - len, "%s%s", i == 0 ? "" :
		    i + 1 == SENJIN_ORDER_NKEYWORDS ? " and " : ", ",
		    senjin_order_keywords[i].word);
		len = strlen(buf);
	}
	return buf;
}

/* Split text into lowercase words (ASCII only, whatever the locale):
 * keywords and squares are read without regard to case. */
static int
senjin_order_split(const char *text, struct util_words *w, char *why,
    size_t size)
{
	if (util_words(text, w) < 0) {
		game_why(why, size, "an order has at most %d characters",
		    UTIL_WORDS_CHARS);
		return -1;
	}
	return 0;
}

static int
senjin_order_square(const char *word, int *sq, char *why, size_t size)
{
	char q[SENJIN_ORDER_QUOTE + 4];

	if ((*sq = senjin_board_square(word)) < 0) {
		game_why(why, size, "'%s' is not a square (a1 to i9)",
		    senjin_order_quote(word, q));
		return -1;
	}
	return 0;
}

static int
senjin_order_side(const char *word)
{
	for (int s = 0; s < SENJIN_SIDES; s++)
		if (strcmp(word, senjin_sides[s].word) == 0)
			return s;
	return -1;
}

/* "move b2 b3", or "move b2-b3" as the log writes a move. */
static int
senjin_order_read_move(const struct util_words *w,
    struct senjin_order_action *a, char *why, size_t size)
{
	char from[UTIL_WORDS_CHARS + 1];
	const char *to;

	/* A '-' anywhere but between two squares in one word ("move e2-
	 * e3", "move e2-e3-e4", "move e8-") is a move misspelt: the usage
	 * says how to write one. */
	if (w->n == 3 && strchr(w->w[1], '-') == NULL &&
	    strchr(w->w[2], '-') == NULL) {
		strcpy(from, w->w[1]);
		to = w->w[2];
	} else if (w->n == 2 && (to = strchr(w->w[1], '-')) != NULL &&
	    to != w->w[1] && to[1] != '\0' && strchr(to + 1, '-') == NULL) {
		memcpy(from, w->w[1], (size_t)(to - w->w[1]));
		from[to++ - w->w[1]] = '\0';
	} else {
		return SENJIN_ORDER_USAGE;
	}
	if (senjin_order_square(from, &a->from, why, size) < 0 ||
	    senjin_order_square(to, &a->to, why, size) < 0)
		return -1;
	return 0;
}

static int
senjin_order_read_place(const struct util_words *w,
    struct senjin_order_action *a, char *why, size_t size)
{
	char q[SENJIN_ORDER_QUOTE + 4];

	if ((w->n != 2 && w->n != 4) || (w->n == 4 &&
	    strcmp(w->w[2], "at") != 0))
		return SENJIN_ORDER_USAGE;
	if ((a->side = senjin_order_side(w->w[1])) < 0) {
		game_why(why, size, "'%s' is not a token side: sword or "
		    "shield", senjin_order_quote(w->w[1], q));
		return -1;
	}
	a->at = -1;
	return w->n == 4 ? senjin_order_square(w->w[3], &a->at, why, size) :
	    0;
}

static int
senjin_order_read_flip(const struct util_words *w,
    struct senjin_order_action *a, char *why, size_t size)
{
	char q[SENJIN_ORDER_QUOTE + 4];

	if (w->n != 2)
		return SENJIN_ORDER_USAGE;
	a->at = senjin_board_square(w->w[1]);
	a->side = senjin_order_side(w->w[1]);
	if (a->at < 0 && a->side < 0) {
		game_why(why, size, "'%s' is neither a square (a1 to i9) "
		    "nor sword or shield", senjin_order_quote(w->w[1], q));
		return -1;
	}
	return 0;
}

/* "move c3 c4" exactly as legal() writes it: read without splitting the
 * words, to the action the general reading below gives it. */
static int
senjin_order_read_plain_move(const char *text, struct senjin_order_action *a)
{
	char from[3] = { 0 }, to[3] = { 0 };

	/* Each character is looked at only if those before it are there. */
	if (strncmp(text, "move ", 5) != 0 || text[5] == '\0' ||
	    text[6] == '\0' || text[7] != ' ' || text[8] == '\0' ||
	    text[9] == '\0' || text[10] != '\0')
		return -1;
	memcpy(from, text + 5, 2);
	memcpy(to, text + 8, 2);
	if ((a->from = senjin_board_square(from)) < 0 ||
	    (a->to = senjin_board_square(to)) < 0)
		return -1;
	a->verb = SENJIN_ORDER_MOVE;
	return 0;
}

static int
senjin_order_read(const char *text, struct senjin_order_action *a,
    char *why, size_t size)
{
	struct util_words w;
	char verbs[64], q[SENJIN_ORDER_QUOTE + 4];

	if (senjin_order_read_plain_move(text, a) == 0)
		return 0;
	if (senjin_order_split(text, &w, why, size) < 0)
		return -1;
	if (w.n == 0) {
		game_why(why, size, "empty order: orders are %s",
		    senjin_order_verbs(verbs, sizeof verbs));
		return -1;
	}
	for (size_t i = 0; i < SENJIN_ORDER_NKEYWORDS; i++) {
		const struct senjin_order_keyword *k = &senjin_order_keywords[i];
		int rc;

		if (strcmp(w.w[0], k->word) != 0)
			continue;
		a->verb = k->verb;
		if ((rc = k->read(&w, a, why, size)) == SENJIN_ORDER_USAGE)
			game_why(why, size, "%s", k->usage);
		return rc < 0 ? -1 : 0;
	}
	game_why(why, size, "unknown order '%s': orders are %s",
	    senjin_order_quote(w.w[0], q),
	    senjin_order_verbs(verbs, sizeof verbs));
	return -1;
}

static void
senjin_order_write(const struct senjin_order_action *a, char *buf,
    size_t size)
{
	char x[3], y[3];

	switch (a->verb) {
	case SENJIN_ORDER_MOVE:
		/* The order a playout picks most: written without snprintf,
		 * which costs more than finding it. */
		if (size >= sizeof "move a1 a1") {
			memcpy(buf, "move ", 5);
			memcpy(buf + 5, senjin_board_name(a->from, x), 2);
			buf[7] = ' ';
			memcpy(buf + 8, senjin_board_name(a->to, y), 3);
		}
		break;
	case SENJIN_ORDER_PLACE:
		if (a->at >= 0)
			snprintf(buf, size, "place %s at %s",
			    senjin_sides[a->side].word,
			    senjin_board_name(a->at, x));
		else
			snprintf(buf, size, "place %s",
			    senjin_sides[a->side].word);
		break;
	default:
		if (a->at >= 0)
			snprintf(buf, size, "flip %s",
			    senjin_board_name(a->at, x));
		else
			snprintf(buf, size, "flip %s",
			    senjin_sides[a->side].word);
		break;
	}
}

static int
senjin_order_first_turn(const struct senjin_order_turn *t)
{
	return t->g.turn == 0;
}

static int senjin_order_moves(const struct senjin_order_turn *,
    int, struct senjin_order_action *);

/* After the first action of a later turn, is a second one possible?  A
 * flip of a token on one of the player's pieces, a token placed on the
 * piece just moved, or a move of another piece.  Not always: with both
 * tokens off the board and waiting, and no other piece free to move,
 * there is none, and the turn ends with its move (gunbai-senjin(6)). */
static int
senjin_order_second(const struct senjin_order_turn *t)
{
	struct senjin_order_action a[SENJIN_MAX_MOVES];
	int placeable = 0;

	for (int i = 0; i < SENJIN_TOKENS; i++) {
		const struct senjin_token *k = &t->g.tokens[t->player][i];

		if (k->sq != SENJIN_OFF)
			return 1; /* a flip */
		placeable |= !k->wait;
	}
	if (placeable) /* no token is on the board: none on the piece moved */
		return 1;
	for (int f = 0; f < SENJIN_SQUARES; f++)
		if (senjin_order_moves(t, f, a) > 0)
			return 1;
	return 0;
}

static int
senjin_order_complete(const struct senjin_order_turn *t)
{
	if (t->g.finished)
		return 1;
	if (senjin_order_first_turn(t))
		return t->done == 1;
	return t->done == 2 || (t->done == 1 && !senjin_order_second(t));
}

/* The off-board token of player showing side that may be placed now: one
 * that is not waiting.  NULL with why set if there is none. */
static struct senjin_token *
senjin_order_off_token(struct senjin *g, int player, int side, int placing,
    char *why, size_t size)
{
	struct senjin_token *waiting = NULL;

	for (int i = 0; i < SENJIN_TOKENS; i++) {
		struct senjin_token *k = &g->tokens[player][i];

		if (k->sq != SENJIN_OFF || k->side != side)
			continue;
		if (!placing || !k->wait)
			return k;
		waiting = k;
	}
	if (waiting != NULL)
		game_why(why, size, "your %s token was captured last turn and "
		    "must wait a turn", senjin_sides[side].name);
	else
		game_why(why, size, "no token of yours off the board shows %s",
		    senjin_sides[side].word);
	return NULL;
}

/* A visitor of legal actions. */
typedef void senjin_order_visit(void *arg,
    const struct senjin_order_action *a);
static void senjin_order_each_other(struct senjin_order_turn *,
    senjin_order_visit *, void *);
static int senjin_order_check(struct senjin_order_turn *,
    const struct senjin_order_action *, char *, size_t);

/* The second actions possible now, for a refusal's advice. */
struct senjin_order_advice {
	int n;
	char item[SENJIN_TOKENS + SENJIN_SIDES + 1][24];
};

static void
senjin_order_advice_add(void *arg, const struct senjin_order_action *a)
{
	struct senjin_order_advice *adv = arg;

	if (adv->n < (int)(sizeof adv->item / sizeof adv->item[0]) - 1)
		senjin_order_write(a, adv->item[adv->n++],
		    sizeof adv->item[0]);
}

/* After a turn's first action: "place shield, flip e3 or a move of
 * another piece", each an order that would be accepted now (legal()'s
 * own list), so that a refusal advises none that would be refused. */
static const char *
senjin_order_advise(const struct senjin_order_turn *t, char *buf,
    size_t size)
{
	struct senjin_order_turn copy = *t;
	struct senjin_order_action mv[SENJIN_MAX_MOVES];
	struct senjin_order_advice adv = { 0 };
	size_t len = 0;

	senjin_order_each_other(&copy, senjin_order_advice_add, &adv);
	for (int f = 0; f < SENJIN_SQUARES; f++)
		if (senjin_order_moves(t, f, mv) > 0) {
			snprintf(adv.item[adv.n++], sizeof adv.item[0],
			    "a move of another piece");
			break;
		}
	buf[0] = '\0';
	for (int i = 0; i < adv.n && len < size; i++) {
		snprintf(buf + len, size - len, "%s%s", i == 0 ? "" :
		    i + 1 == adv.n ? " or " : ", ", adv.item[i]);
		len = strlen(buf);
	}
	return buf;
}

/* Whether the turn allows this kind of action now. */
static int
senjin_order_check_slot(const struct senjin_order_turn *t,
    const struct senjin_order_action *a, char *why, size_t size)
{
	char advice[GAME_REASON_MAX];

	if (senjin_order_first_turn(t)) {
		if (a->verb == SENJIN_ORDER_PLACE && a->at < 0) {
			game_why(why, size, "on the first turn say which piece "
			    "gets the token: place %s at b2",
			    senjin_sides[a->side].word);
			return -1;
		}
		return 0;
	}
	if (t->done == 0 && a->verb != SENJIN_ORDER_MOVE) {
		game_why(why, size, "the first action of a turn must be a "
		    "move");
		return -1;
	}
	if (a->verb == SENJIN_ORDER_FLIP && a->at < 0) {
		if (why != NULL)
			game_why(why, size, "a token off the board is flipped "
			    "only as the first turn of the game; the second "
			    "action now may be %s", senjin_order_advise(t,
			    advice, sizeof advice));
		return -1;
	}
	if (a->verb == SENJIN_ORDER_PLACE && a->at >= 0) {
		if (why != NULL)
			game_why(why, size, "'at' is for the first turn only "
			    "(a token goes onto the piece just moved); the "
			    "second action now may be %s",
			    senjin_order_advise(t, advice, sizeof advice));
		return -1;
	}
	if (a->verb == SENJIN_ORDER_MOVE && a->from == t->moved) {
		game_why(why, size, "the second action cannot move the piece "
		    "moved by the first");
		return -1;
	}
	return 0;
}

static int
senjin_order_check_place(struct senjin_order_turn *t,
    const struct senjin_order_action *a, char *why, size_t size)
{
	int sq = a->at >= 0 ? a->at : t->moved;
	char nm[3];

	if (t->g.board[sq].owner != t->player) {
		game_why(why, size, "%s holds no piece of yours",
		    senjin_board_name(sq, nm));
		return -1;
	}
	if (senjin_board_token_on(&t->g, sq) != NULL) {
		if (a->at >= 0)
			game_why(why, size, "the piece at %s already carries a "
			    "token", senjin_board_name(sq, nm));
		else
			game_why(why, size, "the piece just moved already "
			    "carries a token");
		return -1;
	}
	if (senjin_order_off_token(&t->g, t->player, a->side, 1, why,
	    size) != NULL)
		return 0;
	if (why != NULL) {
		/* The other side, if that would be accepted. */
		struct senjin_order_action other = *a;
		char order[32];
		size_t len = strlen(why);

		other.side = 1 - a->side;
		if (senjin_order_check(t, &other, NULL, 0) == 0) {
			senjin_order_write(&other, order, sizeof order);
			snprintf(why + len, size - len, "; %s would be "
			    "accepted", order);
		}
	}
	return -1;
}

/* Append to why "; flip e3 would be accepted", naming the flips on the
 * board that would be (the player's tokens on his pieces). */
static void
senjin_order_flips(struct senjin_order_turn *t, char *why, size_t size)
{
	int n = 0;

	for (int i = 0; i < SENJIN_TOKENS; i++) {
		struct senjin_order_action f = { SENJIN_ORDER_FLIP, -1, -1, -1,
		    t->g.tokens[t->player][i].sq };
		char order[32];
		size_t len = strlen(why);

		if (f.at == SENJIN_OFF || t->g.tokens[t->player][i].side < 0 ||
		    senjin_order_check(t, &f, NULL, 0) < 0)
			continue;
		senjin_order_write(&f, order, sizeof order);
		snprintf(why + len, size - len, "%s%s", n++ == 0 ? "; " :
		    " or ", order);
	}
	if (n > 0) {
		size_t len = strlen(why);

		snprintf(why + len, size - len, " would be accepted");
	}
}

static int
senjin_order_check_flip(struct senjin_order_turn *t,
    const struct senjin_order_action *a, char *why, size_t size)
{
	char nm[3];

	if (a->at < 0)
		return senjin_order_off_token(&t->g, t->player, a->side, 0, why,
		    size) == NULL ? -1 : 0;
	if (t->g.board[a->at].owner != t->player) {
		game_why(why, size, "%s holds no piece of yours",
		    senjin_board_name(a->at, nm));
		return -1;
	}
	if (senjin_board_token_on(&t->g, a->at) == NULL) {
		game_why(why, size, "the piece at %s carries no token",
		    senjin_board_name(a->at, nm));
		if (why != NULL)
			senjin_order_flips(t, why, size);
		return -1;
	}
	return 0;
}

static int
senjin_order_check(struct senjin_order_turn *t,
    const struct senjin_order_action *a, char *why, size_t size)
{
	if (senjin_order_check_slot(t, a, why, size) < 0)
		return -1;
	switch (a->verb) {
	case SENJIN_ORDER_MOVE:
		return senjin_board_check_move(&t->g, t->player, a->from,
		    a->to, why, size);
	case SENJIN_ORDER_PLACE:
		return senjin_order_check_place(t, a, why, size);
	default:
		return senjin_order_check_flip(t, a, why, size);
	}
}

/* "alice (South)", for events. */
static const char *
senjin_order_who(const struct game_players *pl, int player, char *buf,
    size_t size)
{
	snprintf(buf, size, "%s (%s)", pl->names[player],
	    senjin_armies[player].name);
	return buf;
}

static void
senjin_order_log_move(const struct senjin_order_turn *t,
    const struct senjin_order_action *a, const struct senjin_capture *caps,
    int ncaps, const struct game_players *pl, struct events *ev)
{
	const struct senjin_army *foe = &senjin_armies[1 - t->player];
	char who[80], x[3], y[3];
	struct sbuf b;

	if (ncaps == 0) {
		/* The most frequent event: "alice (South) moves Shi b2-b3.",
		 * written without printf, into one allocation. */
		const char *part[] = { pl->names[t->player], " (",
			senjin_armies[t->player].name, ") moves ",
			senjin_kinds[t->g.board[a->to].kind].name, " ",
			senjin_board_name(a->from, x), "-",
			senjin_board_name(a->to, y), "." };
		size_t len[sizeof part / sizeof part[0]], total = 0;
		char *text, *p;

		for (size_t i = 0; i < sizeof part / sizeof part[0]; i++)
			total += len[i] = strlen(part[i]);
		p = text = util_malloc(total + 1);
		for (size_t i = 0; i < sizeof part / sizeof part[0]; i++) {
			memcpy(p, part[i], len[i]);
			p += len[i];
		}
		*p = '\0';
		events_take(ev, EVENT_ALL, text);
		return;
	}
	sbuf_init(&b);
	sbuf_printf(&b, "%s moves %s %s-%s",
	    senjin_order_who(pl, t->player, who, sizeof who),
	    senjin_kinds[t->g.board[a->to].kind].name,
	    senjin_board_name(a->from, x), senjin_board_name(a->to, y));
	for (int i = 0; i < ncaps; i++)
		sbuf_printf(&b, "%s%s %s at %s", i == 0 ? ", capturing " :
		    i == ncaps - 1 ? " and " : ", ", foe->name,
		    senjin_kinds[caps[i].kind].name,
		    senjin_board_name(caps[i].sq, x));
	sbuf_puts(&b, ".");
	for (int i = 0; i < ncaps; i++)
		if (caps[i].sword)
			sbuf_printf(&b, " The Sword on the %s at %s goes back "
			    "off the board to %s%s.",
			    senjin_kinds[caps[i].kind].name,
			    senjin_board_name(caps[i].sq, x),
			    senjin_order_who(pl, 1 - t->player, who,
			    sizeof who), t->last ? "" : ", who cannot place "
			    "it during the next turn");
	events_add(ev, EVENT_ALL, "%s", b.p);
	sbuf_free(&b);
}

static void
senjin_order_do_move(struct senjin_order_turn *t,
    const struct senjin_order_action *a, const struct game_players *pl,
    struct events *ev)
{
	struct senjin_capture caps[SENJIN_MAX_PATH];
	char who[80];
	const char *won;
	int ncaps;

	senjin_board_move(&t->g, a->from, a->to, caps, &ncaps);
	t->moved = a->to;
	for (int i = 0; i < ncaps; i++)
		t->swords += caps[i].sword;
	won = senjin_board_won(&t->g, t->player, ncaps > 0, t->g.reason,
	    sizeof t->g.reason);
	if (won != NULL) {
		t->g.finished = 1;
		t->g.winner = t->player;
		t->last = 1;
	}
	if (ev == NULL)
		return;
	senjin_order_log_move(t, a, caps, ncaps, pl, ev);
	if (won != NULL)
		events_add(ev, EVENT_ALL, "%s wins: %s.", senjin_order_who(pl,
		    t->player, who, sizeof who), t->g.reason);
}

static void
senjin_order_do_token(struct senjin_order_turn *t,
    const struct senjin_order_action *a, const struct game_players *pl,
    struct events *ev)
{
	struct senjin_token *k;
	char who[80], nm[3], scratch[GAME_REASON_MAX];
	int sq = a->verb == SENJIN_ORDER_PLACE && a->at < 0 ? t->moved : a->at;
	int was;

	if (a->verb == SENJIN_ORDER_PLACE) {
		k = senjin_order_off_token(&t->g, t->player, a->side, 1,
		    scratch, sizeof scratch);
		k->sq = sq;
	} else if (a->at >= 0) {
		k = senjin_board_token_at(&t->g, a->at);
	} else {
		k = senjin_order_off_token(&t->g, t->player, a->side, 0,
		    scratch, sizeof scratch);
	}
	was = k->side;
	if (a->verb == SENJIN_ORDER_FLIP)
		k->side = 1 - k->side;
	senjin_board_sort_tokens(&t->g);
	if (ev == NULL)
		return;
	senjin_order_who(pl, t->player, who, sizeof who);
	if (a->verb == SENJIN_ORDER_PLACE)
		events_add(ev, EVENT_ALL, "%s places a %s on the %s at %s.",
		    who, senjin_sides[a->side].name,
		    senjin_kinds[t->g.board[sq].kind].name,
		    senjin_board_name(sq, nm));
	else if (a->at >= 0)
		events_add(ev, EVENT_ALL, "%s flips the token on the %s at %s "
		    "from %s to %s.", who,
		    senjin_kinds[t->g.board[sq].kind].name,
		    senjin_board_name(sq, nm), senjin_sides[was].name,
		    senjin_sides[1 - was].name);
	else
		events_add(ev, EVENT_ALL, "%s flips a token off the board from "
		    "%s to %s.", who, senjin_sides[was].name,
		    senjin_sides[1 - was].name);
}

/* Take one order into the turn: read, check, apply.  pl and ev may be
 * NULL (no events).  Returns 0, or -1 with why set (t unchanged). */
static int
senjin_order_take(struct senjin_order_turn *t, const char *text,
    const struct game_players *pl, struct events *ev, char *why,
    size_t size)
{
	struct senjin_order_action a = { .side = -1, .at = -1 };

	if (t->g.finished) {
		game_why(why, size, "the game is over");
		return -1;
	}
	if (senjin_order_complete(t)) {
		game_why(why, size, "%s", senjin_order_first_turn(t) ?
		    "the first turn of the game is one action" : t->done == 1 ?
		    "no second action is possible after this move, so the "
		    "turn ended with it" :
		    "a turn is two actions; this order is one too many");
		return -1;
	}
	if (senjin_order_read(text, &a, why, size) < 0 ||
	    senjin_order_check(t, &a, why, size) < 0)
		return -1;
	if (a.verb == SENJIN_ORDER_MOVE)
		senjin_order_do_move(t, &a, pl, ev);
	else
		senjin_order_do_token(t, &a, pl, ev);
	t->done++;
	return 0;
}

static void
senjin_order_start(struct senjin_order_turn *t, const struct senjin *g)
{
	t->g = *g;
	t->player = senjin_board_to_move(g);
	t->done = 0;
	t->moved = -1;
	t->swords = 0;
	t->last = 0;
}

int
senjin_order_validate(const void *vg, int player, const struct order *orders,
    size_t n, struct verdict *v)
{
	const struct senjin *g = vg;
	struct senjin_order_turn t;
	int owed = !g->finished && player == senjin_board_to_move(g);

	senjin_order_start(&t, g);
	for (size_t i = 0; i < n; i++) {
		v[i].reason[0] = '\0';
		if (g->finished)
			snprintf(v[i].reason, sizeof v[i].reason,
			    "the game is over");
		else if (!owed)
			snprintf(v[i].reason, sizeof v[i].reason,
			    "it is not your turn");
		else
			senjin_order_take(&t, orders[i].text, NULL, NULL,
			    v[i].reason, sizeof v[i].reason);
		v[i].accepted = v[i].reason[0] == '\0';
	}
	return owed && senjin_order_complete(&t);
}


/* Whether the piece at f may move now (where to is the board's
 * business). */
static int
senjin_order_movable(const struct senjin_order_turn *t, int f)
{
	const struct senjin_order_action a = { SENJIN_ORDER_MOVE, f, -1, -1,
	    -1 };

	return t->g.board[f].owner == t->player &&
	    senjin_order_check_slot(t, &a, NULL, 0) == 0;
}

/* Every allowed action but a move, in legal()'s documented order: places
 * (Sword first; on the first turn by square within each side), flips on
 * the board by square, then flips off the board Sword then Shield, each
 * checked with the function validate uses, keeping the two in step. */
static void
senjin_order_each_other(struct senjin_order_turn *t,
    senjin_order_visit *visit, void *arg)
{
	int first = senjin_order_first_turn(t);
	struct senjin_order_action a;

	for (int s = 0; s < SENJIN_SIDES; s++)
		for (int sq = 0; sq < (first ? SENJIN_SQUARES : 1); sq++) {
			if (first && t->g.board[sq].owner != t->player)
				continue;
			a = (struct senjin_order_action){ SENJIN_ORDER_PLACE,
			    -1, -1, s, first ? sq : -1 };
			if (senjin_order_check(t, &a, NULL, 0) == 0)
				visit(arg, &a);
		}
	/* A flip on the board is of a piece carrying a token: the player's
	 * tokens on the board (a token is on its owner's piece), kept in
	 * square order (senjin_board_sort_tokens). */
	for (int i = 0; i < SENJIN_TOKENS; i++) {
		int sq = t->g.tokens[t->player][i].sq;

		if (t->g.tokens[t->player][i].side < 0 || sq == SENJIN_OFF)
			continue;
		a = (struct senjin_order_action){ SENJIN_ORDER_FLIP, -1, -1, -1,
		    sq };
		if (senjin_order_check(t, &a, NULL, 0) == 0)
			visit(arg, &a);
	}
	for (int s = 0; s < SENJIN_SIDES; s++) {
		a = (struct senjin_order_action){ SENJIN_ORDER_FLIP, -1, -1, s,
		    -1 };
		if (senjin_order_check(t, &a, NULL, 0) == 0)
			visit(arg, &a);
	}
}

/* The moves of the piece at f, by to-square, as legal() lists them:
 * senjin_board_moves lists exactly what the move check allows. */
static int
senjin_order_moves(const struct senjin_order_turn *t, int f,
    struct senjin_order_action *out)
{
	int to[SENJIN_MAX_MOVES], n = 0;

	if (senjin_order_movable(t, f))
		n = senjin_board_moves(&t->g, t->player, f, to);
	for (int i = 0; i < n; i++)
		out[i] = (struct senjin_order_action){ SENJIN_ORDER_MOVE, f,
		    to[i], -1, -1 };
	return n;
}

/* Every allowed action in legal()'s documented order: moves by
 * from-square then to-square, then the others. */
static void
senjin_order_each(struct senjin_order_turn *t, senjin_order_visit *visit,
    void *arg)
{
	struct senjin_order_action a[SENJIN_MAX_MOVES];

	for (int f = 0; f < SENJIN_SQUARES; f++) {
		int n = senjin_order_moves(t, f, a);

		for (int i = 0; i < n; i++)
			visit(arg, &a[i]);
	}
	senjin_order_each_other(t, visit, arg);
}

/* The turn of player after the accepted orders prefix; -1 if player owes
 * nothing or the turn is complete. */
static int
senjin_order_after(struct senjin_order_turn *t, const struct senjin *g,
    int player, const struct order *prefix, size_t n)
{
	if (g->finished || player != senjin_board_to_move(g))
		return -1;
	senjin_order_start(t, g);
	for (size_t i = 0; i < n; i++)
		senjin_order_take(t, prefix[i].text, NULL, NULL, NULL, 0);
	return senjin_order_complete(t) ? -1 : 0;
}

static void
senjin_order_list(void *arg, const struct senjin_order_action *a)
{
	char buf[32];

	senjin_order_write(a, buf, sizeof buf);
	strlist_add(arg, buf);
}

void
senjin_order_legal(const void *vg, int player, const struct order *prefix,
    size_t n, struct strlist *out)
{
	struct senjin_order_turn t;

	if (senjin_order_after(&t, vg, player, prefix, n) == 0)
		senjin_order_each(&t, senjin_order_list, out);
}

/* legal_pick: the moves are counted piece by piece without being
 * listed, each piece's reach kept; the other actions (few) kept as they
 * are found; only the moves of the piece picked are then listed, from
 * its reach. */
#define SENJIN_ORDER_OTHERS (SENJIN_SIDES * SENJIN_SQUARES + SENJIN_SQUARES + \
	SENJIN_SIDES)
struct senjin_order_others {
	size_t n;
	struct senjin_order_action a[SENJIN_ORDER_OTHERS];
};

static void
senjin_order_keep(void *arg, const struct senjin_order_action *a)
{
	struct senjin_order_others *o = arg;

	o->a[o->n++] = *a;
}

size_t
senjin_order_pick(const void *vg, int player, const struct order *prefix,
    size_t n, game_choose *choose, void *arg, char *buf, size_t size)
{
	struct senjin_order_turn t;
	struct senjin_order_others o;
	struct senjin_order_action a = { SENJIN_ORDER_MOVE, -1, -1, -1, -1 };
	struct {
		int from, n, reach[8];
	} pc[SENJIN_SQUARES];
	int npc = 0, to[SENJIN_MAX_MOVES];
	size_t count = 0, k;

	if (senjin_order_after(&t, vg, player, prefix, n) < 0)
		return 0;
	for (int f = 0; f < SENJIN_SQUARES; f++)
		if (senjin_order_movable(&t, f) && (pc[npc].n =
		    senjin_board_reach(&t.g, t.player, f, pc[npc].reach)) > 0) {
			pc[npc].from = f;
			count += (size_t)pc[npc++].n;
		}
	o.n = 0;
	senjin_order_each_other(&t, senjin_order_keep, &o);
	if (count + o.n == 0)
		return 0;
	k = choose(arg, count + o.n);
	if (k >= count) {
		senjin_order_write(&o.a[k - count], buf, size);
		return count + o.n;
	}
	for (int i = 0;; k -= (size_t)pc[i++].n)
		if (k < (size_t)pc[i].n) {
			senjin_board_reach_moves(pc[i].from, pc[i].reach, to);
			a.from = pc[i].from;
			a.to = to[k];
			senjin_order_write(&a, buf, size);
			return count + o.n;
		}
}

/* Play the orders into t, logging to ev; with last, the log says no turn
 * follows. */
static int
senjin_order_run(struct senjin_order_turn *t, const struct senjin *g,
    int last, const struct game_players *pl, const struct order *orders,
    size_t n, struct events *ev, char *why, size_t size)
{
	senjin_order_start(t, g);
	t->last = last;
	for (size_t i = 0; i < n; i++)
		if (senjin_order_take(t, orders[i].text, pl, ev, why,
		    size) < 0)
			return -1;
	if (!senjin_order_complete(t))
		return game_why(why, size, "the turn is not complete");
	return 0;
}

/* Does no turn follow the one t played?  A win at an action, or one of
 * the ends senjin.c finds once the turn is counted. */
static int
senjin_order_last(const struct senjin_order_turn *t)
{
	struct senjin after = t->g;
	char reason[GAME_REASON_MAX];

	after.turn++;
	return t->g.finished || senjin_board_turn_end(&after, t->player,
	    reason, sizeof reason) != SENJIN_RUNNING;
}

int
senjin_order_play(struct senjin *g, const struct game_players *pl,
    const struct order *orders, size_t n, struct events *ev, char *why,
    size_t size)
{
	struct senjin_order_turn t;
	struct events tmp = { .point = ev->point };
	int rc;

	/* The events go to ev only once the whole answer has played, so
	 * that a bad answer logs nothing.  A capture's Sword waits for the
	 * next turn, and the log says so only if there is one: if the
	 * game ends with this turn, it is played again, saying nothing of
	 * a next turn (rare: a Sword came back). */
	rc = senjin_order_run(&t, g, 0, pl, orders, n, &tmp, why, size);
	if (rc == 0 && t.swords > 0 && senjin_order_last(&t)) {
		events_free(&tmp);
		tmp = (struct events){ .point = ev->point };
		rc = senjin_order_run(&t, g, 1, pl, orders, n, &tmp, why, size);
	}
	if (rc < 0) {
		events_free(&tmp);
		return -1;
	}
	events_move(ev, &tmp);
	*g = t.g;
	return 0;
}
