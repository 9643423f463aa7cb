/* ss_board.c - the board geometry, a leaf shared by the turn sequence,
 * the text view and a later SVG view.  Squares with eight neighbours
 * because under that distance (a king's move) the four corners of a
 * square are all equally far apart, so one board serves 2, 3 and 4
 * players with every pair of Capitals equidistant, as the text asks;
 * with hexes only three places can be. */
#include <stdlib.h>

#include "senshiai.h"

/* The Capital places, inset one square from each corner: b2, h8, h2,
 * b8.  Two players take opposite corners; three or four take them in
 * this order, going round. */
static const int ss_board_caps[4] = {
	1 * SS_SIDE + 1,
	7 * SS_SIDE + 7,
	1 * SS_SIDE + 7,
	7 * SS_SIDE + 1,
};

int
ss_board_capital(int n, int p)
{
	(void)n;
	return p >= 0 && p < 4 ? ss_board_caps[p] : -1;
}

int
ss_board_dist(int a, int b)
{
	int df = abs(a % SS_SIDE - b % SS_SIDE);
	int dr = abs(a / SS_SIDE - b / SS_SIDE);

	return df > dr ? df : dr;
}

int
ss_board_near(int a, int b)
{
	return ss_board_dist(a, b) == 1;
}

/* The neighbours of sq computed, into out; how many. */
static int
ss_board_neighbours_of(int sq, int out[SS_NEAR_MAX])
{
	int n = 0, f = sq % SS_SIDE, r = sq / SS_SIDE;
	int f0 = f > 0 ? f - 1 : f, f1 = f < SS_SIDE - 1 ? f + 1 : f;
	int r0 = r > 0 ? r - 1 : r, r1 = r < SS_SIDE - 1 ? r + 1 : r;

	for (int nr = r0; nr <= r1; nr++)
		for (int nf = f0; nf <= f1; nf++)
			if (nr != r || nf != f)
				out[n++] = nr * SS_SIDE + nf;
	return n;
}

int
ss_board_neighbours(int sq, int out[SS_NEAR_MAX])
{
	/* Computed once for every square: legal_pick asks for the
	 * neighbours of a square at every Terrain it checks, and the
	 * double loop cost a tenth of its own instructions. */
	static int nb[SS_SQUARES][SS_NEAR_MAX], nn[SS_SQUARES];
	static int filled;

	if (!filled) {
		for (int s = 0; s < SS_SQUARES; s++)
			nn[s] = ss_board_neighbours_of(s, nb[s]);
		filled = 1;
	}
	for (int i = 0; i < nn[sq]; i++)
		out[i] = nb[sq][i];
	return nn[sq];
}

void
ss_board_name(int sq, char buf[3])
{
	buf[0] = (char)('a' + sq % SS_SIDE);
	buf[1] = (char)('1' + sq / SS_SIDE);
	buf[2] = '\0';
}

int
ss_board_parse(const char *s)
{
	if (s[0] < 'a' || s[0] >= 'a' + SS_SIDE || s[1] < '1' ||
	    s[1] >= '1' + SS_SIDE || s[2] != '\0')
		return -1;
	return (s[1] - '1') * SS_SIDE + (s[0] - 'a');
}
