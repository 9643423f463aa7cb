/* sw_picture.c - the two villages as an SVG picture (reports/<player>.svg):
 * for each side a heading in its player's colour with a damage bar, then
 * four columns, the three fronts and the active roster, each card a tile:
 * face up with its name, rank, scores and EC/CC; face down as a back.  In
 * a player's own picture their own face-down cards are named on a grey
 * tile, and their hand follows.  A legend ends it.  Hidden exactly as in
 * sw_view.c: the enemy's face-down cards, hand and deck are never named. */
#include <stdio.h>

#include "shinobi.h"
#include "base/svg.h"

#define W 760
#define LEFT 12
#define TILE_W 176
#define TILE_H 48
#define GAP 8
#define BACK "#4a3b5c"
#define DOWN "#d9d9d9"

/* Tints of the ranks, in the order of enum sw_rank. */
static const char *const sw_picture_tints[5] = {
	"#e5f5e0", "#deebf7", "#fee6ce", "#fcbba1", "#efedf5"
};

/* A tile at x, y: a card shown (named) or a back, with its position pos
 * ("" in the hand). */
static void
sw_picture_tile(struct sbuf *out, int x, int y, const char *pos, int c,
    int up, int shown)
{
	const struct sw_card *k = &sw_cards[c];

	if (!shown) {
		svg_rect(out, x, y, TILE_W, TILE_H, BACK, "#222222");
		sbuf_puts(out, "<g fill=\"#ffffff\">");
		svg_textf(out, x + TILE_W / 2, y + 29, 12, "middle", 1,
		    "%s%sface down", pos, *pos ? ": " : "");
		sbuf_puts(out, "</g>\n");
		return;
	}
	svg_rect(out, x, y, TILE_W, TILE_H, up ? sw_picture_tints[k->rank] :
	    DOWN, "#555555");
	svg_textf(out, x + 6, y + 15, 12, "start", 1, "%s%s", k->name,
	    up ? "" : " (down)");
	svg_textf(out, x + TILE_W - 6, y + 15, 10, "end", 0, "%s",
	    sw_rank_names[k->rank]);
	if (k->rank == SW_R_TRAP)
		svg_textf(out, x + 6, y + 30, 10, "start", 0, "LS %d SS %d",
		    k->ls, k->ss);
	else
		svg_textf(out, x + 6, y + 30, 10, "start", 0,
		    "AS %d RS %d RA %d SA %d VD %d", k->as, k->rs, k->ra,
		    k->sa, k->vd);
	svg_textf(out, x + 6, y + 43, 10, "start", 0, "EC %d CC %d", k->ec,
	    k->cc);
	if (*pos != '\0')
		svg_text(out, x + TILE_W - 6, y + 43, 10, "end", 1, pos);
}

/* Side p from y; returns the y below it. */
static int
sw_picture_side(const struct shinobi *g, const struct game_players *pl,
    int p, int own, int y, struct sbuf *out)
{
	const struct sw_side *s = &g->side[p];
	int rows = 0, bar = 200;

	svg_circle(out, LEFT + 6, y + 11, 6, svg_player_colours[p], "#222222");
	svg_textf(out, LEFT + 18, y + 16, 14, "start", 1, "%s (%s)%s",
	    pl->names[p], sw_side_names[p], own ? ", you" : "");
	svg_textf(out, W - LEFT, y + 16, 12, "end", 0,
	    "own turns %d; deck %d, hand %d", s->turns, s->ndeck, s->nhand);
	y += 22;
	svg_text(out, LEFT, y + 12, 12, "start", 0, "village damage");
	svg_rect(out, LEFT + 96, y + 2, bar, 12, "#ffffff", "#555555");
	if (s->damage > 0)
		svg_rect(out, LEFT + 96, y + 2, bar * (s->damage < SW_FALL ?
		    s->damage : SW_FALL) / SW_FALL, 12, "#d62728", NULL);
	svg_textf(out, LEFT + 104 + bar, y + 12, 12, "start", 1, "%d of %d",
	    s->damage, SW_FALL);
	y += 22;
	for (int z = 0; z < SW_ZONES; z++) {
		int x = LEFT + z * (TILE_W + GAP);

		svg_textf(out, x, y + 12, 12, "start", 1, "%s (%c)",
		    sw_zone_words[z], sw_zone_letters[z]);
		if (s->nzone[z] == 0)
			svg_text(out, x, y + 30, 12, "start", 0, "none");
		for (int i = 0; i < s->nzone[z]; i++) {
			const struct sw_slot *c = &s->zone[z][i];
			char pos[16];

			snprintf(pos, sizeof pos, "%c%d", sw_zone_letters[z],
			    i + 1);
			sw_picture_tile(out, x, y + 18 + i * (TILE_H + 4), pos,
			    c->card, c->up, c->up || own);
		}
		if (s->nzone[z] > rows)
			rows = s->nzone[z];
	}
	return y + 18 + (rows ? rows : 1) * (TILE_H + 4) + 10;
}

