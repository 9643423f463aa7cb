/* sf_table.c - tactical options: matching, collecting, the ally flip.
 *
 * A card played (from the hand or the top of the ally deck) is matched
 * against the tactical options of its theatre: none, and it joins them;
 * one, and it and the option go to the player's tableau; two, and the
 * player chooses one; three, and all four cards go to the tableau.  The
 * player chooses for a flipped ally card too, though it was not seen
 * when the orders were written: standing instructions decide if they
 * can, and otherwise the player owes a collect decision. */
#include <stdio.h>
#include <string.h>

#include "base/names.h"
#include "sensoufuda.h"

int
sf_table_matches(const struct sensoufuda *g, int card, int *out)
{
	int n = 0;

	for (int i = 0; i < g->table.n; i++)
		if (sf_cards[g->table.c[i]].theatre == sf_cards[card].theatre &&
		    n < SF_PER_THEATRE - 1)
			out[n++] = g->table.c[i];
	return n;
}

void
sf_table_offer(const struct sensoufuda *g, int card, int out[2])
{
	int m[SF_PER_THEATRE];

	out[0] = out[1] = SF_NONE;
	if (sf_table_matches(g, card, m) != 2)
		return;
	if (sf_card_rank(m[0]) > sf_card_rank(m[1])) {
		out[0] = m[1];
		out[1] = m[0];
	} else {
		out[0] = m[0];
		out[1] = m[1];
	}
}

void
sf_table_play(struct sensoufuda *g, const struct game_players *pl,
    int player, int card, int choice, const char *verb, const char *from,
    struct events *ev)
{
	int m[SF_PER_THEATRE], n = sf_table_matches(g, card, m), left = SF_NONE;
	char who[80], buf[64];
	struct sbuf b;

	/* Without printf: a card is played at every turn. */
	sbuf_init(&b);
	sbuf_reserve(&b, SF_LINE);
	sbuf_puts(&b, sf_faction_who(pl, player, who, sizeof who));
	sbuf_puts(&b, " ");
	sbuf_puts(&b, verb);
	sbuf_puts(&b, " ");
	sbuf_puts(&b, sf_card_brief(card, buf, sizeof buf));
	sbuf_puts(&b, *from ? " " : "");
	sbuf_puts(&b, from);
	sbuf_puts(&b, ": ");
	if (n == 0) {
		sf_pile_push(&g->table, card);
		sbuf_puts(&b, "no tactical option is of its theatre, so it "
		    "joins the tactical options.");
		events_take(ev, EVENT_ALL, sbuf_take(&b));
		return;
	}
	if (n == 2) {
		/* validate made sure choice is one of the two; the default
		 * keeps a core bug from losing a card */
		if (choice != m[0] && choice != m[1])
			choice = m[0];
		left = choice == m[0] ? m[1] : m[0];
		m[0] = choice;
		n = 1;
	}
	sf_pile_push(&g->tableau[player], card);
	for (int i = 0; i < n; i++) {
		sf_pile_remove(&g->table, m[i]);
		sf_pile_push(&g->tableau[player], m[i]);
	}
	sbuf_puts(&b, left != SF_NONE ? "it matches two tactical options; " :
	    n == 3 ? "it matches three tactical options, and " :
	    "it matches one tactical option, and ");
	sbuf_puts(&b, pl->names[player]);
	sbuf_puts(&b, " collects ");
	sf_card_join(&b, m, n);
	if (left != SF_NONE) {
		sbuf_puts(&b, ", leaving ");
		sbuf_puts(&b, sf_card_brief(left, buf, sizeof buf));
	}
	sbuf_puts(&b, ".");
	events_take(ev, EVENT_ALL, sbuf_take(&b));
}

/* The option the standing instructions choose among offer, or SF_NONE;
 * *by is the instruction that decided. */
static int
sf_table_instructed(const struct sensoufuda *g, int player,
    const int offer[2], int *by)
{
	for (int i = 0; i < g->ninstr[player]; i++) {
		const struct sf_instr *in = &g->instr[player][i];

		*by = i;
		if (in->type == SF_INSTR_TAKE) {
			if (in->arg == offer[0] || in->arg == offer[1])
				return in->arg;
		} else {
			int k0 = sf_card_kind(offer[0]) == in->arg;
			int k1 = sf_card_kind(offer[1]) == in->arg;

			/* A preference decides only between kinds. */
			if (k0 != k1)
				return k0 ? offer[0] : offer[1];
		}
	}
	return SF_NONE;
}

