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

/* After names_join, from word from on, join each run of 2 to
 * NAMES_JOIN_MAX words that spells a name with a typing slip in one of
 * its words or more ("warior monks", "samurai archrs"; the run's first
 * letter the name's), each slipped word a part of no name and the
 * beginning of none, into one word as written, with spaces: it names no
 * card, and names_hint suggests the name.  A word that names or begins
 * a card is never taken into such a run, so an order this changes was
 * refused anyway: only its reason changes, and a game calls this only
 * when it writes a reason (it weighs every word against every name,
 * too slow for the thousands of orders of a list of legal orders). */
void names_join_slips(struct util_words *w, int from,
    const char *const *names, size_t n);

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
 * "; did you mean NAME?" when one is near (spaces in word taken for
 * hyphens), or else, for one word, the names that have a word it is a
 * slip for ("warior": warrior-monks) or that it begins ("intel":
 * "intelligence-3 or intelligence-4"); and that names are hyphenated,
 * when no name is near or word differs from it only between its words
 * ("samurai_archers"), not after a slip in its letters. */
void names_hint(const char *word, const char *const *names, size_t n,
    char *buf, size_t size);

/* Append to buf (of size) the names of which word is a part, for a word
 * names_find finds ambiguous: " (samurai-archers or yari-samurai)". */
void names_several(const char *word, const char *const *names, size_t n,
    char *buf, size_t size);

#endif
