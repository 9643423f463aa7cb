/* sf_text.c - text without printf: appending words, quoting what a
 * player wrote.
 *
 * The log, owed() and legal() build lines all the time, so they are
 * built without printf; sf_text_put cuts as snprintf cuts, so the bytes
 * are those printf wrote before it. */
#include <string.h>

#include "sensoufuda.h"

const char *
sf_text_quote(const char *s, char *buf, size_t size)
{
	size_t n = strlen(s);

	if (n >= size) {
		/* Cut before a character, never inside one: messages go to
		 * the log, which must stay valid UTF-8. */
		n = size - 1;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(buf, s, n);
	buf[n] = '\0';
	return buf;
}

void
sf_text_put(char *buf, size_t size, size_t *at, const char *s)
{
	size_t i = *at;

	/* A loop rather than strlen and memcpy: the strings are words,
	 * and under the sanitizers each call is checked. */
	for (; *s != '\0'; s++, i++)
		if (i + 1 < size)
			buf[i] = *s;
	if (*at < size)
		buf[i + 1 < size ? i : size - 1] = '\0';
	*at = i;
}

