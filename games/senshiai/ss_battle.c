/* ss_battle.c - battle arithmetic, a leaf: pooled attack, who may be
 * hit, checking and defaulting a damage distribution, Maintenance, the
 * close-combat aftermath and Bushido.  Dice, events and moving cards are
 * the turn sequence's; these functions only compute. */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"

int
ss_battle_attack(const struct ss_fighter *f, int ranged, int construction)
{
	int v = f->power[ranged ? SS_RANGED : SS_MELEE];

	if (construction && ranged &&
	    (ss_cards[f->card].abilities & SS_AB(ARTILLERY)) != 0)
		v = ss_cards[f->card].param;
	return v == SS_NULLA ? 0 : v;
}

int
ss_battle_pool(const struct ss_fighter *f, size_t n, int ranged)
{
	int sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += ss_battle_attack(&f[i], ranged, 0);
	return sum;
}

int
ss_battle_can_hit(const struct ss_fighter *att, size_t n,
    const struct ss_fighter *target, int ranged)
{
	if (ranged)
		return 1;
	for (size_t i = 0; i < n; i++) {
		unsigned ab = ss_cards[att[i].card].abilities;

		if ((att[i].paths & target->paths) != 0 ||
		    (ab & SS_AB(DIVE_ATTACK)) != 0 ||
		    ((ab & SS_AB(BOARDING)) != 0 &&
		    (target->paths & SS_EARTH) != 0))
			return 1;
	}
	return 0;
}

int
ss_battle_left(const struct ss_fighter *f)
{
	int left = f->power[SS_RESIST] - f->damage;

	return left > 0 ? left : 0;
}

/* Is t a hittable Take Away target not yet doomed by assign? */
static int
ss_battle_shield_up(const struct ss_fighter *t, int hit, int assign)
{
	return hit && (ss_cards[t->card].abilities & SS_AB(TAKE_AWAY)) != 0 &&
	    assign < ss_battle_left(t);
}

int
ss_battle_check(const struct ss_fighter *t, const int *hit, size_t n,
    const int *assign, int total, char *why, size_t size)
{
	int sum = 0, any = 0, shield = -1;

	for (size_t i = 0; i < n; i++) {
		if (assign[i] < 0) {
			snprintf(why, size, "negative damage to %s",
			    ss_cards[t[i].card].name);
			return -1;
		}
		if (assign[i] > 0 && !hit[i]) {
			snprintf(why, size, "%s cannot be hit: no attacker "
			    "shares a path with it", ss_cards[t[i].card].name);
			return -1;
		}
		any |= hit[i];
		sum += assign[i];
		if (shield < 0 && ss_battle_shield_up(&t[i], hit[i],
		    assign[i]))
			shield = (int)i;
	}
	if (!any)
		total = 0;
	if (sum != total) {
		snprintf(why, size, "%d damage assigned, %d to assign", sum,
		    total);
		return -1;
	}
	for (size_t i = 0; shield >= 0 && i < n; i++)
		if (assign[i] > 0 &&
		    (ss_cards[t[i].card].abilities & SS_AB(TAKE_AWAY)) == 0) {
			snprintf(why, size, "%s takes away attacks: it must "
			    "be destroyed before %s takes damage",
			    ss_cards[t[shield].card].name,
			    ss_cards[t[i].card].name);
			return -1;
		}
	return 0;
}

void
ss_battle_default(const struct ss_fighter *t, const int *hit, size_t n,
    int total, int *assign)
{
	ss_battle_ordered(t, hit, n, total, NULL, 0, assign);
}

/* Does target t belong to pass pass of ss_battle_ordered: 0 Take Away,
 * 1..nprio the card prio[pass - 1], nprio + 1 any other? */
static int
ss_battle_pass(const struct ss_fighter *t, int pass, const int *prio,
    int nprio)
{
	if (ss_cards[t->card].abilities & SS_AB(TAKE_AWAY))
		return pass == 0;
	if (pass == 0)
		return 0;
	if (pass <= nprio)
		return t->card == prio[pass - 1];
	for (int i = 0; i < nprio; i++)
		if (t->card == prio[i])
			return 0;
	return 1;
}

void
ss_battle_ordered(const struct ss_fighter *t, const int *hit, size_t n,
    int total, const int *prio, int nprio, int *assign)
{
	int done[SS_DEFAULT_MAX];
	int first = -1;

	memset(assign, 0, n * sizeof *assign);
	memset(done, 0, sizeof done);
	for (int k = 0; k < nprio && first < 0; k++)
		for (size_t i = 0; i < n && first < 0; i++)
			if (hit[i] && t[i].card == prio[k])
				first = (int)i;
	for (size_t i = 0; i < n && first < 0; i++)
		if (hit[i])
			first = (int)i;
	if (first < 0 || n > SS_DEFAULT_MAX)
		return;
	/* Passes: Take Away targets, each card of prio, then the rest; in
	 * each, the cheapest kill first. */
	for (int pass = 0; pass <= nprio + 1; pass++) {
		for (;;) {
			int best = -1;

			for (size_t i = 0; i < n; i++) {
				if (!hit[i] || done[i] ||
				    !ss_battle_pass(&t[i], pass, prio, nprio) ||
				    ss_battle_left(&t[i]) == 0)
					continue;
				if (best < 0 || ss_battle_left(&t[i]) <
				    ss_battle_left(&t[best]))
					best = (int)i;
			}
			if (best < 0)
				break;
			done[best] = 1;
			if (ss_battle_left(&t[best]) > total) {
				assign[best] += total;
				return;
			}
			assign[best] = ss_battle_left(&t[best]);
			total -= assign[best];
		}
	}
	/* Damage past destroying them all counts only on a Capital
	 * (Maintenance: RULINGS), so it goes there when one may be hit. */
	for (size_t i = 0; i < n; i++)
		if (hit[i] && (ss_cards[t[i].card].abilities &
		    SS_AB(MAINTENANCE)))
			first = (int)i;
	assign[first] += total;
}

int
ss_battle_maintenance(const struct ss_fighter *capital)
{
	int over = capital->damage - capital->power[SS_RESIST];

	return over > 0 ? over : 0;
}

enum ss_claim
ss_battle_claim(int attackers_left, int defenders_left)
{
	if (attackers_left == 0)
		return SS_CLAIM_NONE;
	return defenders_left == 0 ? SS_CLAIM_TAKE : SS_CLAIM_FLEE;
}

int
ss_battle_bushido(int cost, const int *opp_cost, const int *opp_alive,
    size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (opp_alive[i] && opp_cost[i] <= cost)
			return 1;
	return 0;
}
