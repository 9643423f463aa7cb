/* choices.h - the legal orders of a player's whole answer, as a tree:
 * what the player's page (gunbai-orders.html) offers, so that it never
 * offers an order the referee would refuse (formats/report-json.md). */
#ifndef GUNBAI_CHOICES_H
#define GUNBAI_CHOICES_H

#include <jansson.h>

#include "turn/state.h"

/* At most this many nodes in a tree, and this many orders deep (an
 * orders file holds at most 100). */
#define CHOICES_MAX 2000
#define CHOICES_DEPTH 100
/* At most this many times CHOICES_MAX orders judged to find the ends. */
#define CHOICES_ENDS_WORK 8

/* The tree of player's legal orders now: the root is
 * {"complete": B, "next": [NODE...] or null}, and each NODE
 * {"order": TEXT, "complete": B, "next": [...] or null}: the legal next
 * orders after the orders on the way to it, in the game's order
 * (game_entry.legal), and whether the answer is complete there.  A
 * complete node's next is [].  Nodes are expanded breadth first, in
 * the game's order, each while its children fit within CHOICES_MAX
 * nodes in all; a node not expanded has next null (its orders not
 * listed), and, when it was left for that bound, "ends": K, the
 * number of the list in *ends_lists (an array of arrays of orders,
 * each list once) of the legal next orders that complete the answer
 * there (absent when none is found), node by node in the same order,
 * within CHOICES_MAX orders in the distinct lists (a node's all or
 * none) and CHOICES_ENDS_WORK * CHOICES_MAX judged: every one of a node
 * while half of CHOICES_MAX judgements let all its legal orders be
 * judged, then those that ended an answer at a node before (formats/
 * report-json.md).  Of a game whose answers reveal hidden things
 * (game_entry.answer_reveals), only the root is expanded, and a first
 * order's ends are those of the root's orders completing an answer
 * alone that complete it after the first order.  Made with
 * jansson's current allocator. */
json_t *choices_tree(const struct state *st, int player,
    json_t **ends_lists);

/* The bound choices_tree keeps to: CHOICES_MAX.  Only a test lowers it
 * (tests/test_harness.c, which makes thousands of reports). */
extern size_t choices_max;

#endif
