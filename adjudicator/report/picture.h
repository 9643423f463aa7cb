/* picture.h - the pictured report (reports/<player>.svg): the game's
 * picture under a band that says whose report it is, the game and point,
 * and who owes what now (the decision is the phase), or how it ended. */
#ifndef GUNBAI_PICTURE_H
#define GUNBAI_PICTURE_H

#include <stddef.h>

#include "turn/state.h"

/* The report of player (-1: the public) of st, from pic, the len bytes
 * of the game's picture (svg.h's svg_begin ... svg_end), added to out. */
void picture_report(const struct state *st, int player, const char *pic,
    size_t len, struct sbuf *out);

#endif