int
sf_table_flip(struct sensoufuda *g, const struct game_players *pl,
    int player, struct events *ev)
{
	int card = sf_pile_pop(&g->ally[player]), offer[2], choice, by = 0;
	char who[80], buf[64], a[64], b[64], text[80];

	if (card == SF_NONE)
		return 0;
	sf_table_offer(g, card, offer);
	choice = offer[0];
	if (offer[0] != SF_NONE) {
		choice = sf_table_instructed(g, player, offer, &by);
		if (choice == SF_NONE) {
			g->pending = card;
			events_add(ev, EVENT_ALL, "%s flips %s from the top of "
			    "the ally deck: it matches two tactical options, "
			    "%s and %s, and no standing instruction chooses "
			    "between them, so %s owes a decision: which one "
			    "to collect.", sf_faction_who(pl, player, who,
			    sizeof who), sf_card_brief(card, buf, sizeof buf),
			    sf_card_brief(offer[0], a, sizeof a),
			    sf_card_brief(offer[1], b, sizeof b),
			    pl->names[player]);
			return 1;
		}
	}
	sf_table_play(g, pl, player, card, choice, "flips",
	    "from the top of the ally deck and plays it", ev);
	/* After the flip it explains (fresh reader: told before it). */
	if (offer[0] != SF_NONE) {
		sf_table_instr_write(&g->instr[player][by], text,
		    sizeof text);
		events_add(ev, EVENT_TO(player), "Your standing instruction "
		    "\"ally %s\" chooses %s for %s.", text,
		    sf_card_brief(choice, a, sizeof a),
		    sf_card_brief(card, buf, sizeof buf));
	}
	return 0;
}

int
sf_table_instr_read(char *const *w, int n, struct sf_instr *in, char *why,
    size_t size)
{
	char q[SF_QUOTE];

	if (n == 2 && strcmp(w[0], "take") == 0) {
		in->type = SF_INSTR_TAKE;
		if ((in->arg = sf_card_find(w[1])) != SF_NONE)
			return 0;
		game_why(why, size, "'%s' is not a card (see the card list "
		    "in gunbai-sensoufuda(6))", sf_text_quote(w[1], q,
		    sizeof q));
		return -1;
	}
	if (n == 2 && strcmp(w[0], "prefer") == 0) {
		/* Each kind in the plural, then the singular: the words
		 * as English spells them ("heroes", never "heros"; a fresh
		 * reader found the plural rule of card names taking the
		 * one and refusing the other), the plural first so that
		 * a slip between the two is offered the plural. */
		const char *words[2 * SF_KINDS], *near;

		in->type = SF_INSTR_PREFER;
		for (int k = 0; k < SF_KINDS; k++) {
			words[k] = sf_card_kinds[k].plural;
			words[SF_KINDS + k] = sf_card_kinds[k].word;
		}
		for (int i = 0; i < 2 * SF_KINDS; i++)
			if (strcmp(w[1], words[i]) == 0) {
				in->arg = i % SF_KINDS;
				return 0;
			}
		near = names_nearest(w[1], words, 2 * SF_KINDS);
		game_why(why, size, "'%s' is not a kind: write strategist, "
		    "hero, resource or plain, or in the plural strategists, "
		    "heroes, resources or plains%s%s%s",
		    sf_text_quote(w[1], q, sizeof q), near != NULL ?
		    "; did you mean " : "", near != NULL ? near : "",
		    near != NULL ? "?" : "");
		return -1;
	}
	game_why(why, size, "an ally instruction is take CARD, prefer KIND "
	    "or none");
	return -1;
}

void
sf_table_instr_write(const struct sf_instr *in, char *buf, size_t size)
{
	if (in->type == SF_INSTR_TAKE)
		snprintf(buf, size, "take %s", sf_cards[in->arg].name);
	else
		snprintf(buf, size, "prefer %s", sf_card_kinds[in->arg].word);
}