/* The hand of player from y in rows of four; returns the y below it. */
static int
sw_picture_hand(const struct sw_side *s, int y, struct sbuf *out)
{
	svg_text(out, LEFT, y + 16, 14, "start", 1, "Your hand");
	y += 22;
	if (s->nhand == 0) {
		svg_text(out, LEFT, y + 14, 12, "start", 0, "none");
		return y + 24;
	}
	for (int i = 0; i < s->nhand; i++)
		sw_picture_tile(out, LEFT + (i % SW_ZONES) * (TILE_W + GAP),
		    y + (i / SW_ZONES) * (TILE_H + 4), "", s->hand[i], 1, 1);
	return y + (s->nhand + SW_ZONES - 1) / SW_ZONES * (TILE_H + 4) + 10;
}

static int
sw_picture_legend(int y, struct sbuf *out)
{
	int x = LEFT;

	for (int r = 0; r < 5; r++, x += 84) {
		svg_rect(out, x, y + 2, 14, 14, sw_picture_tints[r], "#555555");
		svg_text(out, x + 18, y + 14, 11, "start", 0,
		    sw_rank_names[r]);
	}
	svg_rect(out, x, y + 2, 14, 14, DOWN, "#555555");
	svg_text(out, x + 18, y + 14, 11, "start", 0, "yours, face down");
	x += 120;
	svg_rect(out, x, y + 2, 14, 14, BACK, "#222222");
	svg_text(out, x + 18, y + 14, 11, "start", 0, "theirs, face down");
	svg_text(out, LEFT, y + 34, 11, "start", 0,
	    "Position 1 is met first.  AS attack speed, RS reaction speed, "
	    "RA reconnaissance,");
	svg_text(out, LEFT, y + 48, 11, "start", 0,
	    "SA sensing, VD village damage; traps: LS lethality, SS stealth; "
	    "EC CC: the cost.");
	return y + 56;
}

/* The picture, or only its height when out is NULL. */
static int
sw_picture_draw(const struct shinobi *g, const struct game_players *pl,
    int player, struct sbuf *out)
{
	struct sbuf scratch;
	char what[GAME_REASON_MAX];
	int y = 4;

	sbuf_init(&scratch);
	if (out == NULL)
		out = &scratch;
	if (g->phase == SW_P_OVER) {
		svg_textf(out, LEFT, y + 16, 14, "start", 1,
		    "The game is over: %s.", g->reason);
	} else {
		sw_view_what(g, g->active, what, sizeof what);
		svg_textf(out, LEFT, y + 16, 14, "start", 1, "Now %s.", what);
	}
	svg_textf(out, LEFT, y + 34, 12, "start", 0,
	    "Quiet own turns (cards only reordered): %d of %d.", g->quiet,
	    SW_QUIET);
	y += 46;
	for (int p = 0; p < 2; p++)
		y = sw_picture_side(g, pl, p, p == player, y, out);
	if (player == 0 || player == 1)
		y = sw_picture_hand(&g->side[player], y, out);
	y = sw_picture_legend(y, out);
	sbuf_free(&scratch);
	return y + 4;
}

void
sw_picture(const void *vg, const struct game_players *pl, int player,
    struct sbuf *out)
{
	const struct shinobi *g = vg;

	svg_begin(out, W, sw_picture_draw(g, pl, player, NULL),
	    "Shinobi Wars");
	sw_picture_draw(g, pl, player, out);
	svg_end(out);
}
