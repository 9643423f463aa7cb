/* js_quote.c - a player's word quoted in a reason.  Below the cards, the
 * trades and the orders, which all quote what they cannot read. */
#include <string.h>

#include "js.h"

const char *
js_quote(const char *s, char buf[JS_QUOTE_MAX + 4])
{
	size_t n = strlen(s);

	if (n <= JS_QUOTE_MAX) {
		memcpy(buf, s, n + 1);
		return buf;
	}
	/* Cut before a character, never inside one: the reason is kept in
	 * the log and must stay UTF-8. */
	n = JS_QUOTE_MAX;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	memcpy(buf, s, n);
	memcpy(buf + n, "...", 4);
	return buf;
}
