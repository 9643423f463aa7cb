/* outbox.h - the messages gunbai writes for the MTA, and the ledger of
 * those handed over (formats/mail.md, The outbox and its ledger).
 *
 *   DIR/outbox/SUB/NAME.eml   a message: SUB is a run's number (mail-out),
 *                             mail-in (replies), notices (reminders and
 *                             late notices), resend
 *   DIR/outbox/sent           the ledger: "sent SUB/NAME.eml SHA256", one
 *                             line per message the mail command took
 *
 * DIR is a game directory or a league directory.  A message is sent when
 * it is in no ledger line: never twice, and one whose sending failed is
 * tried again by the next command that sends. */
#ifndef GUNBAI_OUTBOX_H
#define GUNBAI_OUTBOX_H

#include <stddef.h>

#include "archive/gamedir.h"
#include "base/util.h"

#define OUTBOX_DIR GAMEDIR_OUTBOX
#define OUTBOX_LEDGER GAMEDIR_LEDGER
#define OUTBOX_SENDMAIL "/usr/sbin/sendmail -t" /* the default command */

/* Write the message bytes as DIR/outbox/SUB/PREFIX-NNNNNN-SHA.eml, NNNNNN
 * one more than the highest number there (so that sending in name order
 * sends in the order written) and SHA the first 24 hex digits of the
 * bytes' SHA-256; a message with the same bytes there already is not
 * written again (*had set).  rel gets "outbox/SUB/NAME".  0, or -1 with e
 * set. */
int outbox_put(const char *dir, const char *sub, const char *prefix,
    const char *bytes, size_t len, char *rel, size_t relsize, int *had,
    struct gb_err *e);

/* Hand every message of DIR/outbox that no ledger line names to the mail
 * command (run by /bin/sh -c with the message on its standard input), in
 * name order; each one the command takes (exit status 0) gets its ledger
 * line, flushed, before the next is sent.  One line of standard output
 * per message.  Returns the count of messages that failed (kept for the
 * next time), or -1 if the ledger cannot be read or written. */
int outbox_send(const char *dir, const char *command);

#endif
