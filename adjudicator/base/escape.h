/* escape.h - the one escaping rule for every byte gunbai shows: on a
 * terminal (stdout, stderr), in a report, in a mail.
 *
 * Printable text passes unchanged, every other character is written as an
 * escape that shows what it was:
 *   - "\n", "\r", "\t" for those three (a newline is kept as it is only in
 *     text that is several lines by design, with ESCAPE_LINES);
 *   - "\xNN" for the other C0 controls, DEL, and any byte that is not part
 *     of valid UTF-8 (overlong forms, surrogates, past U+10FFFF);
 *   - "\uNNNN" (or "\UNNNNNNNN") for the C1 controls U+0080 to U+009F (CSI,
 *     OSC) and for characters that are invisible or move text: bidi
 *     controls (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F,
 *     U+061C), line and paragraph separators (U+2028, U+2029), zero-width
 *     and format characters (U+200B to U+200D, U+2060 to U+2064, U+FEFF,
 *     U+00AD, ...), variation selectors and tag characters: every
 *     character of Unicode's Default_Ignorable_Code_Point and format (Cf)
 *     classes.
 * A backslash is not escaped: the rule is for eyes, not a round trip, and
 * escaping an escaped text again changes nothing. */
#ifndef GUNBAI_ESCAPE_H
#define GUNBAI_ESCAPE_H

#include <stddef.h>

#include "base/util.h"

#define ESCAPE_LINES 1 /* keep '\n': a text of several lines */

/* Append the n bytes at s to out, escaped. */
void escape_add(struct sbuf *out, const char *s, size_t n, int flags);
/* Append NUL-terminated s to out, escaped, on one line. */
void escape_puts(struct sbuf *out, const char *s);
/* Copy s escaped to out (size bytes, NUL-terminated), on one line; cut at
 * size, never inside an escape or a character. */
void escape_copy(const char *s, char *out, size_t size);
/* Is the code point cp invisible or a control (escaped by the rule)? */
int escape_invisible(unsigned long cp);
/* Does s hold a character the rule escapes (a control, an invisible or
 * direction-changing character, a byte that is not UTF-8)?  With
 * ESCAPE_LINES a newline does not count. */
int escape_needed(const char *s, int flags);

#endif
