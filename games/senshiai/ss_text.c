/* ss_text.c - strings built without printf: owed() and legal_pick
 * build their texts at every decision point, where printf's parsing of
 * its format costs more than the copying. */
#include <string.h>

#include "senshiai.h"

void
ss_text_cat(char *buf, size_t size, size_t *at, const char *s)
{
	size_t len = strlen(s);

	if (*at + len >= size)
		len = *at < size ? size - 1 - *at : 0;
	memcpy(buf + *at, s, len);
	*at += len;
	buf[*at] = '\0';
}
