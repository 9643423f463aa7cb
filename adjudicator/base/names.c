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

/* Levenshtein distance between a (la bytes) and b (lb bytes), for words
 * of at most 63 bytes. */
static size_t
names_distance_n(const char *a, size_t la, const char *b, size_t lb)
{
	size_t row[64];

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

/* The edits a typing slip may make in one word of a name, of len bytes:
 * a third of it, at least 1.  Words of fewer than 3 bytes are never
 * taken for slips ("b2" is no slip for "no"). */
static size_t
names_slip(size_t len)
{
	return len / 3 > 1 ? len / 3 : 1;
}

/* Is word (lw bytes) the part (lp bytes) of a name, in either number
 * (0); a typing slip for it (1); or neither (-1)? */
static int
names_part_near(const char *word, size_t lw, const char *part, size_t lp)
{
	size_t limit = names_slip(lp);

	if (names_same_n(word, lw, part, lp))
		return 0;
	if (lw < 3 || lw + limit < lp || lp + limit < lw)
		return -1;
	return names_distance_n(word, lw, part, lp) <= limit ? 1 : -1;
}

/* Copy word to out (of 64 bytes) with its spaces made hyphens, as a
 * name of several words is written in the table.  -1 if too long. */
static int
names_hyphens(const char *word, char out[64])
{
	size_t len = strlen(word);

	if (len > 63)
		return -1;
	for (size_t i = 0; i <= len; i++)
		out[i] = word[i] == ' ' ? '-' : word[i];
	return 0;
}

const char *
names_nearest(const char *word, const char *const *names, size_t n)
{
	size_t best = (size_t)-1, len = strlen(word), limit;
	const char *at = NULL;
	char h[64];

	if (names_hyphens(word, h) < 0)
		return NULL;
	limit = len / 3 > 2 ? len / 3 : 2;
	for (size_t c = 0; c < n; c++) {
		size_t d = names_distance_n(h, len, names[c],
		    strlen(names[c]));

		if (d < best) {
			best = d;
			at = names[c];
		}
	}
	return best <= limit ? at : NULL;
}

/* Which names have a part that is word (how 0), a part word is a typing
 * slip for (how 1), or a part that word begins (how 2): their indexes in
 * at (at most max), in table order; how many in all. */
static size_t
names_by_part(const char *word, int how, const char *const *names,
    size_t n, size_t *at, size_t max)
{
	size_t len = strlen(word), k = 0;

	for (size_t c = 0; c < n; c++) {
		const char *p = names[c];

		while (p != NULL) {
			const char *e = strchr(p, '-');
			size_t lp = e != NULL ? (size_t)(e - p) : strlen(p);

			if (how == 2 ? len >= 3 && len < lp &&
			    memcmp(word, p, len) == 0 :
			    names_part_near(word, len, p, lp) == how)
				break;
			p = e != NULL ? e + 1 : NULL;
		}
		if (p == NULL)
			continue;
		if (k < max)
			at[k] = c;
		k++;
	}
	return k;
}

/* Append to buf (of size, used bytes used) the names at[0..k), "A", "A
 * or B", "A, B or C"; past max of them, "and others". */
static void
names_list(const char *const *names, const size_t *at, size_t k,
    size_t max, char *buf, size_t size)
{
	size_t used = strlen(buf);

	for (size_t i = 0; i < k && i < max && used < size; i++) {
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
		    i == 0 ? "" : i + 1 == k && k <= max ? " or " : ", ",
		    names[at[i]]);
	}
	if (k > max && used < size)
		snprintf(buf + used, size - used, " and others");
}

#define NAMES_LIST_MAX 4

void
names_several(const char *word, const char *const *names, size_t n,
    char *buf, size_t size)
{
	size_t at[NAMES_LIST_MAX], k;

	k = names_by_part(word, 0, names, n, at, NAMES_LIST_MAX);
	if (k == 0 || strlen(buf) >= size)
		return;
	snprintf(buf + strlen(buf), size - strlen(buf), " (");
	names_list(names, at, k, NAMES_LIST_MAX, buf, size);
	if (strlen(buf) < size)
		snprintf(buf + strlen(buf), size - strlen(buf), ")");
}

/* Does word spell name but for what stands between its words (a space,
 * an underscore, nothing: "samurai_archers", "warriormonks")? */
static int
names_between(unsigned char c)
{
	return c != '\0' && c < 0x80 && !(c >= 'a' && c <= 'z') &&
	    !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9');
}

