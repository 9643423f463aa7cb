/* ss_power.c - power modifiers and the Rule of Singularity: a leaf that
 * computes a Unit's traits from its base values and the modifiers acting
 * on it.  The ruling on the text's two penalty examples is in RULINGS and
 * tested in tests/test_senshiai.c. */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"

int
ss_power_mod_parse(const char *s, int src_type, struct ss_mod *m)
{
	int a[3], used = 0;

	memset(m, 0, sizeof *m);
	m->src_type = src_type == SS_CAPITAL ? SS_TERRAIN : src_type;
	if (s[0] != '+' && s[0] != '-')
		return -1;
	m->sign = s[0] == '+' ? 1 : -1;
	if (strncmp(s + 1, "speed ", 6) == 0) {
		if (s[7] < '0' || s[7] > '9' || s[8] != '\0')
			return -1;
		m->amount[SS_SPEED] = s[7] - '0';
		return 0;
	}
	for (int t = 0; t < 3; t++) {
		const char *p = s + 1 + used;

		if (p[0] < '0' || p[0] > '9' ||
		    p[1] != (t < 2 ? '/' : '\0'))
			return -1;
		a[t] = p[0] - '0';
		used += 2;
	}
	for (int t = 0; t < 3; t++)
		m->amount[t] = a[t];
	return 0;
}

void
ss_power_net(const struct ss_mod *mods, size_t n, int bonus[SS_TRAITS],
    int penalty[SS_TRAITS])
{
	int best[2][SS_TYPES][SS_TRAITS];

	memset(best, 0, sizeof best);
	for (size_t i = 0; i < n; i++) {
		int side = mods[i].sign > 0 ? 0 : 1;
		int ty = mods[i].src_type == SS_CAPITAL ? SS_TERRAIN :
		    mods[i].src_type;

		for (int t = 0; t < SS_TRAITS; t++)
			if (mods[i].amount[t] > best[side][ty][t])
				best[side][ty][t] = mods[i].amount[t];
	}
	for (int t = 0; t < SS_TRAITS; t++) {
		int b = 0, p = 0;

		for (int ty = 0; ty < SS_TYPES; ty++) {
			b += best[0][ty][t];
			p += best[1][ty][t];
		}
		bonus[t] = b > p ? b - p : 0;
		penalty[t] = p > b ? p - b : 0;
	}
}

void
ss_power_apply(const int base[SS_TRAITS], const struct ss_mod *mods,
    size_t n, int capital, int out[SS_TRAITS])
{
	int bonus[SS_TRAITS], penalty[SS_TRAITS];

	ss_power_net(mods, n, bonus, penalty);
	for (int t = 0; t < SS_TRAITS; t++) {
		if (base[t] == SS_NULLA) {
			out[t] = SS_NULLA;
			continue;
		}
		out[t] = base[t] + bonus[t] - penalty[t];
		if (out[t] < 0)
			out[t] = 0;
	}
	if (capital)
		out[SS_SPEED] = 0;
}

void
ss_power_format(const int v[SS_TRAITS], int show_speed, char *buf,
    size_t size)
{
	char t[3][8];

	for (int i = 0; i < 3; i++) {
		if (v[i] == SS_NULLA)
			snprintf(t[i], sizeof t[i], "n");
		else
			snprintf(t[i], sizeof t[i], "%d", v[i]);
	}
	if (show_speed)
		snprintf(buf, size, "%s/%s/%s speed %d", t[0], t[1], t[2],
		    v[SS_SPEED] == SS_NULLA ? 0 : v[SS_SPEED]);
	else
		snprintf(buf, size, "%s/%s/%s", t[0], t[1], t[2]);
}
