/* ss_play.h - what ss_play.c shares with the files of its orders
 * (ss_move.c, ss_cast.c); private to games/senshiai/. */
#ifndef GUNBAI_SS_PLAY_H
#define GUNBAI_SS_PLAY_H

#include "senshiai.h"

/* One order being checked (rng and ev NULL) or applied. */
struct ss_ctx {
	struct ss_game *g;
	int p;
	struct rng *rng;         /* NULL: checking only */
	struct events *ev;       /* NULL: checking only */
	const char *const *names;
	char *why;
	size_t size;               /* 0: no reason is written (ss_play_no) */
	const char *text;
	int verdict;               /* only the verdict is wanted: each order
	                            * returns once no refusal can follow,
	                            * before it changes g (legal_pick) */
};

/* Refuse the order: why set from fmt; returns SS_PLAY_REFUSED. */
int ss_play_no(struct ss_ctx *c, const char *fmt, ...) GB_PRINTF(2, 3);
/* The card named word, which must be in the player's hand: 0, or -1
 * with why set. */
int ss_play_hand_card(struct ss_ctx *c, const char *word, int *card);
/* The square named word: 0, or -1 with why set. */
int ss_play_square(struct ss_ctx *c, const char *word, int *sq);
/* Take card from the hand and pay its cost: the cards named after "pay"
 * in w[at..], or else the first cards of the hand, to the Discard Pile.
 * SS_PLAY_DONE, or SS_PLAY_REFUSED with why set.  With c->verdict it
 * checks the same on a copy of the hand and changes nothing. */
int ss_play_pay(struct ss_ctx *c, int card, const struct util_words *w,
    int at);
#define SS_CARRY_MAX 8 /* company Effects one order may carry */

/* An optional "carry CARD..." at the end of the order's words w, after
 * word at: the company Effects on from the moving Units take along when
 * they leave part of their company behind.  Cuts w before "carry" and
 * fills carry; returns how many (0: none named), or -1 with why set. */
int ss_play_carry(struct ss_ctx *c, struct util_words *w, int at, int from,
    int carry[SS_CARRY_MAX]);
/* Troops on a square (what its Limit counts). */
int ss_play_troops(const struct ss_square *q);

/* "move FROM TO" and "castle SQ SQ" (ss_move.c); "cast ..." (ss_cast.c).
 * Each returns SS_PLAY_DONE, SS_PLAY_LAST (dice rolled, or a reaction:
 * the answer ends) or SS_PLAY_REFUSED. */
int ss_move_order(struct ss_ctx *c, const struct util_words *w);
int ss_move_castle(struct ss_ctx *c, const struct util_words *w);
int ss_cast_order(struct ss_ctx *c, const struct util_words *w);

/* card (Chaos: Earthquake), cast by caster on the Terrain at s and paid
 * for, rolls its die at once (RULINGS): at or above its number the
 * Terrain is destroyed, to its master's Discard Pile, its Units flee and
 * its Effects end.  Logs every step. */
void ss_cast_quake(struct ss_game *g, int caster, int card, int s,
    struct rng *rng, struct events *ev, const char *const *names);

#endif
