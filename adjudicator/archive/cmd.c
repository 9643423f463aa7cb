/* cmd.c - how every command says it failed: one line on stderr, through
 * the one escaping rule, and the exit status returned (cmd.h). */
#include <stdarg.h>
#include <stdio.h>

#include "archive/cmd.h"
#include "base/escape.h"

int
cmd_fail(int status, const char *fmt, ...)
{
	struct sbuf b, line;
	va_list ap;

	/* The one escaping rule (escape.h): a file name or a value quoted
	 * in the message cannot drive the terminal; one line. */
	sbuf_init(&b);
	va_start(ap, fmt);
	sbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	sbuf_init(&line);
	sbuf_puts(&line, "gunbai: ");
	escape_add(&line, b.p ? b.p : "", b.len, 0);
	sbuf_putc(&line, '\n');
	fwrite(line.p, 1, line.len, stderr);
	sbuf_free(&line);
	sbuf_free(&b);
	return status;
}

int
cmd_fail_err(int status, const struct gb_err *e)
{
	char buf[1200];

	err_format(e, buf, sizeof buf);
	return cmd_fail(status, "%s", buf);
}
