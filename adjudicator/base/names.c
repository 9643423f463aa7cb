/* names.c - the names of a game's things as players write them
 * (names.h). */
#include <stdio.h>
#include <string.h>

#include "base/names.h"

/* Is pl (lp bytes) the plural of sg (ls bytes), as English makes the
 * plurals of card names: +s, +es, y to ies, man to men? */
static int
names_plural(const char *pl, size_t lp, const char *sg, size_t ls)
{
	/* Not "spie" for "spies", nor "hors" for "horses": +s never
	 * makes -ies, +es only follows s, x, z, ch or sh. */
	if (lp == ls + 1 && pl[ls] == 's' && !(ls >= 2 &&
	    sg[ls - 2] == 'i' && sg[ls - 1] == 'e'))
		return memcmp(pl, sg, ls) == 0;
	if (lp == ls + 2 && ls >= 1 && pl[ls] == 'e' && pl[ls + 1] == 's' &&
	    (strchr("sxz", sg[ls - 1]) != NULL || (ls >= 2 &&
	    sg[ls - 1] == 'h' && strchr("cs", sg[ls - 2]) != NULL)))
		return memcmp(pl, sg, ls) == 0;
	if (ls >= 1 && lp == ls + 2 && sg[ls - 1] == 'y' &&
	    memcmp(pl + ls - 1, "ies", 3) == 0)
		return memcmp(pl, sg, ls - 1) == 0;
	if (ls >= 3 && lp == ls && memcmp(sg + ls - 3, "man", 3) == 0 &&
	    memcmp(pl + ls - 3, "men", 3) == 0)
		return memcmp(pl, sg, ls - 3) == 0;
	return 0;
}

/* Is the word (a, la bytes) the name (b, lb bytes), or its plural, or
 * its singular? */
static int
names_same_n(const char *a, size_t la, const char *b, size_t lb)
{
	if (la == lb && memcmp(a, b, la) == 0)
		return 1;
	return names_plural(a, la, b, lb) || names_plural(b, lb, a, la);
}

int
names_same(const char *word, const char *name)
{
	return names_same_n(word, strlen(word), name, strlen(name));
}

/* Does the run w[i..i+k) spell name, with hyphens between the words (the
 * last word perhaps in the plural or singular: names_same)? */
static int
names_spells(const struct util_words *w, int i, int k, const char *name)
{
	char run[UTIL_WORDS_CHARS + 1];
	size_t at = 0;

	/* Most names differ at once: words are never empty, so a first
	 * letter that differs settles it without joining the words. */
	if (*name != w->w[i][0])
		return 0;
	for (int j = 0; j < k; j++) {
		size_t len = strlen(w->w[i + j]);

		if (at + len + 1 >= sizeof run)
			return 0;
		if (j > 0)
			run[at++] = '-';
		memcpy(run + at, w->w[i + j], len);
		at += len;
	}
	run[at] = '\0';
	return names_same(run, name);
}

/* Room for need bytes where the run w[i..i+k) stands in w's buffer (of
 * words words, in the buffer's order): the words after the run moved
 * along if need be.  0, or -1 when the buffer is full. */
static int
names_room(struct util_words *w, int i, int k, int words, size_t need)
{
	char *end = w->w[i + k - 1] + strlen(w->w[i + k - 1]) + 1;
	char *last = w->w[words - 1] + strlen(w->w[words - 1]) + 1;
	size_t have = (size_t)(end - w->w[i]), more;

	if (need <= have)
		return 0;
	more = need - have;
	if ((size_t)(w->buf + sizeof w->buf - last) < more)
		return -1;
	memmove(end + more, end, (size_t)(last - end));
	for (int j = i + k; j < words; j++)
		w->w[j] += more;
	return 0;
}

/* How many names names_join weighs at once for one word; past that it
 * weighs them all. */
#define NAMES_JOIN_CANDS 32

