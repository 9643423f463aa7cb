/* mail_addr.h - a player's or the organiser's mail address: one bare
 * RFC 5322 addr-spec, local@domain, checked before it goes in a state file
 * or a mail header (formats/mail.md, Addresses). */
#ifndef GUNBAI_MAIL_ADDR_H
#define GUNBAI_MAIL_ADDR_H

#include "base/util.h"

#define MAIL_ADDR_MAX 254  /* the whole address (RFC 5321's path limit) */
#define MAIL_ADDR_LOCAL_MAX 64
#define MAIL_ADDR_LABEL_MAX 63

/* Is s one address gunbai accepts: a dot-atom local part, '@', a domain
 * of dot-separated labels of letters, digits and '-'; printable ASCII
 * only, no display name, <>, comment, quoted string, domain literal, space
 * or second address; lengths within the limits above.  Returns 0, or -1
 * with e->msg saying what is wrong ("address 'x@' has no domain"); the
 * address is quoted escaped (escape.h), so a hostile one stays one line. */
int mail_addr_check(const char *s, struct gb_err *e);

/* The domain of an address mail_addr_check accepted (after its '@'). */
const char *mail_addr_domain(const char *s);

#endif
