/* mail_addr.c - one bare mail address, checked (mail_addr.h). */
#include <string.h>

#include "base/escape.h"
#include "base/mail_addr.h"

/* The characters of RFC 5322's atext besides letters and digits. */
static const char mail_addr_atext[] = "!#$%&'*+-/=?^_`{|}~";

static int
mail_addr_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9');
}

static int
mail_addr_fail(struct gb_err *e, const char *s, const char *what)
{
	char shown[96];

	escape_copy(s, shown, sizeof shown);
	return err_set(e, 0, 0, "address '%s' %s", shown, what);
}

/* What is wrong with the byte c anywhere in an address, or NULL. */
static const char *
mail_addr_byte(unsigned char c)
{
	if (c == '\r' || c == '\n')
		return "has a line break";
	if (c < 0x20 || c == 0x7f)
		return "has a control character";
	if (c >= 0x80)
		return "has a character that is not ASCII";
	if (c == ' ')
		return "has a space";
	if (c == '<' || c == '>')
		return "must be bare local@domain, without a display name "
		    "or <>";
	if (c == '(' || c == ')')
		return "has a comment";
	if (c == ',' || c == ';')
		return "holds more than one address";
	if (c == '"' || c == '\\')
		return "has a quoted local part; only a plain one is accepted";
	if (c == '[' || c == ']')
		return "has a domain literal; only a domain name is accepted";
	if (c == ':')
		return "has a ':' (a group or a route)";
	return NULL;
}

static int
mail_addr_local(const char *s, const char *at, struct gb_err *e)
{
	size_t n = (size_t)(at - s);

	if (n == 0)
		return mail_addr_fail(e, s, "has no local part before '@'");
	if (n > MAIL_ADDR_LOCAL_MAX)
		return mail_addr_fail(e, s, "has a local part longer than 64 "
		    "characters");
	for (const char *p = s; p < at; p++) {
		if (*p == '.') {
			if (p == s || p + 1 == at || p[1] == '.')
				return mail_addr_fail(e, s, "has a dot at an "
				    "end of its local part or two in a row");
		} else if (!mail_addr_alnum(*p) &&
		    strchr(mail_addr_atext, *p) == NULL) {
			return mail_addr_fail(e, s, "has a character not "
			    "allowed in a local part");
		}
	}
	return 0;
}

static int
mail_addr_host(const char *s, const char *d, struct gb_err *e)
{
	size_t label = 0;

	if (*d == '\0')
		return mail_addr_fail(e, s, "has no domain");
	for (const char *p = d;; p++) {
		if (*p == '.' || *p == '\0') {
			if (label == 0)
				return mail_addr_fail(e, s, "has an empty "
				    "label in its domain");
			if (p[-1] == '-')
				return mail_addr_fail(e, s, "has a domain "
				    "label ending in '-'");
			if (*p == '\0')
				return 0;
			label = 0;
			continue;
		}
		if (*p == '-' && label == 0)
			return mail_addr_fail(e, s, "has a domain label "
			    "starting with '-'");
		if (*p != '-' && !mail_addr_alnum(*p))
			return mail_addr_fail(e, s, "has a character not "
			    "allowed in a domain");
		if (++label > MAIL_ADDR_LABEL_MAX)
			return mail_addr_fail(e, s, "has a domain label "
			    "longer than 63 characters");
	}
}

int
mail_addr_check(const char *s, struct gb_err *e)
{
	const char *at, *why;
	size_t n = strlen(s);

	if (n == 0)
		return err_set(e, 0, 0, "address is empty");
	for (size_t i = 0; i < n; i++)
		if ((why = mail_addr_byte((unsigned char)s[i])) != NULL)
			return mail_addr_fail(e, s, why);
	if (n > MAIL_ADDR_MAX)
		return mail_addr_fail(e, s, "is longer than 254 characters");
	if ((at = strchr(s, '@')) == NULL)
		return mail_addr_fail(e, s, "has no '@'");
	if (strchr(at + 1, '@') != NULL)
		return mail_addr_fail(e, s, "has more than one '@'");
	if (mail_addr_local(s, at, e) == -1)
		return -1;
	return mail_addr_host(s, at + 1, e);
}

const char *
mail_addr_domain(const char *s)
{
	const char *at = strchr(s, '@');

	return at != NULL ? at + 1 : s + strlen(s);
}