int
names_join(struct util_words *w, int from, const char *const *names,
    size_t n)
{
	int joins = 0, words = w->n < UTIL_WORDS_MAX ? w->n : UTIL_WORDS_MAX;

	for (int i = from; i < words - 1; i++) {
		size_t cand[NAMES_JOIN_CANDS], nc = 0, all = 0;

		/* Only a name of several words (with a hyphen) that starts
		 * with the word's first letter can spell a run from it
		 * (names_spells): list those once, in table order, for
		 * every length k below. */
		for (size_t c = 0; c < n && !all; c++) {
			if (names[c][0] != w->w[i][0] ||
			    strchr(names[c], '-') == NULL)
				continue;
			if (nc == NAMES_JOIN_CANDS)
				all = n;
			else
				cand[nc++] = c;
		}
		if (nc == 0)
			continue;
		for (int k = NAMES_JOIN_MAX; k >= 2; k--) {
			size_t c = 0, j;

			if (i + k > words)
				continue;
			for (j = 0; j < (all ? all : nc); j++)
				if (names_spells(w, i, k,
				    names[c = all ? j : cand[j]]))
					break;
			if (j == (all ? all : nc))
				continue;
			/* The name is written in place of the run; one
			 * written in the singular may be shorter than the
			 * name, and the words after it move along. */
			if (names_room(w, i, k, words, strlen(names[c]) + 1)
			    < 0)
				continue;
			memmove(w->w[i], names[c], strlen(names[c]) + 1);
			memmove(&w->w[i + 1], &w->w[i + k],
			    (size_t)(words - i - k) * sizeof w->w[0]);
			words -= k - 1;
			w->n -= k - 1;
			joins++;
			break;
		}
	}
	return joins;
}

int
names_find(const char *word, const char *const *names, size_t n)
{
	size_t len = strlen(word);
	int found = -1;

	for (size_t c = 0; c < n; c++)
		if (strcmp(word, names[c]) == 0)
			return (int)c;
	if (len == 0)
		return -1;
	/* The whole name in the plural or singular ("catapults"). */
	for (size_t c = 0; c < n; c++)
		if (names_same(word, names[c])) {
			if (found >= 0)
				return -2;
			found = (int)c;
		}
	if (found >= 0)
		return found;
	/* One part of the name, in either number ("spies", "riders"). */
	for (size_t c = 0; c < n; c++) {
		const char *p = names[c];

		while (p != NULL) {
			const char *e = strchr(p, '-');
			size_t lp = e != NULL ? (size_t)(e - p) : strlen(p);

			if (names_same_n(word, len, p, lp))
				break;
			p = e != NULL ? e + 1 : NULL;
		}
		if (p == NULL)
			continue;
		if (found >= 0)
			return -2;
		found = (int)c;
	}
	return found;
}

/* Levenshtein distance, for words of at most 63 bytes. */
static size_t
names_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[64];

	if (la > 63 || lb > 63)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

const char *
names_nearest(const char *word, const char *const *names, size_t n)
{
	size_t best = (size_t)-1, len = strlen(word), limit;
	const char *at = NULL;

	limit = len / 3 > 2 ? len / 3 : 2;
	for (size_t c = 0; c < n; c++) {
		size_t d = names_distance(word, names[c]);

		if (d < best) {
			best = d;
			at = names[c];
		}
	}
	return best <= limit ? at : NULL;
}

void
names_hint(const char *word, const char *const *names, size_t n, char *buf,
    size_t size)
{
	const char *near = names_nearest(word, names, n);
	size_t used = strlen(buf);

	if (used >= size)
		return;
	if (near != NULL)
		snprintf(buf + used, size - used, "; did you mean %s? (names "
		    "of more than one word are written with hyphens, or as "
		    "printed)", near);
	else
		snprintf(buf + used, size - used, " (names of more than one "
		    "word are written with hyphens, or as printed)");
}
