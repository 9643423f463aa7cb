/* template.h - the orders template owed by a player (template.c). */
#ifndef GUNBAI_TEMPLATE_H
#define GUNBAI_TEMPLATE_H

#include "turn/state.h"
#include "base/util.h"

/* The width of every report, the template's lines included (game.h). */
#define REPORT_WIDTH GAME_WIDTH

/* The orders template for player's decision now owed, ready to fill in;
 * nothing if player owes nothing. */
void template_orders(const struct state *st, int player, struct sbuf *out);

#endif