static int
names_same_letters(const char *word, const char *name)
{
	for (;;) {
		while (names_between((unsigned char)*word))
			word++;
		while (names_between((unsigned char)*name))
			name++;
		if (*word != *name)
			return 0;
		if (*word == '\0')
			return 1;
		word++;
		name++;
	}
}

void
names_hint(const char *word, const char *const *names, size_t n, char *buf,
    size_t size)
{
	const char *near = names_nearest(word, names, n);
	size_t used = strlen(buf), at[NAMES_LIST_MAX], k = 0;

	if (used >= size)
		return;
	/* A slip in one word of a name ("warior"), or its beginning
	 * ("intel"): the names that have such a word. */
	if (near == NULL && strchr(word, ' ') == NULL &&
	    strchr(word, '-') == NULL &&
	    (k = names_by_part(word, 1, names, n, at, NAMES_LIST_MAX)) == 0)
		k = names_by_part(word, 2, names, n, at, NAMES_LIST_MAX);
	if (near != NULL || k > 0) {
		snprintf(buf + used, size - used, "; did you mean ");
		if (near != NULL)
			snprintf(buf + strlen(buf), size - strlen(buf), "%s",
			    near);
		else
			names_list(names, at, k, NAMES_LIST_MAX, buf, size);
		/* How names are written, only where that was the mistake:
		 * after a slip in the letters it misled ("samurai archrs",
		 * written as printed). */
		if (strlen(buf) < size)
			snprintf(buf + strlen(buf), size - strlen(buf), "?%s",
			    near != NULL && names_same_letters(word, near) ?
			    " (names of more than one word are written with "
			    "hyphens, or as printed)" : "");
	} else
		snprintf(buf + used, size - used, " (names of more than one "
		    "word are written with hyphens, or as printed)");
}

/* Does word begin one of the names (as games take a beginning for the
 * name: "caval" for cavalry-archers)? */
static int
names_begun(const char *word, const char *const *names, size_t n)
{
	size_t len = strlen(word);

	for (size_t c = 0; c < n; c++)
		if (strncmp(word, names[c], len) == 0)
			return 1;
	return 0;
}

/* Does the run w[i..i+k) spell name, of k parts, with a typing slip in
 * one of its words or more (names_part_near), each such word a part of
 * no name and the beginning of none ("samurai archrs", "warior
 * monks")? */
static int
names_run_near(const struct util_words *w, int i, int k, const char *name,
    const char *const *names, size_t n)
{
	const char *p = name;
	int slips = 0;

	for (int j = 0; j < k; j++) {
		const char *e = strchr(p, '-'), *x = w->w[i + j];
		size_t lp = e != NULL ? (size_t)(e - p) : strlen(p);
		int r;

		if ((e == NULL) != (j == k - 1) || strchr(x, '-') != NULL ||
		    strchr(x, ' ') != NULL ||
		    (r = names_part_near(x, strlen(x), p, lp)) < 0)
			return 0;
		if (r == 1 && (names_find(x, names, n) != -1 ||
		    names_begun(x, names, n)))
			return 0;
		slips += r;
		p = e != NULL ? e + 1 : NULL;
	}
	return slips > 0;
}

void
names_join_slips(struct util_words *w, int from, const char *const *names,
    size_t n)
{
	int words = w->n < UTIL_WORDS_MAX ? w->n : UTIL_WORDS_MAX;

	for (int i = from; i < words - 1; i++) {
		int k = 0;

		/* The longest such name, the first of its length, among
		 * those that begin with the word's first letter (as
		 * names_join: a slip in the first letter of a name's
		 * first word is left to names_hint, which weighs the word
		 * alone). */
		for (size_t c = 0; c < n; c++) {
			int t = 1;

			if (names[c][0] != w->w[i][0])
				continue;
			for (const char *p = names[c]; *p != '\0'; p++)
				t += *p == '-';
			if (t > k && t <= NAMES_JOIN_MAX && i + t <= words &&
			    names_run_near(w, i, t, names[c], names, n))
				k = t;
		}
		if (k < 2)
			continue;
		/* The words move left into the run's own bytes: the run
		 * has one gap byte at least between its words. */
		for (int j = 1; j < k; j++) {
			size_t at = strlen(w->w[i]), len = strlen(w->w[i + j]);

			w->w[i][at] = ' ';
			memmove(w->w[i] + at + 1, w->w[i + j], len + 1);
		}
		memmove(&w->w[i + 1], &w->w[i + k],
		    (size_t)(words - i - k) * sizeof w->w[0]);
		words -= k - 1;
		w->n -= k - 1;
	}
}

