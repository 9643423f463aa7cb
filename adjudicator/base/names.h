/* names.h - the names of a game's things (cards) as players write them.
 *
 * A game keeps one table of hyphenated lowercase names ("air-marshal",
 * "shinobi-spies").  Players write them as printed on the cards: in any
 * case (util_words lowercases), with spaces or hyphens, or, where it is
 * unambiguous, by one of the name's parts ("spies"); in the plural or
 * the singular ("catapults", "war elephant").  A name that is none of
 * these gets the nearest name as a suggestion. */
#ifndef GUNBAI_NAMES_H
#define GUNBAI_NAMES_H

#include <stddef.h>

#include "base/util.h"

#define NAMES_JOIN_MAX 4 /* words a printed name may have */

/* Is word the name, or its plural or singular ("catapults" for
 * "catapult", "war-elephant" for "war-elephants", "militiaman" for
 * "militiamen"): +s, +es, y to ies, man to men? */
int names_same(const char *word, const char *name);

/* From word from on, join each run of 2 to NAMES_JOIN_MAX words of w
 * that spells one of the n names with hyphens (its last word perhaps in
 * the other number: names_same) into one word, the name, longest run
 * first.  Returns how many joins were made. */
int names_join(struct util_words *w, int from, const char *const *names,
    size_t n);

/* The index of word among names: the name itself; or else the only name
 * word is in the other number (names_same); or else the only name one
 * of whose hyphen-separated parts is word, in either number.  -1 if
 * none, -2 if several names are so named (ambiguous). */
int names_find(const char *word, const char *const *names, size_t n);

/* The name nearest to word by edit distance (the first in table order
 * among the nearest), or NULL if none is near enough to be a likely
 * typing slip: at most 2 edits, or a third of word's length. */
const char *names_nearest(const char *word, const char *const *names,
    size_t n);

/* Append to buf (of size) the hint for a word that names nothing:
 * "; did you mean NAME?" when one is near, and that names are
 * hyphenated. */
void names_hint(const char *word, const char *const *names, size_t n,
    char *buf, size_t size);

#endif
