/* names.c - the names of a game's things as players write them
 * (names.h). */
#include <stdio.h>
#include <string.h>

#include "base/names.h"

/* Does the run w[i..i+k) spell name, with hyphens between the words? */
static int
names_spells(const struct util_words *w, int i, int k, const char *name)
{
	const char *p = name;

	/* Most names differ at once: words are never empty, so a first
	 * letter that differs settles it without measuring the word. */
	if (*p != w->w[i][0])
		return 0;
	for (int j = 0; j < k; j++) {
		size_t len = strlen(w->w[i + j]);

		if (strncmp(p, w->w[i + j], len) != 0)
			return 0;
		p += len;
		if (j < k - 1 && *p++ != '-')
			return 0;
	}
	return *p == '\0';
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
			/* The joined name is no longer than the span of the
			 * words it replaces, so it is written in place. */
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
	for (size_t c = 0; c < n; c++) {
		const char *p = names[c];

		while (p != NULL) {
			if (strncmp(p, word, len) == 0 &&
			    (p[len] == '-' || p[len] == '\0'))
				break;
			p = strchr(p, '-');
			p = p != NULL ? p + 1 : NULL;
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
