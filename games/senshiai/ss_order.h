/* ss_order.h - what the files of the Main and Draw Stage orders share
 * (ss_play.c, ss_move.c, ss_cast.c): the order being read, and the
 * reading of its words (ss_order.c); private to games/senshiai/. */
#ifndef GUNBAI_SS_ORDER_H
#define GUNBAI_SS_ORDER_H

#include "senshiai.h"

/* One order being checked (rng and ev NULL) or applied. */
struct ss_ctx {
	struct ss_game *g;
	int p;
	struct rng *rng;         /* NULL: checking only */
	struct events *ev;       /* NULL: checking only */
	const char *const *names;
	char *why;
	size_t size;               /* 0: no reason is written (ss_order_no) */
	const char *text;
	int verdict;               /* only the verdict is wanted: each order
	                            * returns once no refusal can follow,
	                            * before it changes g (legal_pick) */
};

/* Refuse the order: why set from fmt; returns SS_PLAY_REFUSED. */
int ss_order_no(struct ss_ctx *c, const char *fmt, ...) GB_PRINTF(2, 3);
/* The card named word, which must be in the player's hand: 0, or -1
 * with why set. */
int ss_order_hand_card(struct ss_ctx *c, const char *word, int *card);
/* The square named word: 0, or -1 with why set. */
int ss_order_square(struct ss_ctx *c, const char *word, int *sq);
/* Take card from the hand and pay its cost: the cards named after "pay"
 * in w[at..], or else the first cards of the hand, to the Discard Pile.
 * SS_PLAY_DONE, or SS_PLAY_REFUSED with why set.  With c->verdict it
 * checks the same on a copy of the hand and changes nothing. */
int ss_order_pay(struct ss_ctx *c, int card, const struct util_words *w,
    int at);
#define SS_CARRY_MAX 8 /* company Effects one order may carry */

/* An optional "carry CARD..." at the end of the order's words w, after
 * word at: the company Effects on from the moving Units take along when
 * they leave part of their company behind.  Cuts w before "carry" and
 * fills carry; returns how many (0: none named), or -1 with why set. */
int ss_order_carry(struct ss_ctx *c, struct util_words *w, int at, int from,
    int carry[SS_CARRY_MAX]);

/* "move FROM TO" and "castle SQ SQ" (ss_move.c); "cast ..." (ss_cast.c).
 * Each returns SS_PLAY_DONE, SS_PLAY_LAST (dice rolled: the answer
 * ends), SS_PLAY_CUT (an opponent's reaction cut it short: the answer
 * ends, an "end" after it lapses) or SS_PLAY_REFUSED. */
int ss_move_order(struct ss_ctx *c, const struct util_words *w);
int ss_move_castle(struct ss_ctx *c, const struct util_words *w);
int ss_cast_order(struct ss_ctx *c, const struct util_words *w);
/* The Tardy Units of square a in mask each roll (ss_react_die) before
 * they move, or enter close combat (ss_move.c): SS_PLAY_DONE if they
 * may; SS_PLAY_LAST when checking (the dice end the answer) or when a
 * roll fails (logged; they stay). */
int ss_move_tardy(struct ss_ctx *c, int a, unsigned mask);

#endif
