/* svg.h - small helpers for the pictured reports (reports/<player>.svg).
 *
 * Every picture is a standalone SVG 1.1 document: no scripts, no external
 * fonts, images or style sheets (text uses the generic families
 * sans-serif and monospace), integer coordinates only, so the bytes are
 * the same on every machine.  Text passes the one escaping rule
 * (escape.h) and is then XML-escaped here; a game never
 * writes markup around text of its own. */
#ifndef GUNBAI_SVG_H
#define GUNBAI_SVG_H

#include "base/util.h"

/* Fill colours of players 0 to 3, and of nobody. */
extern const char *const svg_player_colours[4];
#define SVG_NOBODY "#ffffff"

/* Open a w x h picture titled title (shown by viewers as its name). */
void svg_begin(struct sbuf *out, int w, int h, const char *title);
void svg_end(struct sbuf *out);

/* A rectangle; stroke NULL for none. */
void svg_rect(struct sbuf *out, int x, int y, int w, int h, const char *fill,
    const char *stroke);
/* An unfilled rectangle: its outline in stroke, width px wide. */
void svg_frame(struct sbuf *out, int x, int y, int w, int h,
    const char *stroke, int width);
/* A circle of radius r centred on x, y. */
void svg_circle(struct sbuf *out, int x, int y, int r, const char *fill,
    const char *stroke);
/* Text whose anchor (start, middle or end) is at x on the baseline y, in
 * size px; bold if bold. */
void svg_text(struct sbuf *out, int x, int y, int size, const char *anchor,
    int bold, const char *text);
/* The same, formatted. */
void svg_textf(struct sbuf *out, int x, int y, int size, const char *anchor,
    int bold, const char *fmt, ...) GB_PRINTF(7, 8);

/* The coordinates of a board of files x ranks square cells of cell px
 * whose top left corner is at margin, margin: file letters from first
 * above and below, rank numbers from 1 left and right, rank 1 at the
 * bottom if bottom_up, else at the top. */
void svg_coords(struct sbuf *out, int margin, int cell, int files,
    int ranks, char first, int bottom_up);

#endif
